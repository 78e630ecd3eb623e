import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_KITS_PER_USER } from "../../contract/style-kits.ts";
import { styleKits as styleKitsTable } from "../../db/schema/style-kits.ts";
import { AppError } from "../errors/app-error.ts";
import { imageResponseSchema } from "../../contract/images.ts";
import { tokenHeaders, upload } from "../testing/images.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { drawStyleThumbnail, orangeLeft } from "../testing/style-thumbnails.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import type { LearnDeps } from "./learn.ts";
import { createLearnPool, createStyleKitService } from "./service.ts";

// The learning service's limits (decision 041): a bounded pool per process, a request that goes away, the kit limit
// under parallel learns, and stored kits that fail their schema. OCR answers with no words, opened by a gate.
let server: TestServer;
let imageId: string;
let userId: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  const user = await signInByCode(server, "kit-limits@example.com");
  userId = user.user.id;
  token = user.sessionToken;
  const res = await upload(server, token, await drawStyleThumbnail(orangeLeft[0] as (typeof orangeLeft)[number]), "thumb.png");
  imageId = imageResponseSchema.parse(await res.json()).image.id;
});
afterAll(async () => server?.close());

function gated() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let reads = 0;
  const learn: LearnDeps = {
    readText: async () => {
      reads++;
      await gate;
      return { text: "", words: [] };
    },
  };
  return { learn, open, reads: () => reads };
}

function service(learn: LearnDeps, pool = createLearnPool()) {
  const { images, rateLimiter, logger } = server.services;
  return createStyleKitService({ db: server.database.db, images, rateLimiter, logger, learn, learnPool: pool });
}

const kitsOf = async (id: string) => (await server.database.db.select().from(styleKitsTable)).filter((k) => k.userId === id).length;
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 10));
};

describe("learning a style kit", () => {
  it("answers 503 unavailable:style_kit_busy when the process's pool is full", async () => {
    const { learn, open, reads } = gated();
    const pool = createLearnPool(1, 1);
    let turns = 0;
    const kits = service(learn, (work) => {
      turns++;
      return pool(work);
    });
    const first = kits.create(userId, { name: "First", imageIds: [imageId] });
    await until(() => reads() > 0);
    const waiting = kits.create(userId, { name: "Waiting", imageIds: [imageId] });
    await until(() => turns === 2);
    const third = await kits.create(userId, { name: "Third", imageIds: [imageId] }).catch((e: unknown) => e);
    expect(third).toBeInstanceOf(AppError);
    expect((third as AppError).code).toBe("unavailable:style_kit_busy");
    expect((third as AppError).status).toBe(503);
    open();
    expect((await waiting).name).toBe("Waiting");
    expect((await first).name).toBe("First");
  });

  it("stores nothing for a request that was aborted", async () => {
    const { learn, open, reads } = gated();
    const before = await kitsOf(userId);
    const aborted = new AbortController();
    const pending = service(learn).create(userId, { name: "Gone", imageIds: [imageId] }, aborted.signal).catch((e: unknown) => e);
    await until(() => reads() > 0);
    aborted.abort(new Error("the client went away"));
    open();
    expect(await pending).toBeInstanceOf(Error);
    expect(await kitsOf(userId)).toBe(before);
  });

  it("keeps one kit for a repeated Idempotency-Key", { timeout: 60_000 }, async () => {
    const before = await kitsOf(userId);
    const send = () =>
      fetch(`${server.url}/api/style-kits`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": "kit-once-1", ...tokenHeaders(token) },
        body: JSON.stringify({ name: "Once", imageIds: [imageId] }),
      });
    const a = await send();
    const b = await send();
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(((await b.json()) as { kit: { id: string } }).kit.id).toBe(((await a.json()) as { kit: { id: string } }).kit.id);
    expect(await kitsOf(userId)).toBe(before + 1);
  });

  it("skips a stored kit that fails its schema in the list, and answers 500 for reading it", async () => {
    const [bad] = await server.database.db.insert(styleKitsTable).values({ userId, name: "Damaged", kit: { palette: [] } as never, sourceImageIds: [imageId] }).returning();
    const list = await fetch(`${server.url}/api/style-kits`, { headers: tokenHeaders(token) });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { kits: { id: string }[] }).kits.map((k) => k.id)).not.toContain(bad?.id);
    const read = await fetch(`${server.url}/api/style-kits/${bad?.id}`, { headers: tokenHeaders(token) });
    expect(read.status).toBe(500);
    await server.database.db.delete(styleKitsTable).where((await import("drizzle-orm")).eq(styleKitsTable.id, bad?.id ?? ""));
  });

  itOnPostgres("keeps the kit limit when kits are learned at once", async () => {
    const racer = await signInByCode(server, "kit-racer@example.com");
    const own = await upload(server, racer.sessionToken, await drawStyleThumbnail(orangeLeft[1] as (typeof orangeLeft)[number]), "thumb.png");
    const ownImage = imageResponseSchema.parse(await own.json()).image.id;
    const kit = (await server.database.db.select().from(styleKitsTable).limit(1))[0]?.kit;
    await server.database.db.insert(styleKitsTable).values(
      Array.from({ length: MAX_KITS_PER_USER - 1 }, (_, i) => ({ userId: racer.user.id, name: `Kit ${i}`, kit: kit as never, sourceImageIds: [ownImage] })),
    );
    const { learn, open, reads } = gated();
    const kits = service(learn);
    const both = [0, 1].map((i) => kits.create(racer.user.id, { name: `Racer ${i}`, imageIds: [ownImage] }).catch((e: unknown) => e));
    await until(() => reads() >= 2);
    open();
    const results = await Promise.all(both);
    expect(results.filter((r) => r instanceof AppError && r.code === "conflict:style_kit_limit")).toHaveLength(1);
    expect(await kitsOf(racer.user.id)).toBe(MAX_KITS_PER_USER);
  });
});
