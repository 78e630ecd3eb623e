import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_PATHS } from "../../contract/auth.ts";
import { type ImageRecord, imageResponseSchema, imageVariants } from "../../contract/images.ts";
import { testPhoto, tokenHeaders, upload } from "../testing/images.ts";
import { postJson, signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;
// How a browser revalidates; fetch() would add "cache-control: no-cache" to a conditional request on its own.
const revalidate = (etag: string) => ({ "if-none-match": etag, "cache-control": "max-age=0" });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

async function uploadedRecord(token: string): Promise<ImageRecord> {
  const res = await upload(server, token, await testPhoto(320, 180));
  expect(res.status).toBe(201);
  return imageResponseSchema.parse(await res.json()).image;
}
const uploaded = async (token: string): Promise<string> => (await uploadedRecord(token)).id;
const get = (path: string, headers: Record<string, string>) => fetch(`${server.url}${path}`, { headers });

describe("image bytes and the browser cache", () => {
  it.each(imageVariants)("%s is private, revalidated on every use, and tagged", async (variant) => {
    const { sessionToken } = await signInByCode(server, `cache-${variant}@example.test`);
    const id = await uploaded(sessionToken);
    const res = await fetch(`${server.url}/api/images/${id}/${variant}`, { headers: tokenHeaders(sessionToken) });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache");
    expect(res.headers.get("cache-control")).not.toContain("immutable");
    expect(res.headers.get("etag")).toBe(`"${id}-${variant}"`);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);

    const again = await fetch(`${server.url}/api/images/${id}/${variant}`, { headers: { ...tokenHeaders(sessionToken), ...revalidate(`"${id}-${variant}"`) } });
    expect(again.status).toBe(304);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
  });

  it("revalidation runs the owner check: another account and a signed-out browser get no 304", async () => {
    const owner = await signInByCode(server, "cache-owner@example.test");
    const stranger = await signInByCode(server, "cache-stranger@example.test");
    const id = await uploaded(owner.sessionToken);
    const conditional = revalidate(`"${id}-thumb"`);

    const theirs = await fetch(`${server.url}/api/images/${id}/thumb`, { headers: { ...tokenHeaders(stranger.sessionToken), ...conditional } });
    expect(theirs.status).toBe(404);

    const logout = await postJson(server, "/api/auth/logout", undefined, { cookie: owner.cookie });
    expect(logout.status).toBe(200);
    expect(logout.headers.get("clear-site-data")).toBe('"cache"');

    const afterLogout = await fetch(`${server.url}/api/images/${id}/thumb`, { headers: { cookie: owner.cookie, ...conditional } });
    expect(afterLogout.status).toBe(401);
  });
});

describe("versioned image URLs", () => {
  it.each(imageVariants)("the record's %s URL names its version and is cached for good, for its owner only", async (variant) => {
    const owner = await signInByCode(server, `immutable-${variant}@example.test`);
    const stranger = await signInByCode(server, `immutable-stranger-${variant}@example.test`);
    const image = await uploadedRecord(owner.sessionToken);
    const url = image.urls?.[variant] ?? "";
    expect(url).toMatch(new RegExp(`^/api/images/${image.id}/${variant}/[0-9a-f]{16}$`));
    const res = await get(url, tokenHeaders(owner.sessionToken));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, max-age=31536000, immutable");
    const bytes = Buffer.from(await res.arrayBuffer());
    // The same bytes as the old form answers: the version names them, it does not change them.
    expect(Buffer.from(await (await get(`/api/images/${image.id}/${variant}`, tokenHeaders(owner.sessionToken))).arrayBuffer()).equals(bytes)).toBe(true);

    // Another account, another version, a malformed one: 404, as for a missing image.
    expect((await get(url, tokenHeaders(stranger.sessionToken))).status).toBe(404);
    expect((await get(`/api/images/${image.id}/${variant}/0123456789abcdef`, tokenHeaders(owner.sessionToken))).status).toBe(404);
    expect((await get(`/api/images/${image.id}/${variant}/0`, tokenHeaders(owner.sessionToken))).status).toBe(404);
    expect((await get(`/api/images/${image.id}/${variant}/not-a-version`, tokenHeaders(owner.sessionToken))).status).toBe(404);
    expect((await get(url, {})).status).toBe(401);
  });

  it("the versioned original converts on request (the viewer's download as…), and that is never kept", async () => {
    const owner = await signInByCode(server, "immutable-format@example.test");
    const image = await uploadedRecord(owner.sessionToken);
    const res = await get(`${image.urls?.original}?format=jpeg&download=1`, tokenHeaders(owner.sessionToken));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="thumbforge-[0-9a-f]{8}\.jpg"$/);
    expect((await get(`${image.urls?.thumb}?format=jpeg`, tokenHeaders(owner.sessionToken))).status).toBe(400);
  });

  it("a second write of an image's bytes (its job run again after losing its lease) neither overwrites nor removes the first", async () => {
    const row = { id: randomUUID(), userId: randomUUID() };
    const png = await testPhoto(320, 180);
    const first = await server.services.images.storeResult(row, png, null);
    const second = await server.services.images.storeResult(row, png, null);
    for (const key of ["originalKey", "previewKey", "thumbKey"] as const) expect(second[key]).not.toBe(first[key]);
    await server.services.images.removeFiles(second);
    expect(await server.services.storage.get(first.thumbKey ?? "")).toBeDefined();
    expect(await server.services.storage.get(second.thumbKey ?? "")).toBeUndefined();
    await server.services.images.removeFiles(first);
  });

  it("a deleted image is a 404 at once, though its bytes were just served", async () => {
    const owner = await signInByCode(server, "immutable-delete@example.test");
    const image = await uploadedRecord(owner.sessionToken);
    const thumb = image.urls?.thumb ?? "";
    expect((await get(thumb, tokenHeaders(owner.sessionToken))).status).toBe(200);
    expect((await fetch(`${server.url}/api/images/${image.id}`, { method: "DELETE", headers: tokenHeaders(owner.sessionToken) })).status).toBe(204);
    expect((await get(thumb, tokenHeaders(owner.sessionToken))).status).toBe(404);
    expect((await get(`/api/images/${image.id}/thumb`, tokenHeaders(owner.sessionToken))).status).toBe(404);
  });

  it("a session that ended is refused at once, though it was just let in, and logout clears the browser's copies", async () => {
    const first = await signInByCode(server, "immutable-logout@example.test");
    const second = await signInByCode(server, "immutable-logout@example.test");
    const third = await signInByCode(server, "immutable-logout@example.test");
    const image = await uploadedRecord(first.sessionToken);
    const thumb = image.urls?.thumb ?? "";
    for (const headers of [{ cookie: first.cookie }, tokenHeaders(second.sessionToken), tokenHeaders(third.sessionToken)]) {
      expect((await get(thumb, headers)).status).toBe(200);
    }

    const logout = await postJson(server, "/api/auth/logout", undefined, { cookie: first.cookie });
    expect(logout.headers.get("clear-site-data")).toBe('"cache"');
    expect((await get(thumb, { cookie: first.cookie })).status).toBe(401);

    // A password set in one session ends the account's others.
    const set = await postJson(server, AUTH_PATHS.password, { newPassword: "a long and unusual passphrase 42" }, tokenHeaders(third.sessionToken));
    expect(set.status).toBe(200);
    expect((await get(thumb, tokenHeaders(second.sessionToken))).status).toBe(401);
    expect((await get(thumb, tokenHeaders(third.sessionToken))).status).toBe(200);
  });
});
