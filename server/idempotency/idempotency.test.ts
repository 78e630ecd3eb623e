import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDEMPOTENCY_WINDOW_MS } from "../../contract/idempotency.ts";
import { imageResponseSchema } from "../../contract/images.ts";
import { idempotencyKeys } from "../../db/schema/idempotency-keys.ts";
import { balanceOf, endEarlyBird, tokenHeaders } from "../testing/images.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { ABANDONED_AFTER_MS } from "./service.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;
// The app's clock, moved by the tests that cross the 24-hour window.
let now = Date.parse("2026-03-02T10:00:00Z");

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "100" }, deps: { clock: () => now } });
  await endEarlyBird(server);
});
afterAll(async () => {
  await server?.close();
});

let people = 0;
const someone = () => signInByCode(server, `idem${++people}@example.com`);

function generate(token: string, body: unknown, key?: string): Promise<Response> {
  return fetch(`${server.url}/api/generate-kontext-image`, {
    method: "POST",
    headers: { "content-type": "application/json", ...tokenHeaders(token), ...(key === undefined ? {} : { "Idempotency-Key": key }) },
    body: JSON.stringify(body),
  });
}

/** The generation charges on the user's ledger: one per image made. */
async function charges(token: string, userId: string) {
  return (await balanceOf(server, token, userId)).transactions.filter((t) => t.reason === "generation");
}

describe("Idempotency-Key on a paid POST", () => {
  itOnPostgres("20 identical requests at once with one key make one image, charge once and get 20 identical answers", async () => {
    const me = await someone();
    const answers = await Promise.all(Array.from({ length: 20 }, () => generate(me.sessionToken, { prompt: "One rush", seed: 7 }, "rush-key-0001")));
    const texts = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 202));
    expect(new Set(texts).size).toBe(1);
    const { image } = imageResponseSchema.parse(JSON.parse(texts[0] ?? ""));
    expect((await charges(me.sessionToken, me.user.id)).map((t) => t.ref)).toEqual([image.id]);
    expect(answers.filter((r) => r.headers.get("idempotent-replayed") === "true")).toHaveLength(19);
  });

  it("answers the same request again with the first answer, charging once", async () => {
    const me = await someone();
    const first = await generate(me.sessionToken, { prompt: "Twice", seed: 1 }, "same-key-0001");
    const again = await generate(me.sessionToken, { seed: 1, prompt: "Twice" }, "same-key-0001");
    expect(again.status).toBe(first.status);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("cache-control")).toBe("no-store");
    expect(await charges(me.sessionToken, me.user.id)).toHaveLength(1);
  });

  it("refuses the key with another body (422) and charges nothing for it", async () => {
    const me = await someone();
    expect((await generate(me.sessionToken, { prompt: "First body" }, "reused-key-01")).status).toBe(202);
    const before = await balanceOf(server, me.sessionToken, me.user.id);
    const other = await generate(me.sessionToken, { prompt: "Another body" }, "reused-key-01");
    expect(other.status).toBe(422);
    expect(await other.json()).toMatchObject({ code: "unprocessable:idempotency_key_reused" });
    const after = await balanceOf(server, me.sessionToken, me.user.id);
    expect(after.credits).toBe(before.credits);
    expect(after.transactions).toHaveLength(before.transactions.length);
  });

  it("keeps a key 24 hours on the app's clock: within them the same answer, after them a new request", async () => {
    const me = await someone();
    const first = imageResponseSchema.parse(await (await generate(me.sessionToken, { prompt: "Day one" }, "daily-key-001")).json()).image;
    now += IDEMPOTENCY_WINDOW_MS - 60_000;
    const late = imageResponseSchema.parse(await (await generate(me.sessionToken, { prompt: "Day one" }, "daily-key-001")).json()).image;
    expect(late.id).toBe(first.id);
    now += 2 * 60_000;
    const next = await generate(me.sessionToken, { prompt: "Day one" }, "daily-key-001");
    expect(next.status).toBe(202);
    expect(next.headers.get("idempotent-replayed")).toBeNull();
    const fresh = imageResponseSchema.parse(await next.json()).image;
    expect(fresh.id).not.toBe(first.id);
    expect((await charges(me.sessionToken, me.user.id)).map((t) => t.ref).sort()).toEqual([first.id, fresh.id].sort());
    // Past its window the key is also another body's to use, and housekeeping clears what has expired.
    now += IDEMPOTENCY_WINDOW_MS + 1;
    expect((await generate(me.sessionToken, { prompt: "Day three" }, "daily-key-001")).status).toBe(202);
    now += IDEMPOTENCY_WINDOW_MS + 1;
    await server.services.idempotency.purgeExpired(new Date(now));
    expect(await server.database.db.select().from(idempotencyKeys)).toEqual([]);
  });

  it("keeps each user's keys apart: another user's same key is a request of its own", async () => {
    const [ann, bob] = [await someone(), await someone()];
    const annImage = imageResponseSchema.parse(await (await generate(ann.sessionToken, { prompt: "Mine" }, "shared-key-01")).json()).image;
    const bobSame = await generate(bob.sessionToken, { prompt: "Mine" }, "shared-key-01");
    expect(bobSame.headers.get("idempotent-replayed")).toBeNull();
    const bobImage = imageResponseSchema.parse(await bobSame.json()).image;
    expect(bobImage.id).not.toBe(annImage.id);
    expect((await generate(bob.sessionToken, { prompt: "Not Ann's body" }, "other-key-01")).status).toBe(202);
    expect((await generate(ann.sessionToken, { prompt: "Different" }, "other-key-01")).status).toBe(202);
    expect(await charges(ann.sessionToken, ann.user.id)).toHaveLength(2);
    expect(await charges(bob.sessionToken, bob.user.id)).toHaveLength(2);
  });

  it("refuses a malformed key with 400 before any work, and runs requests without a key as before", async () => {
    const me = await someone();
    for (const key of ["short", "has space in it", "x".repeat(256), "naïve-key-123", "a,b,c,d,e,f,g"]) {
      const res = await generate(me.sessionToken, { prompt: "Bad key" }, key);
      expect(res.status, key).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid:idempotency_key" });
    }
    expect(await charges(me.sessionToken, me.user.id)).toHaveLength(0);
    const [a, b] = [await generate(me.sessionToken, { prompt: "No key" }), await generate(me.sessionToken, { prompt: "No key" })];
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(await charges(me.sessionToken, me.user.id)).toHaveLength(2);
  });

  it("lets a refusal go: after a 402 the same key runs again once the balance allows it", async () => {
    const me = await someone();
    await server.services.credits.applyIn(server.database.db, { userId: me.user.id, delta: -100, reason: "adjustment", ref: `drain-${me.user.id}` });
    const refused = await generate(me.sessionToken, { prompt: "Short of credits" }, "retry-key-001");
    expect(refused.status).toBe(402);
    await server.services.credits.applyIn(server.database.db, { userId: me.user.id, delta: 10, reason: "adjustment", ref: `top-up-${me.user.id}` });
    const retried = await generate(me.sessionToken, { prompt: "Short of credits" }, "retry-key-001");
    expect(retried.status).toBe(202);
    expect(await charges(me.sessionToken, me.user.id)).toHaveLength(1);
  });

  it("lets the same request take over a key whose request died in flight, five minutes on", async () => {
    const me = await someone();
    const first = imageResponseSchema.parse(await (await generate(me.sessionToken, { prompt: "Crashed" }, "crash-key-0001")).json()).image;
    // As a process that died between taking the key and storing the answer leaves it.
    await server.database.db.update(idempotencyKeys).set({ status: null, body: null }).where(eq(idempotencyKeys.key, "crash-key-0001"));
    now += ABANDONED_AFTER_MS + 1;
    expect((await generate(me.sessionToken, { prompt: "Another" }, "crash-key-0001")).status).toBe(422);
    const res = await generate(me.sessionToken, { prompt: "Crashed" }, "crash-key-0001");
    expect(res.status).toBe(202);
    expect(imageResponseSchema.parse(await res.json()).image.id).not.toBe(first.id);
    expect((await generate(me.sessionToken, { prompt: "Crashed" }, "crash-key-0001")).headers.get("idempotent-replayed")).toBe("true");
  });

  it("leaves a request without a session to the route (401), the key untouched", async () => {
    const res = await generate("not-a-session", { prompt: "Who?" }, "anon-key-0001");
    expect(res.status).toBe(401);
  });
});
