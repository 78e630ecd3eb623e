import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { latestCode, postJson, signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Requests seem to come from different addresses through X-Forwarded-For, which TRUST_PROXY=1 honours.
const from = (ip: string, extra: Record<string, string> = {}) => ({ "x-forwarded-for": ip, ...extra });

let server: TestServer;
let now = Date.now();

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "1" }, deps: { clock: () => now } });
});
afterAll(async () => server?.close());

async function accountWithPassword(email: string, password: string): Promise<void> {
  const { sessionToken } = await signInByCode(server, email);
  const res = await postJson(server, "/api/auth/password", { newPassword: password }, { "x-session-token": sessionToken });
  expect(res.status).toBe(200);
}

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe("password guessing", () => {
  itOnPostgres("40 wrong passwords at once from one address: only the address's limit is tried, the rest wait", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => postJson(server, "/api/auth/login", { email: `crowd${i}@example.com`, password: "not it at all" }, from("198.51.100.40"))),
    ).then((all) => all.map((r) => r.status));
    expect(tally(statuses)).toEqual({ 401: 10, 429: 30 });
  });

  itOnPostgres("40 wrong passwords at once for one account from 40 addresses: five are tried, the rest are slowed", async () => {
    await accountWithPassword("target@example.com", "correct horse battery");
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => postJson(server, "/api/auth/login", { email: "target@example.com", password: `guess ${i}` }, from(`203.0.113.${i + 1}`))),
    ).then((all) => all.map((r) => r.status));
    expect(tally(statuses)).toEqual({ 401: 5, 429: 35 });
  });

  it("slows an account's next try after five failures, twice as long each time, and lets the owner in once it has passed", async () => {
    await accountWithPassword("owner@example.com", "correct horse battery");
    for (let i = 0; i < 5; i++) {
      expect((await postJson(server, "/api/auth/login", { email: "owner@example.com", password: `wrong ${i}` }, from(`192.0.2.${i + 1}`))).status).toBe(401);
    }
    // The sixth try, even the right one from the owner's own address, waits a second.
    const early = await postJson(server, "/api/auth/login", { email: "owner@example.com", password: "correct horse battery" }, from("198.51.100.7"));
    expect(early.status).toBe(429);
    expect(await early.json()).toMatchObject({ code: "rate_limited:sign-in-account" });
    expect(Number(early.headers.get("retry-after"))).toBe(1);
    now += 1_100;
    expect((await postJson(server, "/api/auth/login", { email: "owner@example.com", password: "wrong again" }, from("192.0.2.9"))).status).toBe(401);
    // The next waits 2 seconds (a code by e-mail is never slowed).
    now += 1_500;
    expect((await postJson(server, "/api/auth/login", { email: "owner@example.com", password: "correct horse battery" }, from("198.51.100.7"))).status).toBe(429);
    now += 600;
    const ok = await postJson(server, "/api/auth/login", { email: "owner@example.com", password: "correct horse battery" }, from("198.51.100.7"));
    expect(ok.status).toBe(200);
    // Success clears the account's count: the next mistake is tried at once again.
    expect((await postJson(server, "/api/auth/login", { email: "owner@example.com", password: "typo" }, from("198.51.100.7"))).status).toBe(401);
  });
});

describe("malformed addresses", () => {
  it("answers an e-mail with a NUL byte with 400 on every sign-in door", async () => {
    for (const [path, body] of [
      ["/api/auth/send-otp", { email: "a\u0000b@example.com" }],
      ["/api/auth/verify-otp", { email: "a\u0000b@example.com", code: "123456" }],
      ["/api/auth/login", { email: "a\u0000b@example.com", password: "whatever it is" }],
      ["/api/waitlist", { email: "a\u0000b@example.com" }],
    ] as const) {
      const res = await postJson(server, path, body, from("198.51.100.77"));
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
  });
});

describe("codes a stranger asks for", () => {
  it("cannot use up the owner's sends or burn the owner's code", async () => {
    const email = "victim@example.com";
    // The owner asks for a code first.
    const ownerSend = await postJson(server, "/api/auth/send-otp", { email }, from("198.51.100.20"));
    expect(ownerSend.status).toBe(200);
    const ownerCode = await latestCode(server, email);
    // A stranger at another address spends every send they have and guesses wrong until their tries are gone.
    const strangerSends: number[] = [];
    for (let i = 0; i < 4; i++) strangerSends.push((await postJson(server, "/api/auth/send-otp", { email }, from("203.0.113.66"))).status);
    expect(strangerSends).toEqual([200, 200, 200, 429]);
    const wrong = ownerCode === "000000" ? "111111" : "000000";
    for (let i = 0; i < 6; i++) await postJson(server, "/api/auth/verify-otp", { email, code: wrong }, from("203.0.113.66"));
    // The owner's code, asked for before the stranger's, still works from the owner's address.
    const verified = await postJson(server, "/api/auth/verify-otp", { email, code: ownerCode }, from("198.51.100.20"));
    expect(verified.status).toBe(200);
    // And the owner can still ask for a fresh one.
    expect((await postJson(server, "/api/auth/send-otp", { email }, from("198.51.100.20"))).status).toBe(200);
  });

  it("keeps a browser's code with its own requester cookie, whatever address it verifies from", async () => {
    const email = "roaming@example.com";
    const sent = await postJson(server, "/api/auth/send-otp", { email }, from("198.51.100.30"));
    const cookie = sent.headers.getSetCookie().find((c) => c.startsWith("otp_requester="))?.split(";")[0] ?? "";
    expect(cookie).toMatch(/^otp_requester=[A-Za-z0-9_-]{22}$/);
    // A second code asked for by the same browser (now with its cookie) from a new network.
    now += 1000;
    await postJson(server, "/api/auth/send-otp", { email }, from("198.51.100.31", { cookie }));
    const code = await latestCode(server, email);
    const res = await postJson(server, "/api/auth/verify-otp", { email, code }, from("198.51.100.99", { cookie }));
    expect(res.status).toBe(200);
  });
});
