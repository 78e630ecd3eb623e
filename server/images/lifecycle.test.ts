import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImageStatus } from "../../contract/images.ts";
import type { ServerEventName } from "../../contract/realtime.ts";
import { type OpenDb, withTransaction } from "../../db/open-db.ts";
import { creditTransactions } from "../../db/schema/credit-transactions.ts";
import { type ImageRow, images } from "../../db/schema/images.ts";
import { createAuthStore } from "../auth/store.ts";
import { createCreditsService } from "../credits/service.ts";
import { AppError } from "../errors/app-error.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { openTestDb } from "../testing/test-db.ts";
import { createImageLifecycle, type ImageLifecycle } from "./lifecycle.ts";
import { createImageWrites } from "./store.ts";

let database: OpenDb;
let lifecycle: ImageLifecycle;
let credits: ReturnType<typeof createCreditsService>;
let userId: string;
const published: { event: ServerEventName; payload: unknown }[] = [];
const realtime: RealtimePublisher = { toUser: (_userId, event, payload) => void published.push({ event, payload }), disconnectSessions: () => {} };
const imageEvents = () => published.filter((p) => p.event !== "credits:update");
const files = { originalKey: "o", previewKey: "p", thumbKey: "t", width: 1280, height: 720, scene: null };
const failure = { error: "The provider refused this prompt.", errorCode: "unprocessable:provider_refused" };
const rolledBack = new Error("rolled back on purpose");

beforeAll(async () => {
  database = await openTestDb();
  credits = createCreditsService({ db: database.db, freeSignupCredits: 20, realtime });
  lifecycle = createImageLifecycle({ db: database.db, realtime, credits });
  const user = await createAuthStore(database.db).createUser("lifecycle@example.com", "en", (tx, id) => credits.grantSignupIn(tx, id));
  if (!user) throw new Error("user not created");
  userId = user.id;
});
afterAll(async () => database?.close());
beforeEach(() => void (published.length = 0));

/** An image of the user already in `status`, as if earlier moves had put it there (4 credits spent on it). */
const imageIn = (status: ImageStatus) => createImageWrites(database.db).insert({ userId, kind: "generated", status, prompt: `in ${status}`, creditsSpent: 4 });
const reread = async (id: string) => (await database.db.select().from(images).where(eq(images.id, id)))[0];
const refundsOf = async (id: string) => (await database.db.select().from(creditTransactions).where(eq(creditTransactions.ref, id))).filter((t) => t.reason === "refund");
const balance = async () => (await credits.balance(userId)) ?? 0;

describe("image lifecycle: legal moves", () => {
  it("creates pending images with their charge and their jobs in one transaction, announced only after the commit", async () => {
    const before = await balance();
    let seenInside = -1;
    const { rows, credits: left } = await lifecycle.createPending(userId, [{ kind: "generated", prompt: "a", creditsSpent: 3 }, { kind: "generated", prompt: "b", creditsSpent: 3 }], {
      chargeRef: "pack-legal",
      shortOfCredits: () => new AppError("insufficient_credits:generation", "short"),
      alsoIn: async () => void (seenInside = published.length),
    });
    expect(seenInside).toBe(0);
    expect(rows.map((r) => r.status)).toEqual(["pending", "pending"]);
    expect(left).toBe(before - 6);
    expect(await balance()).toBe(before - 6);
    expect(published).toEqual([
      { event: "credits:update", payload: { credits: before - 6 } },
      ...rows.map((row) => ({ event: "image:update", payload: { image: expect.objectContaining({ id: row.id, status: "pending" }) } })),
    ]);
  });

  it("writes nothing, charges nothing and announces nothing when the transaction rolls back or the balance is short", async () => {
    const before = await balance();
    const count = async () => (await database.db.select().from(images).where(eq(images.userId, userId))).length;
    const rowsBefore = await count();
    const draft = { kind: "generated" as const, prompt: "x", creditsSpent: 2 };
    const shortOfCredits = () => new AppError("insufficient_credits:generation", "short");
    await expect(lifecycle.createPending(userId, [draft], { shortOfCredits, alsoIn: () => Promise.reject(rolledBack) })).rejects.toBe(rolledBack);
    await expect(lifecycle.createPending(userId, [{ ...draft, creditsSpent: before + 1 }], { shortOfCredits, alsoIn: async () => {} })).rejects.toMatchObject({ code: "insufficient_credits:generation" });
    expect([await balance(), await count(), published]).toEqual([before, rowsBefore, []]);
  });

  it("starts a pending image and starts again one whose worker died, with progress that never goes back", async () => {
    const pending = await imageIn("pending");
    const started = await lifecycle.start(pending.id);
    expect(started?.row.status).toBe("running");
    started?.progress("queued", 2);
    started?.progress("layout", 40);
    started?.progress("queued", 10);
    const again = await lifecycle.start(pending.id);
    expect(again?.row.status).toBe("running");
    expect(imageEvents()).toEqual([
      { event: "image:update", payload: { image: expect.objectContaining({ id: pending.id, status: "running" }) } },
      { event: "image:progress", payload: { imageId: pending.id, stage: "queued", percent: 2 } },
      { event: "image:progress", payload: { imageId: pending.id, stage: "layout", percent: 40 } },
      { event: "image:update", payload: { image: expect.objectContaining({ id: pending.id, status: "running" }) } },
    ]);
  });

  it("finishes a running image in the job's transaction and announces it only once that commits", async () => {
    const lost = await imageIn("running");
    const undone = withTransaction(database.db, async (tx) => {
      expect(await lifecycle.finishIn(tx, lost.id, files)).toBeDefined();
      throw rolledBack;
    });
    await expect(undone).rejects.toBe(rolledBack);
    expect((await reread(lost.id))?.status).toBe("running");

    const running = await imageIn("running");
    const finished = await withTransaction(database.db, (tx) => lifecycle.finishIn(tx, running.id, files));
    expect(published).toEqual([]);
    finished?.announce();
    expect((await reread(running.id))?.status).toBe("ready");
    expect(published).toEqual([
      { event: "image:update", payload: { image: expect.objectContaining({ id: running.id, status: "ready" }) } },
      { event: "gallery:new", payload: { image: expect.objectContaining({ id: running.id, status: "ready" }) } },
    ]);
  });

  it("fails a pending or running image with its refund in the same transaction; a rolled-back failure refunds nothing", async () => {
    const kept = await imageIn("running");
    const before = await balance();
    await expect(
      withTransaction(database.db, async (tx) => {
        await lifecycle.failIn(tx, kept.id, failure);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect([(await reread(kept.id))?.status, await balance(), await refundsOf(kept.id)]).toEqual(["running", before, []]);

    for (const status of ["pending", "running"] as const) {
      published.length = 0;
      const image = await imageIn(status);
      const start = await balance();
      const failed = await withTransaction(database.db, (tx) => lifecycle.failIn(tx, image.id, failure));
      expect(failed?.refunded).toBe(true);
      expect(published).toEqual([]);
      failed?.announce();
      expect(await reread(image.id)).toMatchObject({ status: "failed", ...failure });
      expect(await balance()).toBe(start + 4);
      expect(published).toEqual([
        { event: "image:update", payload: { image: expect.objectContaining({ id: image.id, status: "failed" }) } },
        { event: "credits:update", payload: { credits: start + 4 } },
      ]);
    }
  });

  it("hands a running image back to pending", async () => {
    const running = await imageIn("running");
    expect((await lifecycle.requeue(running.id))?.status).toBe("pending");
    expect(imageEvents()).toEqual([{ event: "image:update", payload: { image: expect.objectContaining({ id: running.id, status: "pending" }) } }]);
  });

  it("adds uploads ready and unannounced, editor saves ready and in the gallery, and deletes finished images", async () => {
    const upload = await lifecycle.addUpload({ userId, bytes: 10 }, 1_000_000, new Date());
    expect(upload).toMatchObject({ kind: "upload", status: "ready" });
    expect(await lifecycle.addUpload({ userId, bytes: 2_000_000 }, 1_000_000, new Date())).toBeUndefined();
    expect(published).toEqual([]);
    const saved = await lifecycle.addReady({ userId, kind: "edited", prompt: "saved" });
    expect(saved.status).toBe("ready");
    expect(published).toEqual([{ event: "gallery:new", payload: { image: expect.objectContaining({ id: saved.id, status: "ready" }) } }]);

    for (const row of [saved, await imageIn("failed")]) {
      published.length = 0;
      let filesGone = false;
      await lifecycle.remove(row, async () => void (filesGone = true));
      expect([filesGone, await reread(row.id), published]).toEqual([true, undefined, [{ event: "image:deleted", payload: { imageId: row.id } }]]);
    }
    if (upload) await lifecycle.expireUpload(upload.id);
    expect(upload && (await reread(upload.id))).toBeUndefined();
  });
});

describe("image lifecycle: illegal moves are refused and change nothing", () => {
  type Attempt = (lifecycle: ImageLifecycle, row: ImageRow) => Promise<unknown>;
  const start: Attempt = (l, row) => l.start(row.id);
  const requeue: Attempt = (l, row) => l.requeue(row.id);
  const finish: Attempt = (l, row) => withTransaction(database.db, (tx) => l.finishIn(tx, row.id, files));
  const fail: Attempt = (l, row) => withTransaction(database.db, (tx) => l.failIn(tx, row.id, failure));
  const moves: [ImageStatus, ImageStatus, Attempt][] = [
    ["ready", "running", start],
    ["ready", "pending", requeue],
    ["ready", "failed", fail],
    ["ready", "ready", finish],
    ["failed", "running", start],
    ["failed", "ready", finish],
    ["failed", "pending", requeue],
    ["failed", "failed", fail],
    ["pending", "ready", finish],
    ["pending", "pending", requeue],
  ];

  it.each(moves)("%s → %s", async (from, _to, attempt) => {
    const row = await imageIn(from);
    const before = await balance();
    expect(await attempt(lifecycle, row)).toBeUndefined();
    expect(await reread(row.id)).toEqual(row);
    expect([await balance(), await refundsOf(row.id), published]).toEqual([before, [], []]);
  });

  it.each(["pending", "running"] as const)("%s → deleted", async (from) => {
    const row = await imageIn(from);
    let filesGone = false;
    await expect(lifecycle.remove(row, async () => void (filesGone = true))).rejects.toMatchObject({ code: "conflict:image_busy" });
    expect([filesGone, await reread(row.id), published]).toEqual([false, row, []]);
  });
});
