import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devMails } from "../../db/schema/dev-mails.ts";
import { postJson } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let server: TestServer;
let now = Date.UTC(2026, 5, 1, 12);

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SEND_LIMIT_PER_IP: "4" }, deps: { clock: () => now } });
});
afterAll(async () => server?.close());

const mailsTo = async (email: string) => (await server.database.db.select().from(devMails).where(eq(devMails.to, email))).length;

describe("sign-in code sends per IP", () => {
  it("stops one address asking codes for many e-mails at OTP_SEND_LIMIT_PER_IP per 10 minutes, each e-mail within its own limit", async () => {
    // Five different e-mails, one send each: no e-mail's own limit (3) is near, only the address's (4).
    const emails = [1, 2, 3, 4, 5].map((n) => `spray${n}@example.com`);
    const statuses = [];
    for (const email of emails) statuses.push((await postJson(server, "/api/auth/send-otp", { email })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(await mailsTo("spray5@example.com")).toBe(0);

    const refused = await postJson(server, "/api/auth/send-otp", { email: "spray6@example.com" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    now += 10 * 60_000 + 1;
    expect((await postJson(server, "/api/auth/send-otp", { email: "spray6@example.com" })).status).toBe(200);
  });
});
