import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { healthSchema, readinessSchema } from "../../contract/health.ts";
import { PUBLIC_CONFIG_META } from "../../contract/public-config.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;
let webDir: string;
const publicUrl = "https://thumbforge.example";

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), "tf-web-"));
  writeFileSync(join(webDir, "index.html"), "<!doctype html><html><head><title>t</title></head><body></body></html>");
  mkdirSync(join(webDir, "prerendered", "en"), { recursive: true });
  writeFileSync(
    join(webDir, "prerendered", "en", "landing.html"),
    '<!doctype html><html><head><title>Landing</title></head><body><div id="root" data-prerendered="en"><a href="mailto:support@tf-config.invalid">support@tf-config.invalid</a><a href="https://tf-config.invalid/feedback">f</a></div></body></html>',
  );
  mkdirSync(join(webDir, "assets"));
  writeFileSync(join(webDir, "assets", "app-abc123.js"), `console.log(${JSON.stringify("x".repeat(4000))})`);
  server = await startTestServer({ deps: { webDir }, env: { SUPPORT_EMAIL: "help@example.test", PUBLIC_URL: publicUrl } });
});

afterAll(async () => {
  await server?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe("GET /api/openapi.json", () => {
  it("describes the running app's API as OpenAPI 3.1", async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; info: { version: string }; paths: Record<string, unknown> };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("test");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/generate-kontext-image", "/api/users/{userId}/gallery", "/api/auth/send-otp"]));
  });
});

describe("GET /api/health", () => {
  it("reports liveness: status and version, uncached", async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = healthSchema.parse(await res.json());
    expect(body.status).toBe("ok");
    expect(body.version).toBe("test");
  });
});

describe("GET /api/health/ready", () => {
  it("reports status, version and a reachable database", async () => {
    const res = await fetch(`${server.url}/api/health/ready`);
    expect(res.status).toBe(200);
    const body = readinessSchema.parse(await res.json());
    expect(body.status).toBe("ok");
    expect(body.version).toBe("test");
    expect(body.database.reachable).toBe(true);
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  });
});

describe("bad input", () => {
  // Each router parses its own body: these reach an endpoint that takes JSON.
  it("answers malformed JSON with 400 invalid:json", async () => {
    const res = await fetch(`${server.url}/api/auth/send-otp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"email": ',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: expect.any(String), code: "invalid:json" });
  });

  it("answers a body over the limit with 413", async () => {
    const res = await fetch(`${server.url}/api/auth/send-otp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ blob: "x".repeat(200 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe("payload_too_large:body");
  });

  it("reads no body where no route takes one: a POST with broken JSON to an unknown path is a 404", async () => {
    const res = await fetch(`${server.url}/api/anything`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"email": ' });
    expect(res.status).toBe(404);
    expect((await res.json()).code).toBe("not_found:route");
  });

  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await fetch(`${server.url}/api/does-not-exist`);
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: "No such API endpoint.", code: "not_found:route" });
  });

  it("never sends a stack trace", async () => {
    const res = await fetch(`${server.url}/api/health`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    const text = await res.text();
    expect(text).not.toMatch(/at .+\.(ts|js):\d+/);
    expect(text).not.toContain("SyntaxError");
  });
});

describe("the SPA", () => {
  it("serves index.html for client routes with the public config and no-cache", async () => {
    const res = await fetch(`${server.url}/app`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    expect(html).toContain(`name="${PUBLIC_CONFIG_META}"`);
    expect(html).toContain("help@example.test");
  });

  it.each(["/", "/landing", "/login", "/app", "/terms-of-service", "/privacy-policy", "/refund-policy", "/Landing/"])("answers the page %s with 200", async (path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
  });

  it.each(["/some/client/route", "/app/nothing-here", "/wp-login.php", "/favicon-missing.ico"])(
    "answers the unknown path %s with the 404 card's page and status 404",
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/text\/html/);
      const html = await res.text();
      expect(html).toContain(`name="${PUBLIC_CONFIG_META}"`);
      expect(html).toContain("help@example.test");
    },
  );

  it("serves a prerendered page with the configured support e-mail and feedback URL in place of the placeholders", async () => {
    const html = await (await fetch(`${server.url}/landing`)).text();
    expect(html).toContain('data-prerendered="en"');
    expect(html).toContain('href="mailto:help@example.test">help@example.test<');
    expect(html).not.toContain("tf-config.invalid");
  });

  it("caches hashed assets forever and compresses them", async () => {
    const res = await fetch(`${server.url}/assets/app-abc123.js`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-encoding")).toBe("gzip");
  });

  it("answers a missing asset with 404, not index.html", async () => {
    const res = await fetch(`${server.url}/assets/missing-123.js`);
    expect(res.status).toBe(404);
  });

  it("sends a strict content security policy", async () => {
    const res = await fetch(`${server.url}/`);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
  });

  it("serves a real robots.txt", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
  });

  it("serves a sitemap of the public pages", async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.headers.get("content-type")).toMatch(/xml/);
    const xml = await res.text();
    for (const path of ["/landing", "/terms-of-service", "/privacy-policy", "/refund-policy"]) {
      expect(xml).toContain(`<loc>${publicUrl}${path}</loc>`);
    }
    expect(xml).not.toContain("/login");
  });
});
