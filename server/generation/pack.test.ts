import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ImageRecord, PACK_MAX_FILE_BYTES, type Pack, packResponseSchema } from "../../contract/images.ts";
import { images } from "../../db/schema/images.ts";
import { jobs } from "../../db/schema/jobs.ts";
import { AppError } from "../errors/app-error.ts";
import { createStudioEngine } from "../studio/engine.ts";
import { balanceOf, endEarlyBird, settled, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import type { GenerateInput, ImageEngine } from "./engine.ts";

/** The three variants must differ by at least this mean absolute difference per channel (0–255) between any two. */
const MIN_MEAN_DIFFERENCE = 20;

let server: TestServer;
const studio = createStudioEngine();
const received: GenerateInput[] = [];
let releaseSlow: () => void = () => undefined;
const slowGate = new Promise<void>((resolve) => (releaseSlow = resolve));

// The real Studio engine, recording what reached it; a prompt can ask it to fail its second variant or to wait.
const engine: ImageEngine = {
  id: "studio",
  async generate(input) {
    received.push(input);
    if (input.prompt.includes("[fail b]") && input.variant === 1) throw new AppError("unavailable:provider", "The engine broke.");
    if (input.prompt.includes("[slow]")) await slowGate;
    return studio.generate(input);
  },
};

beforeAll(async () => {
  server = await startTestServer({ env: { FREE_SIGNUP_CREDITS: "10" }, deps: { engines: new Map([["studio", engine]]) } });
  await endEarlyBird(server);
});
afterAll(async () => {
  releaseSlow();
  await server?.close();
});

function generatePack(token: string, body: unknown): Promise<Response> {
  return fetch(`${server.url}/api/generate-pack`, {
    method: "POST",
    headers: { "content-type": "application/json", ...tokenHeaders(token) },
    body: JSON.stringify(body),
  });
}

async function packOf(res: Response): Promise<Pack> {
  expect(res.status).toBe(202);
  return packResponseSchema.parse(await res.json()).pack;
}

const imagesOf = (userId: string) => server.database.db.select().from(images).where(eq(images.userId, userId));

/** Mean absolute difference per channel between two pictures of one size, 0–255. */
async function meanDifference(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer()));
  if (!x || !y || x.length !== y.length) throw new Error("pictures of different sizes");
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs((x[i] ?? 0) - (y[i] ?? 0));
  return sum / x.length;
}

describe("POST /api/generate-pack", () => {
  it("charges three images once, with the three rows and jobs; makes three different 1280×720 variants; zips them", async () => {
    const { user, sessionToken } = await signInByCode(server, "pack@example.com");
    const pack = await packOf(await generatePack(sessionToken, { prompt: '"I tried 100 days of coding"', style: "cartoon", seed: 1234 }));
    expect(pack.images).toHaveLength(3);
    for (const image of pack.images) {
      expect(image).toMatchObject({ status: "pending", kind: "generated", aspect: "16:9", style: "cartoon", model: "studio", creditsSpent: 1, packId: pack.id });
    }

    // One ledger row for the three, under the pack's id.
    const statement = await balanceOf(server, sessionToken, user.id);
    expect(statement.credits).toBe(7);
    expect(statement.transactions.filter((t) => t.reason === "generation").map((t) => [t.delta, t.ref])).toEqual([[-3, pack.id]]);
    const rows = await imagesOf(user.id);
    expect(rows.map((r) => r.packVariant).sort()).toEqual([0, 1, 2]);
    const queued = await server.database.db.select().from(jobs);
    expect(queued.filter((j) => rows.some((r) => (j.payload as { imageId?: string }).imageId === r.id)).map((j) => (j.payload as { variant?: number }).variant).sort()).toEqual([0, 1, 2]);

    const done = await Promise.all(pack.images.map((image) => settled(server, sessionToken, image.id)));
    expect(done.map((i) => i.status)).toEqual(["ready", "ready", "ready"]);
    // Each variant reached the engine with its number and a seed of its own, derived from the pack's.
    const inputs = received.filter((i) => i.prompt === '"I tried 100 days of coding"');
    expect(inputs.map((i) => i.variant).sort()).toEqual([0, 1, 2]);
    expect(new Set(inputs.map((i) => i.seed)).size).toBe(3);
    expect(inputs.every((i) => i.aspect === "16:9")).toBe(true);

    const read = await fetch(`${server.url}/api/packs/${pack.id}`, { headers: tokenHeaders(sessionToken) });
    expect(read.status).toBe(200);
    const again = packResponseSchema.parse(await read.json()).pack;
    expect(again.images.map((i) => i.id)).toEqual(pack.images.map((i) => i.id));
    expect(again.images.every((i) => i.status === "ready" && i.urls !== null)).toBe(true);

    const zip = await fetch(`${server.url}/api/packs/${pack.id}/zip`, { headers: tokenHeaders(sessionToken) });
    expect(zip.status).toBe(200);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    expect(zip.headers.get("content-disposition")).toBe(`attachment; filename="thumbforge-pack-${pack.id.slice(0, 8)}.zip"`);
    const entries = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(["a.png", "b.png", "c.png"]);
    const files = Object.keys(entries)
      .sort()
      .map((name) => Buffer.from(entries[name] ?? new Uint8Array()));
    for (const file of files) {
      expect(file.length).toBeLessThan(PACK_MAX_FILE_BYTES);
      expect(await sharp(file).metadata()).toMatchObject({ format: "png", width: 1280, height: 720 });
    }
    // Variant A in the zip is variant A's original, byte for byte.
    const originalA = await fetch(`${server.url}${again.images[0]?.urls?.original}`, { headers: tokenHeaders(sessionToken) });
    expect(Buffer.from(await originalA.arrayBuffer()).equals(files[0] ?? Buffer.alloc(0))).toBe(true);

    const [a, b, c] = files as [Buffer, Buffer, Buffer];
    const differences = await Promise.all([meanDifference(a, b), meanDifference(a, c), meanDifference(b, c)]);
    console.log(`A/B pack mean absolute pixel differences (0–255): A–B ${differences[0]?.toFixed(1)}, A–C ${differences[1]?.toFixed(1)}, B–C ${differences[2]?.toFixed(1)}; sizes ${files.map((f) => f.length).join(", ")} bytes`);
    for (const difference of differences) expect(difference).toBeGreaterThan(MIN_MEAN_DIFFERENCE);

    // The same pack seed makes the same three seeds again.
    const repeat = await packOf(await generatePack(sessionToken, { prompt: "same seed again", seed: 1234 }));
    await Promise.all(repeat.images.map((image) => settled(server, sessionToken, image.id)));
    const repeatSeeds = received.filter((i) => i.prompt === "same seed again").map((i) => [i.variant, i.seed]).sort();
    expect(repeatSeeds).toEqual(inputs.map((i) => [i.variant, i.seed]).sort());
  });

  it("refuses a pack the balance cannot cover with a clear sentence, and makes and charges nothing", async () => {
    const { user, sessionToken } = await signInByCode(server, "short@example.com");
    await server.services.credits.apply({ userId: user.id, delta: -8, reason: "generation", ref: randomUUID() });
    const res = await generatePack(sessionToken, { prompt: "three for two" });
    expect(res.status).toBe(402);
    const body = (await res.json()) as { code: string; error: string };
    expect(body.code).toBe("insufficient_credits:generation");
    expect(body.error).toBe("An A/B pack of 3 thumbnails with Thumbforge Studio costs 3 credits (1 each), and you have 2. Top up or pick a cheaper model.");
    expect(await imagesOf(user.id)).toEqual([]);
    expect((await balanceOf(server, sessionToken, user.id)).credits).toBe(2);
  });

  it("makes all three or none when two packs race for a balance that covers one", async () => {
    const { user, sessionToken } = await signInByCode(server, "race@example.com");
    await server.services.credits.apply({ userId: user.id, delta: -5, reason: "generation", ref: randomUUID() });
    const answers = await Promise.all([generatePack(sessionToken, { prompt: "race one" }), generatePack(sessionToken, { prompt: "race two" })]);
    expect(answers.map((r) => r.status).sort()).toEqual([202, 402]);
    const made = await imagesOf(user.id);
    expect(made).toHaveLength(3);
    expect(new Set(made.map((r) => r.packId)).size).toBe(1);
    const winner = answers.find((r) => r.status === 202);
    const pack = await packOf(winner as Response);
    await Promise.all(pack.images.map((image) => settled(server, sessionToken, image.id)));
    expect((await balanceOf(server, sessionToken, user.id)).credits).toBe(2);
  });

  it("refunds a failed variant alone, and will not zip a pack with a failed variant", async () => {
    const { user, sessionToken } = await signInByCode(server, "failb@example.com");
    const pack = await packOf(await generatePack(sessionToken, { prompt: "a pack whose [fail b] breaks" }));
    const done = await Promise.all(pack.images.map((image) => settled(server, sessionToken, image.id)));
    expect(done.map((i) => i.status)).toEqual(["ready", "failed", "ready"]);
    const failed = done[1] as ImageRecord;
    const statement = await balanceOf(server, sessionToken, user.id);
    expect(statement.credits).toBe(8);
    expect(statement.transactions.filter((t) => t.reason === "refund").map((t) => [t.delta, t.ref])).toEqual([[1, failed.id]]);
    const zip = await fetch(`${server.url}/api/packs/${pack.id}/zip`, { headers: tokenHeaders(sessionToken) });
    expect(zip.status).toBe(409);
    expect(((await zip.json()) as { code: string }).code).toBe("conflict:pack_not_ready");
  });

  it("answers 409 for the zip while a variant is still being made", async () => {
    const { sessionToken } = await signInByCode(server, "slow@example.com");
    const pack = await packOf(await generatePack(sessionToken, { prompt: "a [slow] pack" }));
    const zip = await fetch(`${server.url}/api/packs/${pack.id}/zip`, { headers: tokenHeaders(sessionToken) });
    expect(zip.status).toBe(409);
    const body = (await zip.json()) as { code: string; error: string };
    expect(body).toEqual({ code: "conflict:pack_not_ready", error: "This pack is still being made. Download it when all three thumbnails are ready." });
    releaseSlow();
    await Promise.all(pack.images.map((image) => settled(server, sessionToken, image.id)));
    expect((await fetch(`${server.url}/api/packs/${pack.id}/zip`, { headers: tokenHeaders(sessionToken) })).status).toBe(200);
  });

  it("shows a pack and its zip to its owner only: someone else's, a missing and a malformed id are the same 404", async () => {
    const owner = await signInByCode(server, "owner-pack@example.com");
    const stranger = await signInByCode(server, "stranger-pack@example.com");
    const pack = await packOf(await generatePack(owner.sessionToken, { prompt: "mine alone" }));
    await Promise.all(pack.images.map((image) => settled(server, owner.sessionToken, image.id)));
    const bodies: unknown[] = [];
    for (const path of [`/api/packs/${pack.id}`, `/api/packs/${pack.id}/zip`, `/api/packs/${randomUUID()}/zip`, "/api/packs/not-a-uuid/zip", "/api/packs/not-a-uuid"]) {
      const res = await fetch(`${server.url}${path}`, { headers: tokenHeaders(stranger.sessionToken) });
      expect(res.status, path).toBe(404);
      bodies.push(await res.json());
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(bodies[0]).toEqual({ code: "not_found:pack", error: "That pack does not exist." });
    expect((await fetch(`${server.url}/api/packs/${pack.id}/zip`)).status).toBe(401);
    // An image id is not a pack id.
    expect((await fetch(`${server.url}/api/packs/${pack.images[0]?.id}`, { headers: tokenHeaders(owner.sessionToken) })).status).toBe(404);
  });

  it("refuses bad input and a non-JSON body, charging nothing", async () => {
    const { user, sessionToken } = await signInByCode(server, "badpack@example.com");
    const cases: [unknown, number, string][] = [
      [{ prompt: "" }, 400, "invalid:body"],
      [{ prompt: "x", seed: -1 }, 400, "invalid:body"],
      [{ prompt: "x", model: "dall-e-9" }, 400, "invalid:model"],
      [{ prompt: "x", model: "gpt-image" }, 409, "not_configured:model"],
      [{ prompt: "x", personaIds: [randomUUID()] }, 404, "not_found:persona"],
      [{ prompt: "x", baseImageId: randomUUID() }, 404, "not_found:image"],
    ];
    for (const [body, status, code] of cases) {
      const res = await generatePack(sessionToken, body);
      expect({ body, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({ body, status, code });
    }
    const notJson = await fetch(`${server.url}/api/generate-pack`, { method: "POST", headers: { "content-type": "text/plain", ...tokenHeaders(sessionToken) }, body: "x" });
    expect(notJson.status).toBe(415);
    expect((await balanceOf(server, sessionToken, user.id)).credits).toBe(10);
    expect(await imagesOf(user.id)).toEqual([]);
  });
});
