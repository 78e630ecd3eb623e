import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_ZIP_PATH } from "../../contract/images.ts";
import { imageKey, newImageVersion } from "../storage/keys.ts";
import { openSocket, testPhoto, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createImageWrites } from "./store.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

/** A ready image with its three files in storage, as a finished generation leaves it. */
async function storedImage(userId: string, png: Buffer, status: "ready" | "running" = "ready") {
  const id = crypto.randomUUID();
  const version = newImageVersion();
  const keys = { originalKey: imageKey(userId, id, "original", version), previewKey: imageKey(userId, id, "preview", version), thumbKey: imageKey(userId, id, "thumb", version) };
  const webp = await sharp(png).webp().toBuffer();
  await Promise.all([server.services.storage.put(keys.originalKey, png), server.services.storage.put(keys.previewKey, webp), server.services.storage.put(keys.thumbKey, webp)]);
  return createImageWrites(server.database.db).insert({ id, userId, kind: "generated", status, prompt: `image ${id}`, width: 320, height: 180, ...keys });
}

const zip = (token: string, ids: unknown) =>
  fetch(`${server.url}${IMAGE_ZIP_PATH}`, { method: "POST", headers: { ...tokenHeaders(token), "content-type": "application/json" }, body: JSON.stringify({ ids }) });

describe("DELETE /api/images/:id", () => {
  it("deletes the owner's image and its files and tells every tab; anyone else, a missing id or one still being made changes nothing", async () => {
    const owner = await signInByCode(server, "deleter@example.com");
    const stranger = await signInByCode(server, "stranger.deleter@example.com");
    const image = await storedImage(owner.user.id, await testPhoto(320, 180));
    const busy = await storedImage(owner.user.id, await testPhoto(320, 180), "running");
    const del = (token: string, id: string) => fetch(`${server.url}/api/images/${id}`, { method: "DELETE", headers: tokenHeaders(token) });

    expect((await del(stranger.sessionToken, image.id)).status).toBe(404);
    expect((await del(owner.sessionToken, crypto.randomUUID())).status).toBe(404);
    expect((await del(owner.sessionToken, "not-a-uuid")).status).toBe(404);
    const refused = await del(owner.sessionToken, busy.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe("conflict:image_busy");
    expect(await server.services.storage.get(image.originalKey ?? "")).toBeDefined();

    const tab = await openSocket(server, owner.sessionToken);
    const announced = new Promise<{ imageId: string }>((resolve) => tab.once("image:deleted", resolve));
    expect((await del(owner.sessionToken, image.id)).status).toBe(204);
    expect(await announced).toEqual({ imageId: image.id });
    tab.close();
    for (const key of [image.originalKey, image.previewKey, image.thumbKey]) expect(await server.services.storage.get(key ?? "")).toBeUndefined();
    expect((await fetch(`${server.url}/api/images/${image.id}`, { headers: tokenHeaders(owner.sessionToken) })).status).toBe(404);
    expect((await del(owner.sessionToken, image.id)).status).toBe(404);
    expect((await fetch(`${server.url}/api/images/${busy.id}`, { headers: tokenHeaders(owner.sessionToken) })).status).toBe(200);
  });
});

describe("POST /api/images/zip", () => {
  it("streams the owner's originals byte for byte; one foreign, missing or unfinished id sends nothing", async () => {
    const owner = await signInByCode(server, "zipper@example.com");
    const stranger = await signInByCode(server, "stranger.zipper@example.com");
    const pngs = await Promise.all([testPhoto(320, 180), testPhoto(180, 320), testPhoto(240, 240)]);
    const mine = await Promise.all(pngs.map((png) => storedImage(owner.user.id, png)));
    const theirs = await storedImage(stranger.user.id, await testPhoto(320, 180));
    const running = await storedImage(owner.user.id, await testPhoto(320, 180), "running");
    const ids = mine.map((i) => i.id);

    for (const bad of [[...ids, theirs.id], [...ids, crypto.randomUUID()]]) {
      const res = await zip(owner.sessionToken, bad);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/json/);
    }
    expect((await zip(owner.sessionToken, [...ids, running.id])).status).toBe(422);
    expect((await zip(stranger.sessionToken, ids)).status).toBe(404);
    for (const bad of [[], Array.from({ length: 201 }, () => crypto.randomUUID()), ["nope"], "x"]) expect((await zip(owner.sessionToken, bad)).status).toBe(400);

    // Duplicates are zipped once.
    const res = await zip(owner.sessionToken, [...ids, ids[0]]);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="thumbforge-3-images.zip"');
    // Streamed: no length is known before the last file is read.
    expect(res.headers.get("content-length")).toBeNull();
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(ids.map((id) => `thumbforge-${id.slice(0, 8)}.png`));
    for (const [i, id] of ids.entries()) expect(Buffer.from(files[`thumbforge-${id.slice(0, 8)}.png`] ?? []).equals(pngs[i] ?? Buffer.alloc(0))).toBe(true);
  });
});

describe("GET /api/images/:id/original?format=", () => {
  it("converts the original to JPEG or WebP for download, keeps PNG byte for byte, and refuses other formats", async () => {
    const owner = await signInByCode(server, "converter@example.com");
    const stranger = await signInByCode(server, "stranger.converter@example.com");
    const png = await testPhoto(320, 180);
    const image = await storedImage(owner.user.id, png);
    const get = (token: string, query: string, variant = "original") => fetch(`${server.url}/api/images/${image.id}/${variant}${query}`, { headers: tokenHeaders(token) });

    for (const [format, type, extension] of [["jpeg", "image/jpeg", "jpg"], ["webp", "image/webp", "webp"]] as const) {
      const res = await get(owner.sessionToken, `?format=${format}&download=1`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="thumbforge-${image.id.slice(0, 8)}.${extension}"`);
      const bytes = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 320, 180]);
      // The same picture: the mean difference from the original is small.
      const [a, b] = await Promise.all([sharp(png).removeAlpha().raw().toBuffer(), sharp(bytes).removeAlpha().raw().toBuffer()]);
      const diff = a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;
      expect(diff).toBeLessThan(4);
    }
    const same = await get(owner.sessionToken, "?format=png&download=1");
    expect(Buffer.from(await same.arrayBuffer()).equals(png)).toBe(true);
    expect((await get(owner.sessionToken, "?format=gif")).status).toBe(400);
    expect((await get(owner.sessionToken, "?format=png", "thumb")).status).toBe(400);
    expect((await get(stranger.sessionToken, "?format=jpeg")).status).toBe(404);
  });
});
