import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// The client's address is what per-IP limits count; the per-IP limit on sign-in codes (2 here) makes it visible.
const limits = { OTP_SEND_LIMIT_PER_IP: "2" };

let direct: TestServer;
let behindProxy: TestServer;

beforeAll(async () => {
  [direct, behindProxy] = await Promise.all([startTestServer({ env: limits }), startTestServer({ env: { ...limits, TRUST_PROXY: "1" } })]);
});
afterAll(async () => {
  await Promise.all([direct?.close(), behindProxy?.close()]);
});

async function sendsFrom(server: TestServer, forwardedFor: string[], prefix: string): Promise<number[]> {
  const statuses = [];
  for (const [i, ip] of forwardedFor.entries()) {
    statuses.push((await postJson(server, "/api/auth/send-otp", { email: `${prefix}${i}@example.com` }, { "x-forwarded-for": ip })).status);
  }
  return statuses;
}

describe("the client's address", () => {
  it("ignores X-Forwarded-For when TRUST_PROXY is not set: a client cannot pose as many addresses", async () => {
    expect(direct.config.trustProxy).toBe(0);
    expect(await sendsFrom(direct, ["198.51.100.1", "198.51.100.2", "198.51.100.3"], "direct")).toEqual([200, 200, 429]);
  });

  it("honours the proxy's X-Forwarded-For with TRUST_PROXY=1: each address has its own count", async () => {
    expect(await sendsFrom(behindProxy, ["198.51.100.1", "198.51.100.2", "198.51.100.3"], "proxied")).toEqual([200, 200, 200]);
    expect(await sendsFrom(behindProxy, ["203.0.113.9", "203.0.113.9", "203.0.113.9"], "same")).toEqual([200, 200, 429]);
  });

  it("with TRUST_PROXY=1 takes only the address the proxy added, not one the client wrote before it", async () => {
    // The client forges the first entries; the trusted proxy appends the real address last.
    const forged = ["10.0.0.1, 192.0.2.50", "10.0.0.2, 192.0.2.50", "10.0.0.3, 192.0.2.50"];
    expect(await sendsFrom(behindProxy, forged, "forged")).toEqual([200, 200, 429]);
  });
});
