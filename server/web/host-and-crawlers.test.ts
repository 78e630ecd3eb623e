import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidHost } from "../http/host-header.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// fetch() will not send a Host of our choosing, node:http will.
function get(server: TestServer, path: string, host: string): Promise<{ status: number; body: string; cacheControl: string | undefined }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, cacheControl: res.headers["cache-control"] }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("Host", () => {
  it.each(["localhost", "localhost:3000", "thumbforge.app", "127.0.0.1:8080", "[::1]:3000", "app_1:3000"])("%s is valid", (host) => {
    expect(isValidHost(host)).toBe(true);
  });
  it.each(["", "a b", "[::1", "ex%ample.com", "<script>", "evil.com/x", "a:b:c", "localhost:99999", "exa\tmple", "user@host"])(
    "%j is not",
    (host) => {
      expect(isValidHost(host)).toBe(false);
    },
  );
});

describe("with PUBLIC_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { PUBLIC_URL: "https://thumbforge.example" } });
  });
  afterAll(async () => server?.close());

  it("builds robots.txt and sitemap.xml from PUBLIC_URL, whatever Host says", async () => {
    const robots = await get(server, "/robots.txt", "evil.example");
    expect(robots.status).toBe(200);
    expect(robots.body).toContain("Sitemap: https://thumbforge.example/sitemap.xml");
    expect(robots.body).not.toContain("evil");
    const sitemap = await get(server, "/sitemap.xml", "evil.example:8443");
    expect(sitemap.status).toBe(200);
    expect(sitemap.cacheControl).toBe("public, max-age=3600");
    expect(sitemap.body).toContain("<loc>https://thumbforge.example/landing</loc>");
    expect(sitemap.body).not.toContain("evil");
  });

  it.each(["/robots.txt", "/sitemap.xml", "/", "/api/health", "/api/auth/user"])("a malformed Host on %s is a 400 invalid:host", async (path) => {
    for (const host of ["a b", "[::1", "<script>", "evil.com/x", "localhost:99999"]) {
      const res = await get(server, path, host);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ error: "The Host header is not valid.", code: "invalid:host" });
    }
  });
});

describe("without PUBLIC_URL", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server?.close());

  it("serves robots.txt without a Sitemap line and no sitemap, since no absolute URL can be trusted", async () => {
    const robots = await get(server, "/robots.txt", "evil.example");
    expect(robots.status).toBe(200);
    expect(robots.body).toContain("Disallow: /api/");
    expect(robots.body).not.toContain("Sitemap");
    expect(robots.body).not.toContain("evil");
    const sitemap = await get(server, "/sitemap.xml", "evil.example");
    expect(sitemap.status).toBe(404);
    expect(sitemap.body).not.toContain("evil");
  });
});
