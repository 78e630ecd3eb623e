import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_PATHS } from "../../contract/auth.ts";
import { WAITLIST_PATH } from "../../contract/waitlist.ts";
import { stateOf } from "../testing/db-state.ts";
import { authHeaders, createFuzzLog, jsonRequests, type RawRequest, nastyString, nastyValue, nonString, notAnEmail, samples, sendAll } from "../testing/fuzz.ts";
import { signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Every JSON endpoint that writes, fed bodies that are wrong in exactly one place: no 5xx, and nothing changes.
let server: TestServer;
let good: Record<string, string>;
const log = createFuzzLog();

beforeAll(async () => {
  server = await startTestServer({
    env: { WAITLIST_LIMIT_PER_IP: "1000000", OTP_SEND_LIMIT_PER_IP: "1000000", LOGIN_FAILURE_LIMIT_PER_IP: "1000000" },
  });
  const { sessionToken } = await signInByCode(server, "fuzz.json@example.com");
  good = { "x-session-token": sessionToken };
});
afterAll(async () => {
  console.log(`JSON endpoints: ${log.summary()}`);
  await server?.close();
});

const shortOrLong = fc.oneof(
  nonString,
  nastyString.filter((s) => s.length < 8 || s.length > 256),
);
const notAValidSeed = fc.oneof(nonString, nastyValue.filter((v) => !(typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 0xffffffff)));
const notAValidPrompt = fc.oneof(
  nonString,
  fc.constantFrom("", "   ", "\t\n", "x".repeat(2_001), "a\u0000b", "\u0000", "A calm lake\u0000"),
);

describe("fuzzing the JSON endpoints", () => {
  it("answers one-place-wrong bodies with 4xx, never 5xx, and changes nothing", async () => {
    const before = await stateOf(server.database.db);
    const anyone = authHeaders(undefined);
    const targets: [string, fc.Arbitrary<RawRequest>][] = [
      [
        `POST ${WAITLIST_PATH}`,
        jsonRequests("POST", WAITLIST_PATH, { valid: { email: "fuzz.wait@example.com" }, breakers: { email: notAnEmail, language: nonString }, required: ["email"] }, anyone),
      ],
      [
        `POST ${AUTH_PATHS.sendOtp}`,
        jsonRequests("POST", AUTH_PATHS.sendOtp, { valid: { email: "fuzz.otp@example.com" }, breakers: { email: notAnEmail, language: nonString }, required: ["email"] }, anyone),
      ],
      [
        `POST ${AUTH_PATHS.verifyOtp}`,
        jsonRequests(
          "POST",
          AUTH_PATHS.verifyOtp,
          { valid: { email: "nobody@example.com", code: "123456" }, breakers: { email: notAnEmail, code: nastyValue, language: nonString }, required: ["email", "code"] },
          anyone,
        ),
      ],
      [
        `POST ${AUTH_PATHS.login}`,
        jsonRequests(
          "POST",
          AUTH_PATHS.login,
          { valid: { email: "nobody@example.com", password: "not the password" }, breakers: { email: nastyValue, password: nastyValue }, required: ["email", "password"] },
          anyone,
        ),
      ],
      // Logout with a good session would end it: only garbage sessions here.
      [`POST ${AUTH_PATHS.logout}`, jsonRequests("POST", AUTH_PATHS.logout, { valid: {}, breakers: { x: nastyValue }, required: [] }, anyone)],
      [
        `POST ${AUTH_PATHS.password}`,
        jsonRequests(
          "POST",
          AUTH_PATHS.password,
          { valid: { newPassword: "a long enough password" }, breakers: { newPassword: shortOrLong, currentPassword: nonString }, required: ["newPassword"] },
          authHeaders(good),
        ),
      ],
      // Nothing to refund and no payment keys here: every answer is a 4xx and nothing is written.
      [
        "POST /api/refund-requests",
        jsonRequests(
          "POST",
          "/api/refund-requests",
          { valid: { transactionId: "3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b", reason: "wrong pack" }, breakers: { transactionId: nastyValue, reason: nastyValue }, required: ["transactionId", "reason"] },
          authHeaders(good),
        ),
      ],
      [
        "POST /api/create-payment-intent",
        jsonRequests("POST", "/api/create-payment-intent", { valid: { packId: "starter" }, breakers: { packId: nastyValue }, required: ["packId"] }, authHeaders(good)),
      ],
      [
        "POST /api/generate-kontext-image",
        jsonRequests(
          "POST",
          "/api/generate-kontext-image",
          {
            valid: { prompt: "A calm lake at dawn" },
            breakers: {
              prompt: notAValidPrompt,
              style: nastyValue,
              aspect: nastyValue,
              model: fc.oneof(nonString, nastyString.filter((s) => s.trim() !== "")),
              personaIds: fc.oneof(
                nastyValue.filter((v) => !(Array.isArray(v) && v.length === 0)),
                fc.array(fc.uuid(), { minLength: 1, maxLength: 6 }),
                fc.array(nastyValue, { minLength: 1, maxLength: 3 }),
              ),
              baseImageId: fc.oneof(nastyValue, fc.uuid()),
              seed: notAValidSeed,
            },
            required: ["prompt"],
          },
          authHeaders(good),
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
