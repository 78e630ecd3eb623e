import sharp from "sharp";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageDetailResponseSchema, imageResponseSchema } from "../../contract/images.ts";
import { createPersonaStore } from "../personas/store.ts";
import { personaKey } from "../storage/keys.ts";
import { createLocalDiskStorage } from "../storage/local-disk.ts";
import { balanceOf, endEarlyBird, generate, openSocket, settled, tokenHeaders, upload, testPhoto } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { startWireServer, type WireServer } from "../testing/wire-server.ts";
import { loadConfig } from "../config.ts";
import type { GenerateInput, ImageEngine } from "./engine.ts";
import { createStudioEngine } from "../studio/engine.ts";
import { createProviderEngines } from "./providers/provider-engines.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";

let server: TestServer;
let openai: WireServer;
const sockets: Socket[] = [];
// The real Studio engine, with what each call received kept, so the test can see what reached the engine.
const studioInputs: GenerateInput[] = [];
const studio = createStudioEngine();
const recordingStudio: ImageEngine = {
  id: studio.id,
  generate: (input) => {
    studioInputs.push(input);
    return studio.generate(input);
  },
};

beforeAll(async () => {
  // OpenAI's images endpoint, broken: every call answers HTTP 500 (the real engine, the real wire format).
  openai = await startWireServer((_req, res) => res.writeHead(500, { "content-type": "application/json" }).end('{"error":{"message":"boom"}}'));
  const env = { OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: `${openai.url}/v1`, FREE_SIGNUP_CREDITS: "10" };
  const providers = createProviderEngines(loadConfig({ NODE_ENV: "test", ...env }, "test").imageProviders);
  server = await startTestServer({ env, deps: { engines: new Map([["studio", recordingStudio], ...providers]) } });
  await endEarlyBird(server);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await server?.close();
  await openai?.close();
});

async function addPersona(userId: string, name: string) {
  const store = createPersonaStore(server.database.db);
  const row = await store.insert({ userId, name, handle: name.toLowerCase(), role: "artist", cutoutKey: "pending" });
  const key = personaKey(userId, row.id, "cutout");
  const circle = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="600"><ellipse cx="200" cy="300" rx="150" ry="260" fill="#e11d48"/></svg>`);
  await createLocalDiskStorage(server.config.filesDir).put(key, await sharp(circle).png().toBuffer());
  const { personas } = await import("../../db/schema/personas.ts");
  const { eq } = await import("drizzle-orm");
  await server.database.db.update(personas).set({ cutoutKey: key }).where(eq(personas.id, row.id));
  return row.id;
}

describe("POST /api/generate-kontext-image", () => {
  it("charges, queues, reports progress to every tab, stores three variants and serves them only to the owner", async () => {
    const { user, sessionToken } = await signInByCode(server, "maker@example.com");
    const tabs = await Promise.all([openSocket(server, sessionToken), openSocket(server, sessionToken)]);
    sockets.push(...tabs);
    const seen = tabs.map(() => ({ percents: [] as number[], credits: [] as number[], gallery: [] as string[] }));
    tabs.forEach((tab, i) => {
      tab.on("image:progress", (p: { percent: number }) => seen[i]?.percents.push(p.percent));
      tab.on("credits:update", (c: { credits: number }) => seen[i]?.credits.push(c.credits));
      tab.on("gallery:new", (g: { image: { id: string } }) => seen[i]?.gallery.push(g.image.id));
    });
    const personaId = await addPersona(user.id, "Mia");

    const res = await generate(server, sessionToken, { prompt: 'cartoon thumbnail "I tried 100 days of coding"', style: "cartoon", personaIds: [personaId], seed: 7 });
    expect(res.status).toBe(202);
    const { image } = imageResponseSchema.parse(await res.json());
    expect(image).toMatchObject({ status: "pending", kind: "generated", model: "studio", style: "cartoon", aspect: "16:9", creditsSpent: 1, urls: null });

    const done = await settled(server, sessionToken, image.id);
    expect(done.status).toBe("ready");
    expect(done).toMatchObject({ width: 1280, height: 720 });
    for (const tab of seen) {
      expect(tab.percents.length).toBeGreaterThan(3);
      expect(tab.percents).toEqual([...tab.percents].sort((a, b) => a - b));
      expect(tab.percents.at(-1)).toBe(100);
      expect(tab.credits).toEqual([9]);
      expect(tab.gallery).toEqual([image.id]);
    }

    const original = await fetch(`${server.url}${done.urls?.original}`, { headers: tokenHeaders(sessionToken) });
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toBe("image/png");
    expect(original.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    expect(original.headers.get("x-content-type-options")).toBe("nosniff");
    expect(original.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(original.headers.get("content-disposition")).toBeNull();
    expect(await sharp(Buffer.from(await original.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 1280, height: 720 });
    const thumb = await fetch(`${server.url}${done.urls?.thumb}`, { headers: tokenHeaders(sessionToken) });
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 384, height: 216 });
    const preview = await fetch(`${server.url}${done.urls?.preview}`, { headers: tokenHeaders(sessionToken) });
    expect(await sharp(Buffer.from(await preview.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 1280 });
    const download = await fetch(`${server.url}${done.urls?.download}`, { headers: tokenHeaders(sessionToken) });
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="thumbforge-[0-9a-f]{8}\.png"$/);

    // The record comes with the scene the Studio engine drew: its composition and each art layer with its reason.
    const detail = imageDetailResponseSchema.parse(await (await fetch(`${server.url}/api/images/${image.id}`, { headers: tokenHeaders(sessionToken) })).json());
    expect(detail.image).toEqual(done);
    expect(detail.scene).toMatchObject({ version: 1, engine: "studio", style: "cartoon", composition: expect.any(String), subjects: [expect.objectContaining({ name: "Mia" })] });
    expect(detail.scene?.art).toContainEqual(expect.objectContaining({ id: "laptop", word: "coding", role: "object" }));

    const stranger = await signInByCode(server, "stranger@example.com");
    for (const path of [`/api/images/${image.id}`, done.urls?.original, done.urls?.thumb]) {
      const res = await fetch(`${server.url}${path}`, { headers: tokenHeaders(stranger.sessionToken) });
      expect(res.status).toBe(404);
    }
    expect((await fetch(`${server.url}${done.urls?.thumb}`)).status).toBe(401);

    const statement = await balanceOf(server, sessionToken, user.id);
    expect(statement.credits).toBe(9);
    expect(statement.transactions).toContainEqual(expect.objectContaining({ delta: -1, reason: "generation", ref: image.id }));
    // The statement's thumbnail is the record's own URL, cached for good like the gallery's.
    expect(statement.transactions).toContainEqual(expect.objectContaining({ ref: image.id, image: expect.objectContaining({ thumb: done.urls?.thumb }) }));
    expect((await fetch(`${server.url}/api/users/${user.id}/credits`, { headers: tokenHeaders(stranger.sessionToken) })).status).toBe(403);

    const gallery = await fetch(`${server.url}/api/users/${user.id}/gallery`, { headers: tokenHeaders(sessionToken) });
    expect(((await gallery.json()) as { images: { id: string }[] }).images.map((i) => i.id)).toEqual([image.id]);
  });

  itOnPostgres("lets exactly 10 of 20 concurrent 1-credit generations through on a balance of 10; the rest get 402", async () => {
    const { user, sessionToken } = await signInByCode(server, "rush@example.com");
    expect((await balanceOf(server, sessionToken, user.id)).credits).toBe(10);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => generate(server, sessionToken, { prompt: `Rush ${i}`, seed: i })));
    const statuses = answers.map((r) => r.status);
    console.log(`20 concurrent generations on 10 credits: ${statuses.filter((s) => s === 202).length} accepted, ${statuses.filter((s) => s === 402).length} refused`);
    expect(statuses.filter((s) => s === 202)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(10);
    const refused = await Promise.all(answers.filter((r) => r.status === 402).map((r) => r.json() as Promise<{ code: string }>));
    expect(new Set(refused.map((b) => b.code))).toEqual(new Set(["insufficient_credits:generation"]));
    const accepted = await Promise.all(answers.filter((r) => r.status === 202).map(async (r) => imageResponseSchema.parse(await r.json()).image));
    const finished = await Promise.all(accepted.map((i) => settled(server, sessionToken, i.id, 60_000)));
    expect(finished.every((i) => i.status === "ready")).toBe(true);
    const statement = await balanceOf(server, sessionToken, user.id);
    expect(statement.credits).toBe(0);
    expect(statement.transactions.reduce((sum, t) => sum + t.delta, 0)).toBe(0);
  });

  it("refunds a provider failure exactly once and says why", async () => {
    const { user, sessionToken } = await signInByCode(server, "refund@example.com");
    const socket = await openSocket(server, sessionToken);
    sockets.push(socket);
    const failed = new Promise<{ image: { status: string; errorCode: string | null } }>((resolve) =>
      socket.on("image:update", (u: { image: { status: string; errorCode: string | null } }) => u.image.status === "failed" && resolve(u)),
    );
    const calls = openai.requests.length;
    const res = await generate(server, sessionToken, { prompt: "A provider that breaks", model: "gpt-image" });
    expect(res.status).toBe(202);
    const { image } = imageResponseSchema.parse(await res.json());
    const done = await settled(server, sessionToken, image.id);
    expect(done).toMatchObject({ status: "failed", errorCode: "unavailable:provider", urls: null });
    expect((await failed).image.errorCode).toBe("unavailable:provider");
    expect(openai.requests.slice(calls).map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v1/images/generations"]);
    await server.jobs.recover(true);
    const statement = await balanceOf(server, sessionToken, user.id);
    expect(statement.credits).toBe(10);
    expect(statement.transactions.filter((t) => t.ref === image.id).map((t) => [t.reason, t.delta]).sort()).toEqual([
      ["generation", -6],
      ["refund", 6],
    ]);
    // The failed image stays in the gallery with why and what it cost (refunded), so its tile survives a reload.
    const gallery = await fetch(`${server.url}/api/users/${user.id}/gallery`, { headers: tokenHeaders(sessionToken) });
    const listed = ((await gallery.json()) as { images: { id: string; status: string; errorCode: string | null; creditsSpent: number; urls: unknown }[] }).images;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: image.id, status: "failed", errorCode: "unavailable:provider", creditsSpent: 6, urls: null });
  });

  it("refuses bad requests with clear errors and charges nothing", async () => {
    const { user, sessionToken } = await signInByCode(server, "badinput@example.com");
    const other = await signInByCode(server, "owner@example.com");
    const theirPersona = await addPersona(other.user.id, "Theirs");
    const mine = await Promise.all(["A", "B", "C", "D"].map((n) => addPersona(user.id, `Me${n}`)));
    const theirUpload = await upload(server, other.sessionToken, await testPhoto(64, 64));
    const theirImage = imageResponseSchema.parse(await theirUpload.json()).image.id;

    const cases: [unknown, number, string][] = [
      [{ prompt: "x", model: "dall-e-9" }, 400, "invalid:model"],
      [{ prompt: "x", model: "flux-kontext-pro" }, 409, "not_configured:model"],
      [{ prompt: "x", personaIds: mine }, 400, "invalid:body"],
      [{ prompt: "x", personaIds: [theirPersona] }, 404, "not_found:persona"],
      [{ prompt: "x", baseImageId: theirImage }, 404, "not_found:image"],
      [{ prompt: "x".repeat(2001) }, 400, "invalid:body"],
      [{ prompt: "   " }, 400, "invalid:body"],
      [{ prompt: "x", style: "baroque" }, 400, "invalid:body"],
      [{ prompt: "x", aspect: "4:3" }, 400, "invalid:body"],
      [{ prompt: "x", seed: -1 }, 400, "invalid:body"],
      [{ prompt: "x", model: "gemini-pro-image", personaIds: [mine[0]] }, 409, "not_configured:model"],
    ];
    for (const [body, status, code] of cases) {
      const res = await generate(server, sessionToken, body);
      expect({ body, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({ body, status, code });
    }
    const conflict = await generate(server, sessionToken, { prompt: "x", model: "flux-kontext-max" });
    const conflictError = ((await conflict.json()) as { error: string }).error;
    expect(conflictError).toContain("not available on this server");
    expect(conflictError).not.toMatch(/BFL_API_KEY|FAL_KEY|REPLICATE_API_TOKEN/);
    const notJson = await fetch(`${server.url}/api/generate-kontext-image`, { method: "POST", headers: { "content-type": "text/plain", ...tokenHeaders(sessionToken) }, body: "x" });
    expect(notJson.status).toBe(415);
    expect((await generate(server, "", { prompt: "x" })).status).toBe(401);
    expect((await balanceOf(server, sessionToken, user.id)).credits).toBe(10);
  });

  it("starts from the user's own upload as the base image", async () => {
    const { sessionToken } = await signInByCode(server, "base@example.com");
    const uploaded = await upload(server, sessionToken, await testPhoto(800, 600, "jpeg"), "me.jpg", "image/jpeg");
    const base = imageResponseSchema.parse(await uploaded.json()).image;
    const res = await generate(server, sessionToken, { prompt: "On location", baseImageId: base.id, style: "vintage", aspect: "1:1", seed: 4242 });
    expect(res.status).toBe(202);
    const done = await settled(server, sessionToken, imageResponseSchema.parse(await res.json()).image.id);
    expect(done).toMatchObject({ status: "ready", width: 1080, height: 1080 });

    // The engine got the base image's stored bytes: the upload's own picture, 800 × 600.
    const received = studioInputs.filter((i) => i.seed === 4242);
    expect(received).toHaveLength(1);
    const baseBytes = received[0]?.baseImage;
    if (!baseBytes) throw new Error("the engine received no base image");
    const stored = await fetch(`${server.url}${base.urls?.original}`, { headers: tokenHeaders(sessionToken) });
    expect(stored.status).toBe(200);
    expect(baseBytes.equals(Buffer.from(await stored.arrayBuffer()))).toBe(true);
    expect(await sharp(baseBytes).metadata()).toMatchObject({ width: 800, height: 600 });
    expect(received[0]?.aspect).toBe("1:1");
    // Without a base image the engine gets none.
    expect(studioInputs.filter((i) => i.seed !== 4242).every((i) => i.baseImage === undefined)).toBe(true);
  });
});
