import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authUserSchema, signInResponseSchema } from "../../contract/auth.ts";
import type { Mailer, OutgoingMail } from "../mail/mailer.ts";
import { devMails } from "../../db/schema/dev-mails.ts";
import { otpCodes } from "../../db/schema/otp-codes.ts";
import { users } from "../../db/schema/users.ts";
import { cookieFrom, latestCode, postJson, signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { shellOnlyWebDir } from "../testing/web-dir.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";

let server: TestServer;
let now = Date.UTC(2026, 5, 1, 12);

beforeAll(async () => {
  server = await startTestServer({ env: { OTP_SEND_LIMIT_PER_IP: "10000", LOGIN_FAILURE_LIMIT_PER_IP: "10000" }, deps: { clock: () => now } });
});
afterAll(async () => {
  await server?.close();
});

const getUser = (headers: Record<string, string>) => fetch(`${server.url}/api/auth/user`, { headers });
const mailsTo = async (email: string) => (await server.database.db.select().from(devMails).where(eq(devMails.to, email))).length;

describe("one-time codes", () => {
  it("signs up a new e-mail: user, token and cookie, and the user endpoint answers", async () => {
    const { user, sessionToken, cookie } = await signInByCode(server, "New.User@Example.com");
    expect(user).toMatchObject({ email: "new.user@example.com", plan: "free", hasPassword: false });
    expect(authUserSchema.safeParse(user).success).toBe(true);
    const byHeader = await getUser({ "x-session-token": sessionToken });
    expect(byHeader.status).toBe(200);
    expect(await byHeader.json()).toMatchObject({ id: user.id, email: "new.user@example.com" });
    expect((await getUser({ cookie })).status).toBe(200);
  });

  it("answers known and unknown e-mails identically", async () => {
    await signInByCode(server, "known@example.com");
    now += 11 * 60_000;
    const known = await postJson(server, "/api/auth/send-otp", { email: "known@example.com" });
    const unknown = await postJson(server, "/api/auth/send-otp", { email: "unknown-yet@example.com" });
    expect(known.status).toBe(unknown.status);
    expect(await known.text()).toBe(await unknown.text());
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
  });

  it("refuses the right code after 5 wrong ones", async () => {
    const email = "five-wrong@example.com";
    await postJson(server, "/api/auth/send-otp", { email });
    const code = await latestCode(server, email);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await postJson(server, "/api/auth/verify-otp", { email, code: wrong });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: "unauthorized:code" });
    }
    const res = await postJson(server, "/api/auth/verify-otp", { email, code });
    expect(res.status).toBe(401);
  });

  itOnPostgres("lets exactly one of two concurrent verifies of one code through", async () => {
    const email = "race@example.com";
    await postJson(server, "/api/auth/send-otp", { email });
    const code = await latestCode(server, email);
    const answers = await Promise.all([0, 1, 2, 3].map(() => postJson(server, "/api/auth/verify-otp", { email, code })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
  });

  it("refuses a code used at 600 s + 1, accepts one at 599 s", async () => {
    const email = "late@example.com";
    await postJson(server, "/api/auth/send-otp", { email });
    const late = await latestCode(server, email);
    now += 601_000;
    expect((await postJson(server, "/api/auth/verify-otp", { email, code: late })).status).toBe(401);
    now += 11 * 60_000;
    await postJson(server, "/api/auth/send-otp", { email });
    const inTime = await latestCode(server, email);
    now += 599_000;
    expect((await postJson(server, "/api/auth/verify-otp", { email, code: inTime })).status).toBe(200);
  });

  it("answers the 4th send in 10 minutes with 429 and mails at most 3 codes", async () => {
    const email = "four-sends@example.com";
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await postJson(server, "/api/auth/send-otp", { email })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await mailsTo(email)).toBe(3);
  });

  it("stores only an HMAC of the code", async () => {
    const email = "hmac@example.com";
    await postJson(server, "/api/auth/send-otp", { email });
    const code = await latestCode(server, email);
    const [row] = await server.database.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
  });

  it("refuses malformed input with 400", async () => {
    expect((await postJson(server, "/api/auth/send-otp", { email: "nope" })).status).toBe(400);
    expect((await postJson(server, "/api/auth/verify-otp", { email: "a@example.com", code: "12ab" })).status).toBe(400);
  });
});

describe("passwords", () => {
  it("sets a password, then logs in with it; wrong and unknown answer alike", async () => {
    const { sessionToken } = await signInByCode(server, "pw@example.com");
    const weak = await postJson(server, "/api/auth/password", { newPassword: "password123" }, { "x-session-token": sessionToken });
    expect(await weak.json()).toMatchObject({ code: "invalid:password_common" });
    const short = await postJson(server, "/api/auth/password", { newPassword: "short" }, { "x-session-token": sessionToken });
    expect(await short.json()).toMatchObject({ code: "invalid:password_length" });
    const set = await postJson(server, "/api/auth/password", { newPassword: "correct horse battery" }, { "x-session-token": sessionToken });
    expect(set.status).toBe(200);
    expect((await set.json()).user.hasPassword).toBe(true);

    const ok = await postJson(server, "/api/auth/login", { email: "PW@example.com", password: "correct horse battery" });
    expect(ok.status).toBe(200);
    expect(signInResponseSchema.safeParse(await ok.json()).success).toBe(true);

    const wrong = await postJson(server, "/api/auth/login", { email: "pw@example.com", password: "wrong password!" });
    const unknown = await postJson(server, "/api/auth/login", { email: "nobody@example.com", password: "wrong password!" });
    const codeOnly = await postJson(server, "/api/auth/login", { email: "known@example.com", password: "wrong password!" });
    const bodies = await Promise.all([wrong, unknown, codeOnly].map((r) => r.text()));
    expect([wrong.status, unknown.status, codeOnly.status]).toEqual([401, 401, 401]);
    expect(new Set(bodies).size).toBe(1);
  });

  it("stores the password as argon2id with m=19456 KiB, t=2, p=1 and a salt of its own", async () => {
    const { sessionToken } = await signInByCode(server, "argon@example.com");
    await postJson(server, "/api/auth/password", { newPassword: "argon parameters here" }, { "x-session-token": sessionToken });
    const [row] = await server.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, "argon@example.com"));
    // PHC string: $argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash> (OWASP's minimum for argon2id).
    const [, algorithm, version, parameters, salt, digest] = (row?.hash ?? "").split("$");
    expect({ algorithm, version, parameters }).toEqual({ algorithm: "argon2id", version: "v=19", parameters: "m=19456,t=2,p=1" });
    expect(Buffer.from(salt ?? "", "base64").length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(digest ?? "", "base64").length).toBeGreaterThanOrEqual(32);
  });

  it("refuses a password of 7 characters and takes one of 8 (docs/product/accounts.md: 8 to 256)", async () => {
    const { sessionToken } = await signInByCode(server, "length@example.com");
    const seven = await postJson(server, "/api/auth/password", { newPassword: "qz7vkwm" }, { "x-session-token": sessionToken });
    expect({ status: seven.status, body: await seven.json() }).toMatchObject({ status: 400, body: { code: "invalid:password_length" } });
    const eight = await postJson(server, "/api/auth/password", { newPassword: "qz7vkwmx" }, { "x-session-token": sessionToken });
    expect(eight.status).toBe(200);
  });

  it("says 'Invalid login parameters' when e-mail or password is missing", async () => {
    for (const body of [{}, { email: "a@example.com" }, { password: "x" }, { email: "", password: "" }]) {
      const res = await postJson(server, "/api/auth/login", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "Invalid login parameters", code: "invalid:login_parameters" });
    }
  });

  it("changing a password needs the current one and ends the other sessions", async () => {
    const first = await signInByCode(server, "change@example.com");
    await postJson(server, "/api/auth/password", { newPassword: "first long password" }, { "x-session-token": first.sessionToken });
    const other = await postJson(server, "/api/auth/login", { email: "change@example.com", password: "first long password" });
    const otherToken = ((await other.json()) as { sessionToken: string }).sessionToken;
    const noCurrent = await postJson(server, "/api/auth/password", { newPassword: "second long password" }, { "x-session-token": first.sessionToken });
    expect(await noCurrent.json()).toMatchObject({ code: "invalid:current_password" });
    const changed = await postJson(
      server,
      "/api/auth/password",
      { currentPassword: "first long password", newPassword: "second long password" },
      { "x-session-token": first.sessionToken },
    );
    expect(await changed.json()).toMatchObject({ otherSessionsEnded: 1 });
    expect((await getUser({ "x-session-token": otherToken })).status).toBe(401);
    expect((await getUser({ "x-session-token": first.sessionToken })).status).toBe(200);
  });

  it("makes an IP that failed 10 times in 10 minutes wait", async () => {
    const limited = await startTestServer({ deps: { clock: () => now } });
    try {
      const { sessionToken } = await signInByCode(limited, "pw@example.com");
      await postJson(limited, "/api/auth/password", { newPassword: "correct horse battery" }, { "x-session-token": sessionToken });
      const statuses = [];
      // Guesses spread over accounts, so it is the address's limit that answers, not one account's backoff.
      for (let i = 0; i < 11; i++) {
        statuses.push((await postJson(limited, "/api/auth/login", { email: `pw${i}@example.com`, password: `guess number ${i}` })).status);
      }
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      const right = await postJson(limited, "/api/auth/login", { email: "pw@example.com", password: "correct horse battery" });
      expect(right.status).toBe(429);
      expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
      now += 10 * 60_000 + 1;
      expect((await postJson(limited, "/api/auth/login", { email: "pw@example.com", password: "correct horse battery" })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe("sessions over HTTP", () => {
  it("logout deletes the session and clears the cookie; a replay is 401", async () => {
    const { sessionToken, cookie } = await signInByCode(server, "logout@example.com");
    const res = await postJson(server, "/api/auth/logout", undefined, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/session=;.*Expires=Thu, 01 Jan 1970/);
    expect((await getUser({ cookie })).status).toBe(401);
    expect((await getUser({ "x-session-token": sessionToken })).status).toBe(401);
    expect((await postJson(server, "/api/auth/logout", undefined, { cookie })).status).toBe(401);
  });

  it("does not accept a cookie planted before sign-in, and ends the session a sign-in replaces", async () => {
    const planted = "session=aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
    const email = "fixation@example.com";
    await postJson(server, "/api/auth/send-otp", { email }, { cookie: planted });
    const res = await postJson(server, "/api/auth/verify-otp", { email, code: await latestCode(server, email) }, { cookie: planted });
    expect(res.status).toBe(200);
    const fresh = cookieFrom(res);
    expect(fresh).not.toBe(planted);
    expect((await getUser({ cookie: planted })).status).toBe(401);
    expect((await getUser({ cookie: fresh })).status).toBe(200);

    now += 11 * 60_000;
    await postJson(server, "/api/auth/send-otp", { email });
    const again = await postJson(server, "/api/auth/verify-otp", { email, code: await latestCode(server, email) }, { cookie: fresh });
    expect(cookieFrom(again)).not.toBe(fresh);
    expect((await getUser({ cookie: fresh })).status).toBe(401);
  });

  it("refuses a cross-site POST that carries the cookie with 403, and allows same-origin", async () => {
    const { cookie } = await signInByCode(server, "csrf@example.com");
    const evil = await postJson(server, "/api/auth/logout", undefined, { cookie, origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toMatchObject({ code: "forbidden:origin" });
    const site = await postJson(server, "/api/auth/logout", undefined, { cookie, "sec-fetch-site": "cross-site" });
    expect(site.status).toBe(403);
    expect((await getUser({ cookie })).status).toBe(200);
    const same = await postJson(server, "/api/auth/logout", undefined, { cookie, origin: server.url, "sec-fetch-site": "same-origin" });
    expect(same.status).toBe(200);
  });

  it("answers 401 with no session, and never a stack", async () => {
    const res = await getUser({});
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Please sign in.", code: "unauthorized:session" });
  });
});

describe("cookie attributes in production", () => {
  it("sets __Host-session with HttpOnly, Secure, SameSite=Lax, Path=/ and an expiry", async () => {
    // Production needs SMTP; the relay lies outside this machine, so the mail is caught at the mailer.
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { kind: "smtp", send: async (mail) => void sent.push(mail), close: () => {} };
    const prod = await startTestServer({ env: { NODE_ENV: "production", SMTP_URL: "smtp://127.0.0.1:9" }, deps: { mailer, webDir: shellOnlyWebDir() } });
    try {
      const email = "prod@example.com";
      await postJson(prod, "/api/auth/send-otp", { email });
      // No copy of the code is kept in any table, and there is no dev mailbox to read.
      expect(await prod.database.db.select().from(devMails)).toHaveLength(0);
      expect((await fetch(`${prod.url}/dev/mailbox.json`)).status).toBe(404);
      const code = /\b(\d{6})\b/.exec(sent.find((m) => m.to === email)?.text ?? "")?.[1] ?? "";
      const res = await postJson(prod, "/api/auth/verify-otp", { email, code });
      const header = res.headers.getSetCookie().find((c) => c.startsWith("__Host-session=")) ?? "";
      expect(header).toMatch(/^__Host-session=[a-z2-7]{24}\.[a-z2-7]{52};/);
      for (const attribute of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/", "Expires="]) expect(header).toContain(attribute);
      expect(header).not.toContain("Domain=");
    } finally {
      await prod.close();
    }
  });
});
