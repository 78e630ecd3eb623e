import { spawnSync } from "node:child_process";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema, UPLOAD_TTL_HOURS } from "../../contract/images.ts";
import { testPhoto, tokenHeaders, upload } from "../testing/images.ts";
import { pngBomb } from "../testing/png-bomb.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createRateLimiter } from "../rate-limit/service.ts";
import { createRateLimitStore } from "../rate-limit/store.ts";

let server: TestServer;
let token: string;
let now = Date.now();

beforeAll(async () => {
  server = await startTestServer({ deps: { clock: () => now } });
  token = (await signInByCode(server, "uploader@example.com")).sessionToken;
});
afterAll(async () => server?.close());

const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

/** Sends a body of `size` bytes with a declared length and reports the status and how much the server read. */
function rawUpload(size: number): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const boundary = "----tfboundary";
    const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`);
    const url = new URL("/api/upload-temp-image", server.url);
    let sent = 0;
    const req = request(url, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, "content-length": String(head.length + size), ...tokenHeaders(token) },
    });
    req.on("response", (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, sent });
      req.destroy();
    });
    req.on("error", (err) => (sent > 0 ? undefined : reject(err)));
    req.write(head);
    const block = Buffer.alloc(1024 * 1024);
    const pump = () => {
      while (sent < size) {
        sent += block.length;
        if (!req.write(block)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

describe("POST /api/upload-temp-image", () => {
  it("keeps a sideways JPEG upright as a JPEG, drops its metadata, stores three variants and expires after 24 hours", async () => {
    // A 600×400 picture stored sideways with EXIF orientation 6 (rotate 90° clockwise) and a GPS-like comment.
    const sideways = await sharp(await testPhoto(400, 600, "jpeg"))
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "secret place" } } })
      .jpeg()
      .toBuffer();
    const res = await upload(server, token, sideways, "photo.jpg", "image/jpeg");
    expect(res.status).toBe(201);
    const { image } = imageResponseSchema.parse(await res.json());
    expect(image).toMatchObject({ kind: "upload", status: "ready", width: 600, height: 400 });
    const original = Buffer.from(await (await fetch(`${server.url}${image.urls?.original}`, { headers: tokenHeaders(token) })).arrayBuffer());
    const meta = await sharp(original).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 600, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const thumb = Buffer.from(await (await fetch(`${server.url}${image.urls?.thumb}`, { headers: tokenHeaders(token) })).arrayBuffer());
    expect(await sharp(thumb).metadata()).toMatchObject({ format: "webp", width: 384, height: 256 });

    // Uploads are temporary: a day later they are gone, files and all.
    now += UPLOAD_TTL_HOURS * 3600_000 + 1000;
    expect((await fetch(`${server.url}/api/images/${image.id}`, { headers: tokenHeaders(token) })).status).toBe(404);
    const { createImageService } = await import("./service.ts");
    const { createImageStore } = await import("./store.ts");
    const { createLocalDiskStorage } = await import("../storage/local-disk.ts");
    const storage = createLocalDiskStorage(server.config.filesDir);
    const { createLogger } = await import("../logger.ts");
    const sweeper = createImageService({
      store: createImageStore(server.database.db),
      storage,
      logger: createLogger(server.config),
      clock: () => now,
      rateLimiter: createRateLimiter({ store: createRateLimitStore(server.database), clock: () => now }),
      uploadLimits: server.config.uploads,
      lifecycle: server.services.images.lifecycle,
    });
    expect(await sweeper.sweepExpiredUploads()).toBe(1);
    expect(await storage.get(`images/${(await signInByCode(server, "uploader@example.com")).user.id}/${image.id}/original.jpg`)).toBeUndefined();
  });

  it("refuses a 21 MB upload with 413 before reading it all", async () => {
    const { status, sent } = await rawUpload(21 * 1024 * 1024);
    expect(status).toBe(413);
    console.log(`21 MB upload: 413 after ${(sent / 1024 / 1024).toFixed(0)} MB were written by the client`);
  });

  it("answers a 20000×20000 PNG bomb with 422, quickly", async () => {
    const bomb = pngBomb(20_000, 20_000);
    const started = performance.now();
    const res = await upload(server, token, bomb, "bomb.png");
    const ms = performance.now() - started;
    expect(res.status).toBe(422);
    expect(await codeOf(res)).toBe("unprocessable:image");
    console.log(`PNG bomb (${bomb.length} bytes claiming 400 MP): 422 in ${ms.toFixed(0)} ms`);
  });

  it("reads a PNG bomb within 300 MB of resident memory", () => {
    // A fresh process, so the figure is the decoder's and not the test runner's.
    const script = `
      import { processUpload } from "./server/images/processing.ts";
      import { pngBomb } from "./server/testing/png-bomb.ts";
      const before = process.memoryUsage().rss;
      try { await processUpload(pngBomb(20000, 20000)); console.log("accepted"); } catch (e) { console.log(e.code); }
      console.log(JSON.stringify({ before, maxRss: process.resourceUsage().maxRSS * 1024 }));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: fileURLToPath(new URL("../..", import.meta.url)), encoding: "utf8" });
    const [outcome, figures] = run.stdout.trim().split("\n");
    expect(outcome).toBe("unprocessable:image");
    const { maxRss } = JSON.parse(figures ?? "{}") as { maxRss: number };
    console.log(`PNG bomb: peak RSS of the whole process ${(maxRss / 1024 / 1024).toFixed(0)} MB`);
    expect(maxRss).toBeLessThan(300 * 1024 * 1024);
  });

  it("refuses what is not an image, or not a whole one", async () => {
    const jpeg = await testPhoto(640, 480, "jpeg");
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    const cases: [Buffer, string, string, number, string][] = [
      [truncated, "cut.jpg", "image/jpeg", 422, "unprocessable:image"],
      [html, "innocent.png", "image/png", 415, "unsupported_media_type:image"],
      [Buffer.from("GIF89a........"), "anim.gif", "image/gif", 415, "unsupported_media_type:image"],
      [Buffer.alloc(0), "empty.png", "image/png", 400, "invalid:upload"],
    ];
    for (const [bytes, name, type, status, code] of cases) {
      const res = await upload(server, token, bytes, name, type);
      expect({ name, status: res.status, code: await codeOf(res) }).toEqual({ name, status, code });
    }
    const json = await fetch(`${server.url}/api/upload-temp-image`, { method: "POST", headers: { "content-type": "application/json", ...tokenHeaders(token) }, body: "{}" });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append("note", "no file here");
    const noFile = await fetch(`${server.url}/api/upload-temp-image`, { method: "POST", headers: tokenHeaders(token), body: form });
    expect({ status: noFile.status, code: await codeOf(noFile) }).toEqual({ status: 400, code: "invalid:upload" });
    const anonymous = new FormData();
    anonymous.append("image", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "a.jpg");
    expect((await fetch(`${server.url}/api/upload-temp-image`, { method: "POST", body: anonymous })).status).toBe(401);
  });
});
