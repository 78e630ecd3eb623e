import { readdir } from "node:fs/promises";
import { connect } from "node:net";
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images } from "../../db/schema/images.ts";
import { testPhoto, upload } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

const BOUNDARY = "----tf-fuzz-boundary";

/** A whole multipart body holding one file part. */
function multipartBody(file: Buffer, options: { filename?: string; boundary?: string; extraHeader?: string } = {}): Buffer {
  const boundary = options.boundary ?? BOUNDARY;
  const filename = options.filename ?? "photo.png";
  const head = `--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="${filename}"\r\n${options.extraHeader ?? ""}content-type: image/png\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, "utf8"), file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}

/**
 * Sends exact bytes over a raw socket (fetch would repair a broken body) and answers the status the server gave,
 * or 0 when it closed without one. Content-Length matches the bytes sent, so the request itself is complete.
 */
function rawPost(server: TestServer, token: string, body: Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`, extraHeaders = ""): Promise<number> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("the server gave no answer"));
    }, 20_000);
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(chunks).toString("latin1"))?.[1];
      resolve(status ? Number(status) : 0);
    });
    const head =
      `POST /api/upload-temp-image HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-session-token: ${token}\r\n` +
      `content-type: ${contentType}\r\ncontent-length: ${body.length}\r\nconnection: close\r\n${extraHeaders}\r\n`;
    // No half-close: the request is complete by its Content-Length, and the server closes after its answer.
    socket.write(head);
    socket.write(body);
  });
}

let server: TestServer;
let token: string;
let userId: string;
let photo: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  const signedIn = await signInByCode(server, "fuzzer@example.com");
  token = signedIn.sessionToken;
  userId = signedIn.user.id;
  photo = await testPhoto(320, 200, "png");
});
afterAll(async () => server?.close());

async function leftoverTempFiles(): Promise<string[]> {
  return readdir(server.config.uploads.tempDir).catch(() => []);
}

async function storedImages(): Promise<number> {
  const [row] = await server.database.db.select({ n: count() }).from(images).where(and(eq(images.userId, userId)));
  return row?.n ?? 0;
}

async function stillServing(): Promise<void> {
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
}

describe("a broken multipart upload is that request's problem only", () => {
  it("answers 400 to a body that ends inside the file part, and the server keeps serving", async () => {
    const whole = multipartBody(photo);
    const head = whole.indexOf("\r\n\r\n") + 4;
    // A boundary, the part headers and the first bytes of the PNG, then the end of the request.
    const cut = whole.subarray(0, head + 64);
    expect(await rawPost(server, token, cut)).toBe(400);
    await stillServing();
    expect(await leftoverTempFiles()).toEqual([]);
  });

  it("answers every malformed upload with a 4xx, stores nothing and leaves no temp file", async () => {
    const before = await storedImages();
    const whole = multipartBody(photo);
    const statuses: { name: string; status: number }[] = [];
    const send = async (name: string, body: Buffer, contentType?: string, extraHeaders?: string) => {
      statuses.push({ name, status: await rawPost(server, token, body, contentType, extraHeaders) });
    };

    // The valid upload cut at 48 offsets from its first byte to just before its last.
    for (let i = 0; i < 48; i++) {
      const at = Math.floor((i / 48) * (whole.length - 1));
      await send(`cut at ${at}`, whole.subarray(0, at));
    }
    await send("wrong boundary", multipartBody(photo, { boundary: "----another-one" }));
    await send("no boundary", whole, "multipart/form-data");
    await send("empty boundary", whole, "multipart/form-data; boundary=");
    const manyParts = Array.from({ length: 1000 }, (_, i) => `--${BOUNDARY}\r\ncontent-disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join("");
    await send("1,000 parts", Buffer.from(`${manyParts}--${BOUNDARY}--\r\n`));
    await send("1 MB part header", multipartBody(photo, { extraHeader: `x-padding: ${"a".repeat(1024 * 1024)}\r\n` }));
    await send("1 MB request header", whole, undefined, `x-padding: ${"a".repeat(1024 * 1024)}\r\n`);
    await send("NUL in the file name", multipartBody(photo, { filename: "photo\u0000.png" }));
    await send("../ in the file name", multipartBody(photo, { filename: "../../etc/passwd.png" }));
    await send("right-to-left override in the file name", multipartBody(photo, { filename: "photo\u202egnp.exe" }));
    await send("left-to-right mark in the file name", multipartBody(photo, { filename: "\u200ephoto.png" }));

    const notClientErrors = statuses.filter((s) => s.status < 400 || s.status >= 500);
    expect(notClientErrors).toEqual([]);
    await stillServing();
    expect(await leftoverTempFiles()).toEqual([]);
    expect(await storedImages()).toBe(before);
    console.log(`multipart fuzz: ${statuses.length} malformed uploads, all answered 4xx`);
  });

  it("still takes a whole upload after all that", async () => {
    const res = await upload(server, token, photo);
    expect(res.status).toBe(201);
    expect(await leftoverTempFiles()).toEqual([]);
  });
});

describe("per-account upload limits", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ env: { UPLOAD_CONCURRENCY_PER_USER: "1", UPLOAD_QUOTA_MB: "1" } });
  });
  afterAll(async () => limited?.close());

  const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

  it("refuses a second upload while the first is still arriving, then takes one again", async () => {
    const { sessionToken } = await signInByCode(limited, "slow@example.com");
    const { port } = new URL(limited.url);
    // The first upload sends its headers and a little of its body, then waits.
    const slow = connect(Number(port), "127.0.0.1");
    slow.on("error", () => undefined);
    const body = multipartBody(photo);
    slow.write(
      `POST /api/upload-temp-image HTTP/1.1\r\nHost: 127.0.0.1\r\nx-session-token: ${sessionToken}\r\n` +
        `content-type: multipart/form-data; boundary=${BOUNDARY}\r\ncontent-length: ${body.length}\r\n\r\n`,
    );
    slow.write(body.subarray(0, 400));
    // Its file appears in the temp folder once it holds the account's one slot.
    for (let i = 0; i < 100 && (await readdir(limited.config.uploads.tempDir).catch(() => [])).length === 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const second = await upload(limited, sessionToken, photo);
    expect(second.status).toBe(429);
    expect(await codeOf(second)).toBe("rate_limited:upload_concurrency");
    expect(second.headers.get("retry-after")).toMatch(/^\d+$/);

    // The client gives up: its slot comes back.
    slow.destroy();
    let third: Response | undefined;
    for (let i = 0; i < 50; i++) {
      third = await upload(limited, sessionToken, photo);
      if (third.status !== 429) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(third?.status).toBe(201);
  });

  it("refuses uploads past the hourly count with 429 and Retry-After", async () => {
    const counted = await startTestServer({ env: { UPLOADS_PER_USER_PER_HOUR: "4" } });
    const { sessionToken } = await signInByCode(counted, "busy@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await upload(counted, sessionToken, photo)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const refused = await upload(counted, sessionToken, photo);
    await counted.close();
    expect(await codeOf(refused)).toBe("rate_limited:upload");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses uploads past the temporary-storage quota with 413, and counts only what is stored", async () => {
    const { sessionToken, user } = await signInByCode(limited, "hoarder@example.com");
    // Noise does not compress: each of these keeps a few hundred kB on disk.
    const noisy = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#777", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await upload(limited, sessionToken, noisy, "noisy.jpg", "image/jpeg")).status);
    expect(statuses).toContain(413);
    const refused = await upload(limited, sessionToken, noisy, "noisy.jpg", "image/jpeg");
    expect(refused.status).toBe(413);
    expect(await codeOf(refused)).toBe("payload_too_large:upload_quota");
    const rows = await limited.database.db.select({ bytes: images.bytes }).from(images).where(eq(images.userId, user.id));
    expect(rows.reduce((sum, r) => sum + r.bytes, 0)).toBeLessThanOrEqual(1024 * 1024);
    expect(rows.length).toBe(statuses.filter((s) => s === 201).length);
  });
});
