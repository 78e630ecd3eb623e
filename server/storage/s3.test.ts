import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema } from "../../contract/images.ts";
import { generate, settled, tokenHeaders } from "../testing/images.ts";
import { startS3Server, type TestS3Server } from "../testing/s3-server.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { imageKey, newImageVersion, videoKey } from "./keys.ts";
import { createS3Storage, type S3StorageOptions } from "./s3.ts";

let s3: TestS3Server;
let options: S3StorageOptions;

beforeAll(async () => {
  s3 = await startS3Server();
  options = {
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  };
});
afterAll(async () => s3?.close());

const newKey = () => imageKey(randomUUID(), randomUUID(), "original", newImageVersion());
/** Every byte value, and more than one network chunk. */
const binary = () => Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 31 + (i >> 8)) % 256));

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe("S3 storage", () => {
  it("puts and gets binary bytes unchanged", async () => {
    const storage = createS3Storage(options);
    const key = newKey();
    const bytes = binary();
    await storage.put(key, bytes);
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
  });

  it("opens a stream of the same bytes with its size", async () => {
    const storage = createS3Storage(options);
    const key = newKey();
    const bytes = binary();
    await storage.put(key, bytes);
    const opened = await storage.open(key);
    expect(opened?.size).toBe(bytes.length);
    expect((await readAll(opened!.stream)).equals(bytes)).toBe(true);
  });

  it("streams a file into an object (putFile), byte for byte, and leaves the file in place", async () => {
    const storage = createS3Storage(options);
    const dir = mkdtempSync(join(tmpdir(), "tf-s3-putfile-"));
    try {
      const path = join(dir, "source.video");
      // Several MB: more than one chunk of a read stream, as a video is.
      const bytes = Buffer.concat(Array.from({ length: 30 }, binary));
      writeFileSync(path, bytes);
      const key = videoKey(randomUUID(), randomUUID(), "source");
      await storage.putFile(key, path);
      expect((await storage.get(key))?.equals(bytes)).toBe(true);
      expect(existsSync(path)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers undefined for a missing key, and deleting twice is fine", async () => {
    const storage = createS3Storage(options);
    const key = newKey();
    expect(await storage.get(key)).toBeUndefined();
    expect(await storage.open(key)).toBeUndefined();
    await storage.put(key, Buffer.from("x"));
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
  });

  it("throws on other errors: a missing bucket is not an empty store", async () => {
    const storage = createS3Storage({ ...options, bucket: "no-such-bucket" });
    await expect(storage.get(newKey())).rejects.toMatchObject({ name: "NoSuchBucket" });
  });

  it("refuses a key that is not a storage key before any request", async () => {
    // Nothing listens on port 1: a request would fail with a connection error, not with the key check's message.
    const storage = createS3Storage({ ...options, endpoint: "http://127.0.0.1:1" });
    const climbing = ["../x", `images/../../${randomUUID()}`, `${newKey()}/../../../etc/passwd`, "/images/x.png", ""];
    for (const key of climbing) {
      await expect(storage.put(key, Buffer.from("x")), key).rejects.toThrow(/not a storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/not a storage key/);
      await expect(storage.open(key), key).rejects.toThrow(/not a storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/not a storage key/);
    }
  });
});

describe("the app on S3 storage", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: s3.env });
  });
  afterAll(async () => server?.close());

  it("stores a Studio image in the bucket, not on disk, and serves it to its owner only", async () => {
    expect(server.config.s3).toMatchObject({ bucket: s3.bucket, endpoint: s3.endpoint, forcePathStyle: true });
    const owner = await signInByCode(server, "s3-owner@example.test");
    const res = await generate(server, owner.sessionToken, { prompt: 'Studio thumbnail "Stored in S3"', model: "studio", seed: 3 });
    expect(res.status).toBe(202);
    const { image } = imageResponseSchema.parse(await res.json());
    const ready = await settled(server, owner.sessionToken, image.id);
    expect(ready.status).toBe("ready");

    const served = await fetch(`${server.url}/api/images/${image.id}/original`, { headers: tokenHeaders(owner.sessionToken) });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("private, no-cache");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(Number(served.headers.get("content-length"))).toBe(bytes.length);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 1280, height: 720 });

    // The bytes are the bucket's object, read straight from the store, and nothing was written under DATA_DIR/files.
    const key = imageKey(owner.user.id, image.id, "original", ready.urls?.original.split("/").at(-1) ?? "");
    const client = new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: options.credentials! });
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(bytes)).toBe(true);
    client.destroy();
    expect(existsSync(join(server.config.filesDir, ...key.split("/")))).toBe(false);
    expect(existsSync(join(server.config.filesDir, "images"))).toBe(false);

    // A revalidation is still a 304 after the owner check, without reading the store.
    const again = await fetch(`${server.url}/api/images/${image.id}/original`, {
      headers: { ...tokenHeaders(owner.sessionToken), "if-none-match": served.headers.get("etag") ?? "", "cache-control": "max-age=0" },
    });
    expect(again.status).toBe(304);

    const stranger = await signInByCode(server, "s3-stranger@example.test");
    const theirs = await fetch(`${server.url}/api/images/${image.id}/original`, { headers: tokenHeaders(stranger.sessionToken) });
    expect(theirs.status).toBe(404);
  });
});
