import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONA_UPLOAD_PATH } from "../../contract/personas.ts";
import { stateOf } from "../testing/db-state.ts";
import { sendRaw } from "../testing/fuzz.ts";
import { testPhoto, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { shellOnlyWebDir } from "../testing/web-dir.ts";

let server: TestServer;
let token: string;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer({ deps: { webDir: shellOnlyWebDir() } });
  token = (await signInByCode(server, "hardening@example.com")).sessionToken;
  png = await testPhoto(32, 32);
});
afterAll(async () => {
  await server?.close();
});

const boundary = "hardeningboundary";
function multipart(bytes: Buffer): Buffer {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
}
const codeOf = (text: string) => /"code":"([^"]+)"/.exec(text)?.[1];

describe("the Host header", () => {
  it("refuses a request with two Host lines (400 invalid:host), even when both are well formed", async () => {
    const { port } = new URL(server.url);
    // The API, and the pages answered before Express.
    for (const path of ["/api/health", "/"]) {
      const twice = await sendRaw(server.url, { method: "GET", path, headers: { Host: "evil.example" } });
      expect(twice.status, path).toBe(400);
      expect(codeOf(twice.text), path).toBe("invalid:host");
      const same = await sendRaw(server.url, { method: "GET", path, headers: { Host: `127.0.0.1:${port}` } });
      expect(same.status, path).toBe(400);
      expect((await sendRaw(server.url, { method: "GET", path, headers: {} })).status, path).toBe(200);
    }
  });
});

describe("Permissions-Policy", () => {
  it("denies the camera, microphone, location and payment (no payment provider here) to pages and API answers", async () => {
    for (const path of ["/", "/app/pricing", "/api/health", "/api/no-such-endpoint"]) {
      const policy = (await fetch(`${server.url}${path}`)).headers.get("permissions-policy") ?? "";
      for (const feature of ["camera=()", "microphone=()", "geolocation=()", "payment=()", "usb=()", "display-capture=()"]) expect(policy, path).toContain(feature);
    }
  });
});

describe("Content-Encoding", () => {
  it("takes a JSON body in gzip, which the JSON parser inflates", async () => {
    const res = await fetch(`${server.url}/api/waitlist`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      body: gzipSync(JSON.stringify({ email: "gzipped@example.com" })),
    });
    expect([200, 201]).toContain(res.status);
  });

  it("refuses (415 unsupported_media_type:encoding) an encoding nothing decodes, and any encoding on an upload, storing nothing", async () => {
    const before = await stateOf(server.database.db);
    const json = await sendRaw(server.url, { method: "POST", path: "/api/waitlist", headers: { "content-type": "application/json", "content-encoding": "zstd" }, body: '{"email":"zstd@example.com"}' });
    expect(json.status).toBe(415);
    expect(codeOf(json.text)).toBe("unsupported_media_type:encoding");
    for (const path of ["/api/upload-temp-image", PERSONA_UPLOAD_PATH, "/API/Upload-Temp-Image/"]) {
      for (const encoding of ["gzip", "br", "x-gzip"]) {
        const body = encoding === "gzip" ? gzipSync(multipart(png)) : multipart(png);
        const res = await sendRaw(server.url, { method: "POST", path, headers: { ...tokenHeaders(token), "content-type": `multipart/form-data; boundary=${boundary}`, "content-encoding": encoding }, body });
        expect(res.status, `${path} ${encoding}`).toBe(415);
        expect(codeOf(res.text)).toBe("unsupported_media_type:encoding");
      }
    }
    expect(await stateOf(server.database.db)).toEqual(before);
    // The same upload, uncompressed, is stored.
    const plain = await sendRaw(server.url, { method: "POST", path: "/api/upload-temp-image", headers: { ...tokenHeaders(token), "content-type": `multipart/form-data; boundary=${boundary}`, "content-encoding": "identity" }, body: multipart(png) });
    expect(plain.status).toBe(201);
  });
});

describe("an early answer to a request whose body is still coming", () => {
  it("reads the rest of the body before it answers 401, so a reset cannot swallow the answer", async () => {
    const { hostname, port } = new URL(server.url);
    const body = multipart(Buffer.alloc(256 * 1024, 7));
    const half = Math.floor(body.length / 2);
    const socket = (await import("node:net")).connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on("data", (chunk) => received.push(chunk));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.on("error", () => {});
    socket.write(
      `POST /api/upload-temp-image HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, half));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // No session: the server knows the answer already, but holds it until the body has arrived.
    expect(Buffer.concat(received).length).toBe(0);
    socket.write(body.subarray(half));
    await closed;
    const text = Buffer.concat(received).toString("latin1");
    expect(text).toMatch(/^HTTP\/1\.1 401/);
    expect(codeOf(text)).toBe("unauthorized:session");
  });
});
