import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { postJson, signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// The real verifier, watched: how many hashes a login checks, and which, is what keeps its timing equal.
const verified = vi.hoisted(() => ({ hashes: [] as string[] }));
vi.mock(import("./passwords.ts"), async (importOriginal) => {
  const real = await importOriginal();
  return {
    ...real,
    verifyPassword: async (storedHash: string, password: string) => {
      verified.hashes.push(storedHash);
      return real.verifyPassword(storedHash, password);
    },
  };
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SEND_LIMIT_PER_IP: "10000", LOGIN_FAILURE_LIMIT_PER_IP: "10000" } });
  const { sessionToken } = await signInByCode(server, "has-password@example.com");
  await postJson(server, "/api/auth/password", { newPassword: "a real long password" }, { "x-session-token": sessionToken });
  await signInByCode(server, "code-only@example.com");
});
afterAll(async () => server?.close());
beforeEach(() => {
  verified.hashes.length = 0;
});

// The same parameters as a real hash, so checking it costs what checking a real one does.
const argon2idAsStored = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[^$]{16,}\$[^$]{32,}$/;

describe("password login timing", () => {
  it("verifies one real-looking argon2id hash for an unknown e-mail, as for a known one", async () => {
    const known = await postJson(server, "/api/auth/login", { email: "has-password@example.com", password: "not the password" });
    expect(known.status).toBe(401);
    expect(verified.hashes).toHaveLength(1);
    expect(verified.hashes[0]).toMatch(argon2idAsStored);

    verified.hashes.length = 0;
    const unknown = await postJson(server, "/api/auth/login", { email: "nobody-here@example.com", password: "not the password" });
    expect(unknown.status).toBe(401);
    expect(verified.hashes).toHaveLength(1);
    expect(verified.hashes[0]).toMatch(argon2idAsStored);
  });

  it("verifies a dummy hash for an account that has no password yet", async () => {
    const res = await postJson(server, "/api/auth/login", { email: "code-only@example.com", password: "not the password" });
    expect(res.status).toBe(401);
    expect(verified.hashes).toHaveLength(1);
    expect(verified.hashes[0]).toMatch(argon2idAsStored);
  });
});
