import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPORT_FORMAT_HEADER, EXPORT_YOUTUBE_MAX_BYTES, exportsResponseSchema } from "../../contract/exports.ts";
import { imageResponseSchema } from "../../contract/images.ts";
import { createPersonaStore } from "../personas/store.ts";
import { createLocalDiskStorage } from "../storage/local-disk.ts";
import { personaKey } from "../storage/keys.ts";
import { generate, settled, tokenHeaders, upload } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Exports (docs/product/images.md, Exports; decision 037), through the real routes, database, files and renderer.
let server: TestServer;
let owner: { token: string };
let stranger: { token: string };
let studioId: string;
let noiseId: string;
let noisePng: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signInByCode(server, "exports@example.com");
  owner = { token: signedIn.sessionToken };
  stranger = { token: (await signInByCode(server, "exports-stranger@example.com")).sessionToken };
  const personaId = await addPersona(signedIn.user.id, "Mia");
  const res = await generate(server, owner.token, { prompt: 'cartoon thumbnail "I tried 100 days of coding"', style: "cartoon", personaIds: [personaId], seed: 7 });
  const { image } = imageResponseSchema.parse(await res.json());
  expect((await settled(server, owner.token, image.id)).status).toBe("ready");
  studioId = image.id;
  // The worst case for YouTube's limit: every pixel random, which no PNG can compress.
  noisePng = await sharp(randomPixels(1280, 720), { raw: { width: 1280, height: 720, channels: 3 } }).png().toBuffer();
  const uploaded = await upload(server, owner.token, noisePng, "noise.png");
  expect(uploaded.status).toBe(201);
  noiseId = imageResponseSchema.parse(await uploaded.json()).image.id;
}, 90_000);
afterAll(async () => server?.close());

function randomPixels(width: number, height: number): Buffer {
  const out = Buffer.alloc(width * height * 3);
  // xorshift32: a fixed seed, so the same noise every run.
  let state = 2463534242;
  for (let i = 0; i < out.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    out[i] = state & 0xff;
  }
  return out;
}

async function addPersona(userId: string, name: string): Promise<string> {
  const store = createPersonaStore(server.database.db);
  const row = await store.insert({ userId, name, handle: name.toLowerCase(), role: "artist", cutoutKey: "pending" });
  const key = personaKey(userId, row.id, "cutout");
  const shape = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1200"><ellipse cx="400" cy="600" rx="300" ry="520" fill="#e11d48"/><circle cx="400" cy="360" r="90" fill="#fde047"/></svg>`);
  await createLocalDiskStorage(server.config.filesDir).put(key, await sharp(shape).png().toBuffer());
  const { personas } = await import("../../db/schema/personas.ts");
  const { eq } = await import("drizzle-orm");
  await server.database.db.update(personas).set({ cutoutKey: key }).where(eq(personas.id, row.id));
  return row.id;
}

function get(path: string, token = owner.token): Promise<Response> {
  return fetch(`${server.url}${path}`, { headers: tokenHeaders(token) });
}

async function bytes(res: Response): Promise<Buffer> {
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function sizeOf(file: Buffer): Promise<{ width?: number | undefined; height?: number | undefined; format?: string | undefined }> {
  const { width, height, format } = await sharp(file).metadata();
  return { width, height, format };
}

/** Greyscale pixels of a picture, optionally resized first. */
async function grey(file: Buffer, width?: number, height?: number, kernel: "lanczos3" | "cubic" = "lanczos3"): Promise<{ data: Buffer; width: number; height: number }> {
  const pipeline = sharp(file).greyscale();
  if (width && height) pipeline.resize(width, height, { kernel });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean absolute Laplacian: how much of a picture is edges finer than a few pixels. */
function edgeEnergy(image: { data: Buffer; width: number; height: number }): number {
  const { data, width, height } = image;
  let sum = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      sum += Math.abs(4 * (data[i] ?? 0) - (data[i - 1] ?? 0) - (data[i + 1] ?? 0) - (data[i - width] ?? 0) - (data[i + width] ?? 0));
    }
  }
  return sum / ((width - 2) * (height - 2));
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe("exports of a Studio image", () => {
  it("offers every export with its size and a file name from the headline", async () => {
    const body = exportsResponseSchema.parse(await (await get(`/api/images/${studioId}/exports`)).json());
    expect(body.zipName).toBe("i-tried-100-days-of-coding-exports.zip");
    expect(body.exports.map((e) => [e.kind, e.available, e.width, e.height])).toEqual([
      ["youtube", true, 1280, 720],
      ["master", true, 3840, 2160],
      ["9x16", true, 1080, 1920],
      ["1x1", true, 1080, 1080],
      ["16x9", true, 1280, 720],
    ]);
  });

  it("answers YouTube's file at 1280×720 under 2 MB, as a PNG when the PNG fits", async () => {
    const res = await get(`/api/images/${studioId}/export/youtube`);
    const file = await bytes(res);
    expect(await sizeOf(file)).toEqual({ width: 1280, height: 720, format: "png" });
    expect(file.length).toBeLessThan(EXPORT_YOUTUBE_MAX_BYTES);
    expect(res.headers.get(EXPORT_FORMAT_HEADER)).toBe("png");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="i-tried-100-days-of-coding-1280x720.png"; filename*=UTF-8''i-tried-100-days-of-coding-1280x720.png`);
  });

  it("draws the 4K master from the scene: it matches the 1280 render scaled down, and is sharper than that render scaled up", async () => {
    const original = await bytes(await get(`/api/images/${studioId}/original`));
    const res = await get(`/api/images/${studioId}/export/master`);
    const master = await bytes(res);
    expect(await sizeOf(master)).toEqual({ width: 3840, height: 2160, format: "png" });
    expect(res.headers.get("content-disposition")).toContain("i-tried-100-days-of-coding-3840x2160.png");

    // The same picture: scaled down to 1280 it lies within a few levels of the 1280 render, everywhere on average.
    const down = await grey(master, 1280, 720);
    const small = await grey(original);
    expect(meanDifference(down.data, small.data)).toBeLessThan(6);

    // Not an upscale: the headline's and the drawing's edges are drawn at 4K, so far more of the master is fine edges
    // than of the 1280 render blown up to 3840 (a plain upscale has no detail finer than the 1280 pixels it came from).
    const upscaled = edgeEnergy(await grey(original, 3840, 2160));
    const drawn = edgeEnergy(await grey(master));
    expect(drawn).toBeGreaterThan(upscaled * 1.5);
  }, 60_000);

  it("lays the scene out again for Shorts and square, and answers its own frame as the 16:9 file", async () => {
    expect(await sizeOf(await bytes(await get(`/api/images/${studioId}/export/9x16`)))).toEqual({ width: 1080, height: 1920, format: "png" });
    expect(await sizeOf(await bytes(await get(`/api/images/${studioId}/export/1x1`)))).toEqual({ width: 1080, height: 1080, format: "png" });
    const wide = await bytes(await get(`/api/images/${studioId}/export/16x9`));
    expect(wide.equals(await bytes(await get(`/api/images/${studioId}/original`)))).toBe(true);
  }, 60_000);

  it("zips every export under the headline's name", async () => {
    const res = await get(`/api/images/${studioId}/export.zip`);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain("filename*=UTF-8''i-tried-100-days-of-coding-exports.zip");
    const files = unzipSync(new Uint8Array(await bytes(res)));
    expect(Object.keys(files).sort()).toEqual([
      "i-tried-100-days-of-coding-1080x1080.png",
      "i-tried-100-days-of-coding-1080x1920.png",
      "i-tried-100-days-of-coding-1280x720.png",
      "i-tried-100-days-of-coding-3840x2160.png",
    ]);
    expect(await sizeOf(Buffer.from(files["i-tried-100-days-of-coding-3840x2160.png"] ?? []))).toMatchObject({ width: 3840, height: 2160 });
  }, 90_000);

  it("answers another account's image like a missing one", async () => {
    for (const path of [`/api/images/${studioId}/exports`, `/api/images/${studioId}/export/master`, `/api/images/${studioId}/export.zip`]) {
      const res = await get(path, stranger.token);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("not_found:image");
    }
  });

  it("answers an unknown kind with a 404", async () => {
    expect((await get(`/api/images/${studioId}/export/8k`)).status).toBe(404);
  });
});

describe("exports of a picture without a scene", () => {
  it("makes a noisy picture that is over 2 MB as a PNG into a JPEG under 2 MB, at 1280×720", async () => {
    expect(noisePng.length).toBeGreaterThan(EXPORT_YOUTUBE_MAX_BYTES);
    const res = await get(`/api/images/${noiseId}/export/youtube`);
    const file = await bytes(res);
    expect(await sizeOf(file)).toEqual({ width: 1280, height: 720, format: "jpeg" });
    expect(file.length).toBeLessThanOrEqual(EXPORT_YOUTUBE_MAX_BYTES);
    expect(res.headers.get(EXPORT_FORMAT_HEADER)).toBe("jpeg");
    expect(res.headers.get("content-disposition")).toMatch(/-1280x720\.jpg"/);
  });

  it("offers no master and no re-layout, and says why; asked anyway, the answer is a 422, never an upscale", async () => {
    const body = exportsResponseSchema.parse(await (await get(`/api/images/${noiseId}/exports`)).json());
    expect(body.exports.filter((e) => !e.available).map((e) => [e.kind, e.reason])).toEqual([
      ["master", "no_scene"],
      ["9x16", "no_scene"],
      ["1x1", "no_scene"],
      ["16x9", "no_scene"],
    ]);
    const res = await get(`/api/images/${noiseId}/export/master`);
    expect(res.status).toBe(422);
    const error = (await res.json()) as { code: string; error: string };
    expect(error.code).toBe("unprocessable:no_scene");
    expect(error.error).toMatch(/Studio scene/);
  });

  it("zips only YouTube's file", async () => {
    const files = unzipSync(new Uint8Array(await bytes(await get(`/api/images/${noiseId}/export.zip`))));
    expect(Object.keys(files)).toHaveLength(1);
    expect(Object.keys(files)[0]).toMatch(/-1280x720\.jpg$/);
  });
});

describe("exports of a Studio image whose persona is gone", () => {
  it("offers no master and says the parts are missing", async () => {
    const { user, sessionToken } = await signInByCode(server, "exports-gone@example.com");
    const personaId = await addPersona(user.id, "Zed");
    const made = imageResponseSchema.parse(await (await generate(server, sessionToken, { prompt: 'cartoon thumbnail "gone tomorrow"', style: "cartoon", personaIds: [personaId], seed: 2 })).json());
    expect((await settled(server, sessionToken, made.image.id)).status).toBe("ready");
    const deleted = await fetch(`${server.url}/api/personas/${personaId}`, { method: "DELETE", headers: tokenHeaders(sessionToken) });
    expect(deleted.status).toBeLessThan(300);
    const body = exportsResponseSchema.parse(await (await get(`/api/images/${made.image.id}/exports`, sessionToken)).json());
    expect(body.exports.find((e) => e.kind === "master")).toMatchObject({ available: false, reason: "parts_missing" });
    const res = await get(`/api/images/${made.image.id}/export/master`, sessionToken);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: string }).error).toMatch(/persona or the base photo/);
  }, 60_000);
});

describe("the hourly limit", () => {
  it("answers 429 rate_limited:export past 120 exports an hour, counted before anything is read or rendered", async () => {
    const busy = (await signInByCode(server, "exports-busy@example.com")).sessionToken;
    for (let i = 0; i < 12; i++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => get(`/api/images/${studioId}/export/master`, busy)));
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(404));
    }
    const res = await get(`/api/images/${studioId}/export.zip`, busy);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { code: string }).code).toBe("rate_limited:export");
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
