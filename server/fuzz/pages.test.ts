import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stateOf } from "../testing/db-state.ts";
import { badSegment, createFuzzLog, garbageHeaderValue, nastyString, type RawRequest, samples, sendAll } from "../testing/fuzz.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// The pages, files and dev mailbox, plus what sits under every route: methods, Host, header sizes, request lines,
// body encodings.
let server: TestServer;
let webDir: string;
const log = createFuzzLog();

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), "tf-fuzz-web-"));
  writeFileSync(join(webDir, "index.html"), "<!doctype html><html><head><title>t</title></head><body></body></html>");
  mkdirSync(join(webDir, "assets"));
  writeFileSync(join(webDir, "assets", "app-abc123.js"), "console.log(1)");
  server = await startTestServer({ deps: { webDir } });
});
afterAll(async () => {
  console.log(`Pages and protocol: ${log.summary()}`);
  await server?.close();
  rmSync(webDir, { recursive: true, force: true });
});

const headerJunk = fc.dictionary(
  fc.constantFrom("accept", "accept-language", "accept-encoding", "if-none-match", "if-modified-since", "range", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "cookie"),
  garbageHeaderValue,
  { maxKeys: 4 },
);
const get = (path: fc.Arbitrary<string>) => fc.tuple(path, headerJunk).map(([p, h]): RawRequest => ({ method: "GET", path: p, headers: h }));
const badHost = fc.oneof(
  garbageHeaderValue,
  fc.constantFrom("", "[", "[::1", "a b", "evil.example", "evil.example:99999", "localhost:-1", "xn--", "@", "a@b", "%00", "..", "host:80:80", "[::1]:x", "ä.example"),
);
const knownPaths = ["/", "/api/health", "/api/models", "/api/waitlist", "/api/auth/login", "/api/images/x", "/robots.txt", "/sitemap.xml", "/dev/mailbox", "/dev/mailbox.json", "/assets/app-abc123.js", "/socket.io/"];

describe("fuzzing pages, files and the protocol", () => {
  it("answers hostile paths, methods, hosts and headers with no 5xx, and changes nothing", async () => {
    const before = await stateOf(server.database.db);
    const targets: [string, fc.Arbitrary<RawRequest>][] = [
      ["GET page paths", get(fc.tuple(fc.constantFrom("/", "/app/", "/landing/", "/assets/", "/"), badSegment, fc.constantFrom("", "?x=%", "?lang=zz", "/..", "#x")).map(([a, b, c]) => `${a}${b}${c}`))],
      ["GET /dev/mailbox(.json)", get(fc.tuple(fc.constantFrom("/dev/mailbox", "/dev/mailbox.json"), badSegment).map(([p, q]) => `${p}?${q}=${q}`))],
      [
        "GET /robots.txt, /sitemap.xml with bad Host",
        fc.tuple(fc.constantFrom("/robots.txt", "/sitemap.xml"), badHost, headerJunk).map(([path, host, h]): RawRequest => ({ method: "GET", path, headers: { ...h, host } })),
      ],
      [
        "other methods",
        fc
          .tuple(fc.constantFrom("PUT", "DELETE", "PATCH", "OPTIONS", "HEAD", "TRACE", "PROPFIND", "M-SEARCH", "FOO"), fc.constantFrom(...knownPaths), fc.option(nastyString.filter((s) => s.length < 10_000), { nil: undefined }))
          .map(([method, path, body]): RawRequest => ({ method, path, headers: body === undefined ? {} : { "content-type": "application/json" }, body })),
      ],
      [
        "protocol oddities",
        fc.oneof(
          fc.integer({ min: 20_000, max: 1_000_000 }).map((n): RawRequest => ({ method: "GET", path: "/api/health", headers: { "x-big": "a".repeat(n) } })),
          fc.integer({ min: 9_000, max: 200_000 }).map((n): RawRequest => ({ method: "GET", path: `/api/health?${"a".repeat(n)}`, headers: {} })),
          fc.constantFrom(...knownPaths).map((path): RawRequest => ({ method: "POST", path, headers: { "transfer-encoding": "chunked", "content-type": "application/json" }, body: "zz\r\nnot chunked\r\n" })),
          fc.constantFrom(...knownPaths).map((path): RawRequest => ({ method: "POST", path, headers: { "content-length": "-1", "content-type": "application/json" }, body: "{}" })),
          fc.constantFrom(...knownPaths).map((path): RawRequest => ({ method: "POST", path, headers: { "content-length": "5", "transfer-encoding": "chunked" }, body: "0\r\n\r\n" })),
          fc.constantFrom(...knownPaths).map((path): RawRequest => ({ method: "POST", path: `${path} HTTP/1.1\r\nX:`, headers: { "content-type": "application/json", "content-encoding": "gzip" }, body: "{}" })),
          fc.constantFrom(...knownPaths).map((path): RawRequest => ({ method: "POST", path, headers: { "content-type": "application/json", "content-encoding": "gzip" }, body: "not gzip" })),
          fc.constantFrom("*", "//", "http://evil.example/", "/%", "/..%2f..%2fetc/passwd", "/\u00ff").map((path): RawRequest => ({ method: "GET", path, headers: {} })),
        ),
      ],
      [
        "Host twice, body encodings",
        fc.oneof(
          // A second Host line, well formed or not, after the one the sender writes.
          fc.tuple(fc.constantFrom(...knownPaths), badHost).map(([path, host]): RawRequest => ({ method: "GET", path, headers: { Host: host } })),
          fc
            .tuple(
              fc.constantFrom(...knownPaths, "/api/upload-temp-image", "/api/personas/upload", "/api/webhooks/stripe"),
              fc.constantFrom("gzip", "deflate", "br", "zstd", "compress", "x-gzip", "gzip, gzip", "identity, gzip", "GZIP", "*", " ", "identity"),
              nastyString.filter((s) => s.length < 1_000),
            )
            .map(([path, encoding, body]): RawRequest => ({ method: "POST", path, headers: { "content-type": "application/json", "content-encoding": encoding }, body })),
        ),
      ],
    ];
    for (const [target, arb] of targets) await sendAll(server.url, log, target, samples(arb));

    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await stateOf(server.database.db)).toEqual(before);
    expect(log.failureLines()).toEqual([]);
    for (const [target] of targets) expect(log.counts.get(target)).toBeGreaterThanOrEqual(100);
  });
});
