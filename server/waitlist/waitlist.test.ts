import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitlistEntries } from "../../db/schema/waitlist-entries.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { WAITLIST_LIMIT_PER_IP: "100000" } });
});
afterAll(async () => {
  await server?.close();
});

function join(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/api/waitlist`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function rowsFor(email: string) {
  const rows = await server.database.db.select().from(waitlistEntries);
  return rows.filter((r) => r.email === email);
}

describe("POST /api/waitlist", () => {
  it("adds an e-mail trimmed and lower-cased, with a position", async () => {
    const res = await join({ email: "  New.Person@Example.COM " });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, alreadyExists: false });
    const rows = await rowsFor("new.person@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.position).toBeGreaterThan(0);
  });

  it("says alreadyExists for the same e-mail in another case, and keeps one row", async () => {
    await join({ email: "twice@example.com" });
    const res = await join({ email: "TWICE@example.com" });
    expect(await res.json()).toEqual({ success: true, alreadyExists: true });
    expect(await rowsFor("twice@example.com")).toHaveLength(1);
  });

  itOnPostgres("keeps exactly one row for 200 concurrent POSTs of one e-mail in mixed case", async () => {
    const variants = ["Race@Example.com", "race@example.com", "RACE@EXAMPLE.COM", " race@Example.Com "];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => join({ email: variants[i % variants.length] }).then((r) => r.json())),
    );
    expect(answers.every((a) => a.success === true)).toBe(true);
    expect(answers.filter((a) => a.alreadyExists === false)).toHaveLength(1);
    expect(await rowsFor("race@example.com")).toHaveLength(1);
  });

  it("stores nothing when the honeypot is filled, yet answers like success", async () => {
    const res = await join({ email: "bot@example.com", website: "http://spam.example" });
    expect(await res.json()).toEqual({ success: true, alreadyExists: false });
    expect(await rowsFor("bot@example.com")).toHaveLength(0);
  });

  it.each([
    ["empty", ""],
    ["no @", "person.example.com"],
    ["bad syntax", "a@b"],
    ["too long", `${"a".repeat(250)}@example.com`],
  ])("refuses an invalid e-mail (%s) with 400 and no row", async (_label, email) => {
    const before = (await server.database.db.select().from(waitlistEntries)).length;
    const res = await join({ email });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, alreadyExists: false, code: "invalid:email" });
    expect((await server.database.db.select().from(waitlistEntries)).length).toBe(before);
  });

  it("refuses a non-JSON content type with 415", async () => {
    const res = await fetch(`${server.url}/api/waitlist`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=x%40example.com",
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, code: "unsupported_media_type:json" });
  });

  it("refuses a body without an email field", async () => {
    const res = await join({ mail: "x@example.com" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: "invalid:body" });
  });
});

describe("waitlist rate limit", () => {
  it("answers 429 with Retry-After once an IP has used its window", async () => {
    const limited = await startTestServer({ env: { WAITLIST_LIMIT_PER_IP: "3" } });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${limited.url}/api/waitlist`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: `limit${i}@example.com` }),
        });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
          expect(await res.json()).toMatchObject({ success: false, code: "rate_limited:waitlist-ip" });
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const rows = await limited.database.db.select().from(waitlistEntries);
      expect(rows.map((r) => r.email).sort()).toEqual(["limit0@example.com", "limit1@example.com", "limit2@example.com"]);
    } finally {
      await limited.close();
    }
  });

  it("counts invalid, non-JSON and honeypot attempts too, and answers 429 before judging the next one", async () => {
    const limited = await startTestServer({ env: { WAITLIST_LIMIT_PER_IP: "3" } });
    const post = (body: string, type = "application/json") =>
      fetch(`${limited.url}/api/waitlist`, { method: "POST", headers: { "content-type": type }, body });
    try {
      const statuses = [
        (await post("email=x%40example.com", "application/x-www-form-urlencoded")).status,
        (await post(JSON.stringify({ email: "not-an-address" }))).status,
        (await post(JSON.stringify({ email: "bot@example.com", website: "http://spam.example" }))).status,
        (await post(JSON.stringify({ email: "late@example.com" }))).status,
        (await post(JSON.stringify({ email: "still-not-an-address" }))).status,
      ];
      expect(statuses).toEqual([415, 400, 200, 429, 429]);
      expect(await limited.database.db.select().from(waitlistEntries)).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
