import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testPhoto, tokenHeaders } from "../testing/images.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { shellOnlyWebDir } from "../testing/web-dir.ts";

// The shortest timeouts the settings allow, so each shows within seconds; the defaults are ten times longer.
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer({
    env: { HTTP_HEADERS_TIMEOUT_MS: "1000", HTTP_BODY_TIMEOUT_MS: "1000", HTTP_UPLOAD_TIMEOUT_MS: "20000" },
    deps: { webDir: shellOnlyWebDir() },
  });
  token = (await signInByCode(server, "slow-line@example.com")).sessionToken;
});
afterAll(async () => {
  await server?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `parts` one after another with `gapMs` between them, then reads until the server closes (or 20 s). */
function trickle(parts: (string | Buffer)[], gapMs: number): Promise<{ status: number; closedBeforeEnd: boolean }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let sent = 0;
    const finish = () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(Buffer.concat(chunks).toString("latin1"))?.[1] ?? 0), closedBeforeEnd: sent < parts.length });
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("close", finish);
    socket.on("error", () => {});
    socket.setTimeout(20_000, () => socket.destroy());
    void (async () => {
      for (const part of parts) {
        if (socket.destroyed) return;
        socket.write(part);
        sent++;
        await pause(gapMs);
      }
    })();
  });
}

describe("HTTP timeouts", () => {
  it("closes a connection whose headers never finish (408), within about HTTP_HEADERS_TIMEOUT_MS", async () => {
    const { hostname, port } = new URL(server.url);
    const res = await trickle([`GET /api/health HTTP/1.1\r\nHost: ${hostname}:${port}\r\n`, ...Array.from({ length: 20 }, (_, i) => `X-Slow-${i}: 1\r\n`)], 500);
    expect(res.closedBeforeEnd).toBe(true);
    expect(res.status).toBe(408);
  });

  it("answers 408 to a JSON body still arriving after HTTP_BODY_TIMEOUT_MS", async () => {
    const { hostname, port } = new URL(server.url);
    const body = JSON.stringify({ email: "trickle@example.com" }).padEnd(60, " ");
    const head = `POST /api/waitlist HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const res = await trickle([head, ...body.match(/.{1,3}/g)!], 500);
    expect(res.closedBeforeEnd).toBe(true);
    expect(res.status).toBe(408);
  });

  it("lets an upload arrive slowly, past the body timeout, within HTTP_UPLOAD_TIMEOUT_MS", async () => {
    const { hostname, port } = new URL(server.url);
    const b = "slowboundary";
    const png = await testPhoto(64, 64);
    const body = Buffer.concat([
      Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="image"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${b}--\r\n`),
    ]);
    const headers = Object.entries({ Host: `${hostname}:${port}`, ...tokenHeaders(token), "Content-Type": `multipart/form-data; boundary=${b}`, "Content-Length": String(body.length), Connection: "close" });
    const head = `POST /api/upload-temp-image HTTP/1.1\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`;
    // Six pieces half a second apart: three times the body timeout.
    const step = Math.ceil(body.length / 6);
    const pieces = Array.from({ length: 6 }, (_, i) => body.subarray(i * step, (i + 1) * step));
    const res = await trickle([head, ...pieces], 500);
    expect(res.status).toBe(201);
  });
});
