import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildServer, signInThroughMailbox, startChildServer } from "../testing/child-server.ts";
import { createFuzzLog, garbageHeaderValue, type RawRequest, samples, sendRaw } from "../testing/fuzz.ts";
import { testPhoto } from "../testing/images.ts";

// The multipart parser, in a server process of its own: a broken upload that kills the process shows up here as
// a failure instead of taking the test runner with it. Every body is broken, so nothing may be stored.
let server: ChildServer;
let token: string;
let userId: string;
let png: Buffer;
const dataDir = mkdtempSync(join(tmpdir(), "tf-fuzz-upload-"));
const log = createFuzzLog();

beforeAll(async () => {
  server = await startChildServer({ DATA_DIR: dataDir });
  ({ token, userId } = await signInThroughMailbox(server.url, "fuzz.upload@example.com"));
  png = await testPhoto(32, 32);
});
afterAll(async () => {
  console.log(`Uploads: ${log.summary()}`);
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file under `dir` but the embedded database's own. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((p) => !/pglite|pgdata|\.db/i.test(p))
    .sort();
}

const CRLF = "\r\n";
function part(boundary: string, headers: string[], content: Buffer | string): Buffer {
  return Buffer.concat([Buffer.from(`--${boundary}${CRLF}${headers.join(CRLF)}${CRLF}${CRLF}`, "latin1"), Buffer.isBuffer(content) ? content : Buffer.from(content, "latin1"), Buffer.from(CRLF)]);
}
const closing = (boundary: string) => Buffer.from(`--${boundary}--${CRLF}`);
const fileHeaders = (name: string, filename: string, type = "image/png") => [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`];

const hostileNames = ["a\u0000.png", "../../etc/passwd", "..\\..\\boot.ini", "\u202Egnp.exe", "", "\"", "x".repeat(5_000), "%00.png", "CON", "a\r\nX-Evil: 1.png"];

interface Upload {
  contentType: string;
  body: Buffer;
}

function uploads(): fc.Arbitrary<Upload> {
  const b = "fuzzboundary";
  const ct = `multipart/form-data; boundary=${b}`;
  const whole = Buffer.concat([part(b, fileHeaders("image", "photo.png"), png), closing(b)]);
  return fc.oneof(
    // A valid upload cut anywhere before its end: no closing boundary ever arrives.
    fc.integer({ min: 0, max: whole.length - 1 }).map((cut) => ({ contentType: ct, body: whole.subarray(0, cut) })),
    // The same, in a part the server does not want (the branch that drains it).
    fc.integer({ min: 1, max: whole.length - 1 }).map((cut) => ({ contentType: ct, body: Buffer.concat([part(b, fileHeaders("other", "x.png"), png), part(b, fileHeaders("image", "photo.png"), png)]).subarray(0, cut + 120) })),
    // Hostile file names on bodies cut short.
    fc.tuple(fc.constantFrom(...hostileNames), fc.integer({ min: 10, max: 200 })).map(([name, keep]) => ({ contentType: ct, body: part(b, fileHeaders("image", name), png).subarray(0, keep + name.length) })),
    // A wrong, missing, empty or oversized boundary.
    fc.constantFrom("multipart/form-data; boundary=other", "multipart/form-data", "multipart/form-data; boundary=", `multipart/form-data; boundary=${"b".repeat(200)}`, 'multipart/form-data; boundary="unterminated', "multipart/mixed; boundary=fuzzboundary", "image/png", "application/json", "").map((contentType) => ({ contentType, body: whole })),
    // Too many parts, and a megabyte of part header.
    fc.integer({ min: 11, max: 1_000 }).map((n) => ({ contentType: ct, body: Buffer.concat([...Array.from({ length: n }, (_, i) => part(b, [`Content-Disposition: form-data; name="f${i}"`], "v")), closing(b)]) })),
    fc.integer({ min: 70_000, max: 1_000_000 }).map((n) => ({ contentType: ct, body: Buffer.concat([part(b, [...fileHeaders("image", "p.png"), `X-Big: ${"a".repeat(n)}`], png), closing(b)]) })),
    // Not an image at all, under an image's name and type; and no file part.
    fc.constantFrom("<html><script>alert(1)</script></html>", "GIF89a", "%PDF-1.4", "\u0000".repeat(64), "").map((bytes) => ({ contentType: ct, body: Buffer.concat([part(b, fileHeaders("image", "photo.png"), bytes), closing(b)]) })),
    fc.constant({ contentType: ct, body: Buffer.concat([part(b, ['Content-Disposition: form-data; name="caption"'], "hello"), closing(b)]) }),
  );
}

const auth = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Record<string, string>>({}) },
  { weight: 1, arbitrary: garbageHeaderValue.map((v): Record<string, string> => ({ "x-session-token": v })) },
);

describe("fuzzing the multipart upload", () => {
  it("answers every broken upload with a 4xx, stores nothing and keeps serving", async () => {
    const before = filesUnder(dataDir);
    const cases = samples(fc.tuple(uploads(), auth), 150);
    let crashes = 0;
    for (const [upload, headers] of cases) {
      const req: RawRequest = {
        method: "POST",
        path: "/api/upload-temp-image",
        headers: { "x-session-token": token, ...headers, ...(upload.contentType ? { "content-type": upload.contentType } : {}) },
        body: upload.body,
      };
      const shown = { ...req, body: upload.body.subarray(0, 100).toString("latin1") };
      log.record("POST /api/upload-temp-image", shown, await sendRaw(server.url, req));
      // A crash is noted with its input; a few restarts let the run show more than the first one.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (server.process.exitCode !== null || server.process.signalCode !== null) {
        log.failures.push({ target: "POST /api/upload-temp-image", input: `the server process exited after ${JSON.stringify(shown.body)}`, status: 0, stackLeaked: false });
        if (++crashes > 3) break;
        server = await startChildServer({ DATA_DIR: dataDir });
      }
    }
    expect(log.failureLines()).toEqual([]);
    expect(server.process.exitCode).toBeNull();
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(filesUnder(dataDir)).toEqual(before);
    const credits = await fetch(`${server.url}/api/users/${userId}/credits`, { headers: { "x-session-token": token } });
    expect(credits.status).toBe(200);
    expect(log.counts.get("POST /api/upload-temp-image")).toBeGreaterThanOrEqual(100);
  });
});
