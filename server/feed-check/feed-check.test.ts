import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FeedCheck, feedCheckResponseSchema, feedFixResponseSchema } from "../../contract/feed-check.ts";
import { imageResponseSchema } from "../../contract/images.ts";
import { feedChecks } from "../../db/schema/feed-checks.ts";
import { images } from "../../db/schema/images.ts";
import type { ImageEngine } from "../generation/engine.ts";
import { createStudioEngine } from "../studio/engine.ts";
import { endEarlyBird, generate, settled, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// The feed check end to end (docs/product/feed-check.md): Studio thumbnails made by the real engine, a provider's
// pictures drawn here (the provider is the one outside part), the real OCR data, database and files.
let server: TestServer;

/** What the provider draws: its words in big bold type, where the prompt's marker says. */
function providerPicture(prompt: string): Promise<Buffer> {
  const words = prompt.includes("corner") ? "WIN BIG NOW" : "100 DAYS OF CODNIG";
  const text = prompt.includes("corner")
    ? `<text x="1270" y="705" text-anchor="end" font-family="DejaVu Sans" font-weight="bold" font-size="96" fill="#ffffff">${words}</text>`
    : `<text x="640" y="330" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="104" fill="#ffffff">${words}</text>`;
  return sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="1280" height="720" fill="#1d3557"/>${text}</svg>`))
    .png()
    .toBuffer();
}

const provider: ImageEngine = {
  id: "gpt-image",
  async generate(input) {
    return { png: await providerPicture(input.prompt), width: 1280, height: 720, scene: null };
  },
};

beforeAll(async () => {
  const env = { OPENAI_API_KEY: "sk-test", FREE_SIGNUP_CREDITS: "60" };
  server = await startTestServer({ env, deps: { engines: new Map<string, ImageEngine>([["studio", createStudioEngine()], ["gpt-image", provider]]) } });
  await endEarlyBird(server);
});
afterAll(async () => server?.close());

async function made(token: string, body: unknown): Promise<string> {
  const res = await generate(server, token, body);
  expect(res.status).toBe(202);
  const { image } = imageResponseSchema.parse(await res.json());
  expect((await settled(server, token, image.id, 60_000)).status).toBe("ready");
  return image.id;
}

async function check(token: string, id: string): Promise<{ status: number; check?: FeedCheck }> {
  const res = await fetch(`${server.url}/api/images/${id}/check`, { method: "POST", headers: tokenHeaders(token) });
  if (res.status !== 200) return { status: res.status };
  return { status: 200, check: feedCheckResponseSchema.parse(await res.json()).check };
}

function fix(token: string, id: string, finding: string, idempotencyKey?: string): Promise<Response> {
  const headers = { "content-type": "application/json", ...tokenHeaders(token), ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}) };
  return fetch(`${server.url}/api/images/${id}/fix`, { method: "POST", headers, body: JSON.stringify({ finding }) });
}

const at = (c: FeedCheck, size: string) => c.sizes.find((s) => s.size === size && s.theme === "dark")!;

describe("a Studio thumbnail whose headline is too small for the phone's search list", () => {
  it("fails at 168×94 with a bigger-headline fix, and passes once the fix is made", async () => {
    const { user, sessionToken } = await signInByCode(server, "feed-small@example.com");
    const first = await made(sessionToken, { prompt: 'thumbnail "100 DAYS OF CODING"' });
    // Shrunk twice by the real edit path to about a third of its fitted size: capitals about 50 px tall in the 1280 px
    // original, under 7 px at 168 px wide.
    let id = first;
    for (const headlineScale of [0.5, 0.7]) {
      const outcome = await server.services.generation.requestEdit(user.id, { imageId: id, instruction: "smaller headline", changes: { headlineScale } });
      if (outcome.kind !== "queued") throw new Error("the edit changed nothing");
      id = outcome.image.id;
      expect((await settled(server, sessionToken, id, 60_000)).status).toBe("ready");
    }
    const before = (await check(sessionToken, id)).check!;
    expect(before.method).toBe("ocr");
    expect(before.headline).toBe("100 DAYS OF CODING");
    expect(at(before, "mobile-search").reads).toBe(false);
    expect(at(before, "mobile-search").capHeight).toBeLessThan(8);
    expect(before.readsOnPhones).toBe(false);
    const small = before.findings.find((f) => f.id === "small-headline");
    expect(small).toMatchObject({ severity: "fail", fix: { id: "bigger-headline", changes: { headlineScale: 2 } } });
    expect(small?.sizes).toContain("mobile-search");

    const res = await fix(sessionToken, id, "small-headline");
    expect(res.status).toBe(202);
    const body = feedFixResponseSchema.parse(await res.json());
    if (!("image" in body)) throw new Error("the fix was not queued");
    // The new version keeps its parent's prompt for the gallery, not the instruction the model was given.
    expect(body.image.prompt).toBe("smaller headline");
    expect((await settled(server, sessionToken, body.image.id, 60_000)).status).toBe("ready");
    const after = (await check(sessionToken, body.image.id)).check!;
    expect(at(after, "mobile-search").reads).toBe(true);
    expect(after.readsOnPhones).toBe(true);
    expect(after.findings.map((f) => f.id)).not.toContain("small-headline");
  }, 240_000);
});

describe("a provider's picture", () => {
  it("is flagged misread when the model spelt the headline its prompt quotes wrong", async () => {
    const { sessionToken } = await signInByCode(server, "feed-misread@example.com");
    const id = await made(sessionToken, { prompt: 'a thumbnail that says "100 DAYS OF CODING"', model: "gpt-image" });
    const result = (await check(sessionToken, id)).check!;
    expect(result.headline).toBe("100 DAYS OF CODING");
    expect(result.method).toBe("ocr");
    expect(result.ocrLanguage).toBe("eng");
    const misread = result.findings.find((f) => f.id === "misread");
    expect(misread?.severity).toBe("fail");
    expect(String(misread?.details.misread)).toContain("CODNIG");
    expect(misread?.details.expected).toBe("CODING");
    expect(misread?.fix).toEqual({ id: "text-layer", changes: { headline: "100 DAYS OF CODING" } });
  }, 120_000);

  it("is flagged under-badge when its words sit where the duration badge is drawn", async () => {
    const { sessionToken } = await signInByCode(server, "feed-badge@example.com");
    const id = await made(sessionToken, { prompt: 'the words "WIN BIG NOW" in the corner', model: "gpt-image" });
    const result = (await check(sessionToken, id)).check!;
    const under = result.findings.find((f) => f.id === "under-badge");
    expect(under).toMatchObject({ details: { what: "headline" } });
    expect(Number(under?.details.overlap)).toBeGreaterThanOrEqual(0.2);
    expect(under?.sizes.length).toBeGreaterThan(0);
  }, 120_000);
});

describe("the check's answer", () => {
  it("is the same figures when made again, kept under its key, and only its owner's", async () => {
    const { sessionToken } = await signInByCode(server, "feed-owner@example.com");
    const id = await made(sessionToken, { prompt: 'thumbnail "MY TRIP TO JAPAN"' });
    const first = (await check(sessionToken, id)).check!;
    // A second request is answered from the table: the very same result, checkedAt and all.
    expect((await check(sessionToken, id)).check).toEqual(first);
    const rows = await server.database.db.select().from(feedChecks).where(eq(feedChecks.imageId, id));
    expect(rows).toHaveLength(1);
    // Made again from scratch, every figure is the same.
    await server.database.db.delete(feedChecks).where(eq(feedChecks.imageId, id));
    const again = (await check(sessionToken, id)).check!;
    expect(again.checkedAt).not.toBe(first.checkedAt);
    expect({ ...again, checkedAt: "" }).toEqual({ ...first, checkedAt: "" });

    const stranger = await signInByCode(server, "feed-stranger@example.com");
    expect((await check(stranger.sessionToken, id)).status).toBe(404);
    expect((await fix(stranger.sessionToken, id, "small-headline")).status).toBe(404);
    // A finding the check does not have is refused.
    expect(first.findings.map((f) => f.id)).not.toContain("near-identical");
    expect((await fix(sessionToken, id, "near-identical")).status).toBe(422);
  }, 120_000);

  it("suggests a new hook when the title repeats the headline, checked again once the title changes", async () => {
    const { sessionToken } = await signInByCode(server, "feed-title@example.com");
    const id = await made(sessionToken, { prompt: 'thumbnail about learning to code "100 DAYS OF CODING"' });
    // A title that says something else, then one that says what the headline says.
    await server.database.db.update(images).set({ title: "My first year as a developer" }).where(eq(images.id, id));
    expect((await check(sessionToken, id)).check?.findings.map((f) => f.id)).not.toContain("repeats-title");
    await server.database.db.update(images).set({ title: "I tried 100 days of coding" }).where(eq(images.id, id));
    const result = (await check(sessionToken, id)).check!;
    expect(result.title).toBe("I tried 100 days of coding");
    const repeats = result.findings.find((f) => f.id === "repeats-title");
    expect(repeats?.severity).toBe("warn");
    const hook = String(repeats?.details.hook);
    expect(hook).not.toBe("");
    expect(repeats?.fix).toEqual({ id: "new-hook", changes: { headline: hook } });
  }, 120_000);

  it("queues one edit for a fix sent twice with the same Idempotency-Key, as the web's retry does", async () => {
    const { sessionToken } = await signInByCode(server, "feed-retry@example.com");
    const id = await made(sessionToken, { prompt: 'thumbnail about learning to code "100 DAYS OF CODING"' });
    await server.database.db.update(images).set({ title: "I tried 100 days of coding" }).where(eq(images.id, id));
    const key = "feed-fix-retry-1";
    const first = await fix(sessionToken, id, "repeats-title", key);
    expect(first.status).toBe(202);
    const again = await fix(sessionToken, id, "repeats-title", key);
    expect(again.status).toBe(202);
    const [a, b] = [feedFixResponseSchema.parse(await first.json()), feedFixResponseSchema.parse(await again.json())];
    if (!("image" in a) || !("image" in b)) throw new Error("the fix was not queued");
    expect(b.image.id).toBe(a.image.id);
    expect(await server.database.db.select({ id: images.id }).from(images).where(eq(images.parentId, id))).toHaveLength(1);
    // The new version keeps the creator's prompt; the instruction was the model's alone.
    expect(a.image.prompt).toBe('thumbnail about learning to code "100 DAYS OF CODING"');
  }, 120_000);
});
