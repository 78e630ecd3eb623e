import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageResponseSchema, imageVariants } from "../../contract/images.ts";
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

async function uploaded(token: string): Promise<string> {
  const res = await upload(server, token, await testPhoto(320, 180));
  expect(res.status).toBe(201);
  return imageResponseSchema.parse(await res.json()).image.id;
}

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
