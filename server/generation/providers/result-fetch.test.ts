import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../../errors/app-error.ts";
import { expectAppError, sendBytes, startWireServer, type WireHandler, type WireServer } from "../../testing/wire-server.ts";
import { createGuardedFetch } from "./result-fetch.ts";

let server: WireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

// A generous time limit where the test is not about time: a loaded machine must not turn an answer into a timeout.
async function guarded(handler: WireHandler, limits = { timeoutMs: 10_000, maxBytes: 1000 }) {
  server = await startWireServer(handler);
  return { fetch: createGuardedFetch({ allowedHosts: ["fal.media", server.url], result: limits }), url: server.url };
}

describe("guarded result fetch", () => {
  it("passes an allowed origin's answer through intact", async () => {
    const { fetch, url } = await guarded((_req, res) => sendBytes(res, Buffer.alloc(600, 1)));
    const response = await fetch(`${url}/result.png`);
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(600);
  });

  it("refuses hosts off the list, and plain http for bare host entries, before any request is made", async () => {
    server = await startWireServer((_req, res) => sendBytes(res, Buffer.alloc(10)));
    const port = new URL(server.url).port;
    const fetch = createGuardedFetch({ allowedHosts: [`127.0.0.1:${port}`, "fal.media"], result: { timeoutMs: 300, maxBytes: 1000 } });
    await expectAppError(fetch(`${server.url}/x.png`), "unprocessable:provider");
    await expectAppError(fetch(`http://localhost:${port}/x.png`), "unprocessable:provider");
    await expectAppError(fetch("https://fal.media.evil.example/x.png"), "unprocessable:provider");
    expect(server.requests).toHaveLength(0);
  });

  it("does not follow redirects", async () => {
    const { fetch, url } = await guarded((req, res) =>
      req.path === "/moved" ? res.writeHead(302, { location: "/elsewhere" }).end() : sendBytes(res, Buffer.alloc(10)),
    );
    await expectAppError(fetch(`${url}/moved`), "unprocessable:provider");
    expect(server?.requests.map((r) => r.path)).toEqual(["/moved"]);
  });

  it("refuses a declared Content-Length over the limit", async () => {
    const { fetch, url } = await guarded((_req, res) => sendBytes(res, Buffer.alloc(5000)));
    await expectAppError(fetch(`${url}/big.png`), "unprocessable:provider");
  });

  it("aborts a streamed body once it passes the limit", async () => {
    const { fetch, url } = await guarded((_req, res) => {
      res.writeHead(200, { "content-type": "image/png" });
      for (let i = 0; i < 10; i++) res.write(Buffer.alloc(400));
      res.end();
    });
    const response = await fetch(`${url}/chunked.png`);
    await expectAppError(response.arrayBuffer(), "unprocessable:provider");
  });

  it("times out a server that never answers and a body that stalls", async () => {
    const { fetch, url } = await guarded(
      (req, res) => {
        if (req.path === "/stall") res.writeHead(200, { "content-type": "image/png" }).write(Buffer.alloc(100));
      },
      { timeoutMs: 300, maxBytes: 1000 },
    );
    const started = Date.now();
    await expectAppError(fetch(`${url}/silent`), "unavailable:provider");
    const response = await fetch(`${url}/stall`);
    await expectAppError(response.arrayBuffer(), "unavailable:provider");
    // Two 300 ms limits, not the test's own time limit, ended both.
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it("keeps the caller's abort an abort", async () => {
    const { fetch, url } = await guarded(() => undefined, { timeoutMs: 5000, maxBytes: 1000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    const err = await fetch(`${url}/slow`, { signal: controller.signal }).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(AppError);
    expect((err as Error).name).toBe("AbortError");
  });

  it("gives the provider's API origin its own limits", async () => {
    server = await startWireServer((_req, res) => sendBytes(res, Buffer.alloc(3000)));
    const fetch = createGuardedFetch({
      allowedHosts: [],
      result: { timeoutMs: 10_000, maxBytes: 1000 },
      api: { origin: server.url, timeoutMs: 10_000, maxBytes: 4000 },
    });
    expect((await (await fetch(`${server.url}/v1/images/generations`)).arrayBuffer()).byteLength).toBe(3000);
  });
});
