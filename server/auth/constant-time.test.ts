import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { otpCodes } from "../../db/schema/otp-codes.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { latestCode, postJson } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// The real comparison, watched: which stored hashes the sign-in and the session check compare, and through what.
const compared = vi.hoisted(() => ({ expected: [] as string[] }));
vi.mock(import("../secret-equal.ts"), async (importOriginal) => {
  const real = await importOriginal();
  return {
    secretsEqual: (presented: string | Uint8Array, expected: string | Uint8Array) => {
      compared.expected.push(typeof expected === "string" ? expected : Buffer.from(expected).toString("hex"));
      return real.secretsEqual(presented, expected);
    },
  };
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());
beforeEach(() => {
  compared.expected.length = 0;
});

describe("secrets compared in constant time", () => {
  it("checks a one-time code's HMAC and then the session's secret hash through the constant-time helper", async () => {
    const email = "constant@example.com";
    await postJson(server, "/api/auth/send-otp", { email });
    const [stored] = await server.database.db.select({ codeHash: otpCodes.codeHash }).from(otpCodes).where(eq(otpCodes.email, email));
    const signedIn = await postJson(server, "/api/auth/verify-otp", { email, code: await latestCode(server, email) });
    expect(signedIn.status).toBe(200);
    expect(compared.expected).toEqual([stored?.codeHash]);

    compared.expected.length = 0;
    const { sessionToken } = (await signedIn.json()) as { sessionToken: string };
    const [session] = await server.database.db.select({ secretHash: sessions.secretHash }).from(sessions).where(eq(sessions.id, sessionToken.split(".")[0] ?? ""));
    expect((await fetch(`${server.url}/api/auth/user`, { headers: { "x-session-token": sessionToken } })).status).toBe(200);
    expect(compared.expected).toEqual([session?.secretHash]);
  });

  it("refuses a session whose secret differs, having compared it through the helper", async () => {
    const email = "constant-wrong@example.com";
    await postJson(server, "/api/auth/send-otp", { email });
    const signedIn = await postJson(server, "/api/auth/verify-otp", { email, code: await latestCode(server, email) });
    const { sessionToken } = (await signedIn.json()) as { sessionToken: string };
    const forged = `${sessionToken.slice(0, -1)}${sessionToken.endsWith("a") ? "b" : "a"}`;
    compared.expected.length = 0;
    expect((await fetch(`${server.url}/api/auth/user`, { headers: { "x-session-token": forged } })).status).toBe(401);
    expect(compared.expected).toHaveLength(1);
  });
});
