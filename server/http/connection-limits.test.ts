import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChildServer, startChildServer } from "../testing/child-server.ts";
import { holdHalfSentConnections, timedGet } from "../testing/half-sent.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { shellOnlyWebDir } from "../testing/web-dir.ts";
import { clientKey } from "./client-address.ts";

describe("one host holding thousands of half-sent connections", () => {
  // The real server in a process of its own with 1,024 file descriptors: 2,000 connections held open would use
  // them all, and then nobody's connection could be accepted. Headers may take a minute here, so only the cap
  // (256 per address by default) stands between the attacker and everyone else.
  const dataDir = mkdtempSync(join(tmpdir(), "tf-conn-cap-"));
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer({ DATA_DIR: dataDir, HTTP_HEADERS_TIMEOUT_MS: "60000" }, { maxOpenFiles: 1024 });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps /api/health answering another address while 127.0.0.1 holds 2,000, and closes all but 256 of them", async () => {
    const attack = await holdHalfSentConnections(server.url, 2_000, "127.0.0.1");
    try {
      for (let i = 0; i < 3; i++) expect((await timedGet(`${server.url}/api/health`, "127.0.0.2")).status).toBe(200);
      expect(await attack.settle(256, 10_000)).toBeLessThanOrEqual(256);
    } finally {
      attack.close();
    }
  }, 60_000);
});

describe("behind trusted proxies", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: "1", MAX_CONNECTIONS_PER_IP: "2" }, deps: { webDir: shellOnlyWebDir() } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("caps each forwarded client's requests in flight (429 rate_limited:connections), never the proxy's connections", async () => {
    const { hostname, port } = new URL(server.url);
    const { connect } = await import("node:net");
    // Two requests from 203.0.113.7 whose bodies are still on their way.
    const slow = Array.from({ length: 2 }, () => {
      const socket = connect(Number(port), hostname);
      socket.on("error", () => {});
      socket.write(`POST /api/waitlist HTTP/1.1\r\nHost: ${hostname}:${port}\r\nX-Forwarded-For: 203.0.113.7\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em`);
      return socket;
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      const third = await fetch(`${server.url}/api/health`, { headers: { "x-forwarded-for": "203.0.113.7" } });
      expect(third.status).toBe(429);
      expect(third.headers.get("retry-after")).toBe("1");
      expect(await third.json()).toMatchObject({ code: "rate_limited:connections" });
      // Another client through the same proxy (the same peer address, with two connections already open) is served.
      expect((await fetch(`${server.url}/api/health`, { headers: { "x-forwarded-for": "203.0.113.8" } })).status).toBe(200);
    } finally {
      for (const socket of slow) socket.destroy();
    }
    // Once those requests end, the client is served again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await fetch(`${server.url}/api/health`, { headers: { "x-forwarded-for": "203.0.113.7" } })).status).toBe(200);
  });
});

describe("the key a client is counted under", () => {
  it("is the IPv4 address (also when mapped into IPv6) or the IPv6 /64", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002::ffff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey(undefined)).toBe("unknown");
  });
});
