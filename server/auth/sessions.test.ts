import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions as sessionsTable } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { createSessionStore } from "./session-store.ts";
import { ABSOLUTE_MS, createSessions, INACTIVITY_MS } from "./sessions.ts";
import { hashSecret, parseSessionToken } from "./tokens.ts";

let server: TestServer;
let userId: string;
let now = Date.UTC(2026, 0, 1);

beforeAll(async () => {
  server = await startTestServer({ deps: { clock: () => now } });
  const [user] = await server.database.db.insert(users).values({ email: "sessions@example.com" }).returning();
  if (!user) throw new Error("no user");
  userId = user.id;
});
afterAll(async () => {
  await server?.close();
});

const sessionsFor = () => createSessions({ store: createSessionStore(server.database.db), clock: () => now });

describe("session tokens", () => {
  // 10,000 inserts and hash checks: about 30 s alone on a busy machine, more than the default 60 s beside other files.
  it("mints 10,000 sessions and no raw token or secret reaches the database", async () => {
    const sessions = sessionsFor();
    const tokens: string[] = [];
    for (let batch = 0; batch < 20; batch++) {
      const minted = await Promise.all(Array.from({ length: 500 }, () => sessions.create(userId)));
      tokens.push(...minted.map((m) => m.token));
    }
    expect(new Set(tokens).size).toBe(10_000);
    const rows = await server.database.db.select().from(sessionsTable);
    const stored = new Set(rows.flatMap((r) => [r.id, r.secretHash, r.userId]));
    let leaked = 0;
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const token of tokens) {
      const parsed = parseSessionToken(token);
      if (!parsed) throw new Error(`unparseable token ${token}`);
      if (stored.has(token) || stored.has(parsed.secret)) leaked++;
      expect(byId.get(parsed.id)?.secretHash).toBe(hashSecret(parsed.secret));
    }
    expect(leaked).toBe(0);
    console.log(`10,000 sessions minted: ${rows.length} rows, raw tokens or secrets found in the database: ${leaked}`);
  }, 180_000);

  it("answers 401 for 1000 of 1000 tokens with one character of the secret flipped", async () => {
    const { token } = await sessionsFor().create(userId);
    const ok = await fetch(`${server.url}/api/auth/user`, { headers: { "x-session-token": token } });
    expect(ok.status).toBe(200);
    const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
    const secretStart = token.indexOf(".") + 1;
    const statuses: number[] = [];
    for (let i = 0; i < 1000; i += 50) {
      const batch = Array.from({ length: 50 }, (_, j) => {
        const n = i + j;
        const position = secretStart + (n % (token.length - secretStart));
        const current = token[position] ?? "a";
        const replacement = alphabet[(alphabet.indexOf(current) + 1 + (n % 31)) % alphabet.length] ?? "a";
        const flipped = token.slice(0, position) + replacement + token.slice(position + 1);
        expect(flipped).not.toBe(token);
        return fetch(`${server.url}/api/auth/user`, { headers: { "x-session-token": flipped } }).then((r) => r.status);
      });
      statuses.push(...(await Promise.all(batch)));
    }
    const rejected = statuses.filter((s) => s === 401).length;
    console.log(`flipped secret character: ${rejected}/1000 rejected with 401`);
    expect(rejected).toBe(1000);
  });

  it("ends a session after 10 idle days, slides while used, and stops at 30 days", async () => {
    const sessions = sessionsFor();
    const idle = await sessions.create(userId);
    now += INACTIVITY_MS + 1;
    expect(await sessions.validate(idle.token)).toBeUndefined();

    const busy = await sessions.create(userId);
    const start = now;
    while (now + 9 * 24 * 3600_000 < start + ABSOLUTE_MS) {
      now += 9 * 24 * 3600_000;
      expect(await sessions.validate(busy.token)).toBeDefined();
    }
    now = start + ABSOLUTE_MS;
    expect(await sessions.validate(busy.token)).toBeUndefined();
  });

  it("drops a user's expired sessions at the next sign-in", async () => {
    const sessions = sessionsFor();
    const old = await sessions.create(userId);
    now += ABSOLUTE_MS + 1;
    await sessions.create(userId);
    const ids = (await server.database.db.select().from(sessionsTable)).map((r) => r.id);
    expect(ids).not.toContain(parseSessionToken(old.token)?.id);
  });

  it("refuses tokens of the wrong shape without a lookup", async () => {
    const sessions = sessionsFor();
    for (const token of ["", "abc", "a.b", `${"a".repeat(24)}.${"A".repeat(52)}`]) {
      expect(await sessions.validate(token)).toBeUndefined();
    }
  });

  it("looks a token up once for the requests asking at the same moment, and afresh once that answer is in", async () => {
    const store = createSessionStore(server.database.db);
    let lookups = 0;
    const counted = { ...store, findWithUser: (id: string) => (lookups++, store.findWithUser(id)) };
    const sessions = createSessions({ store: counted, clock: () => now });
    const { token } = await sessions.create(userId);
    const other = await sessions.create(userId);
    // The same id with another secret is another token: it gets its own lookup and no session.
    const at = token.indexOf(".") + 1;
    const tampered = `${token.slice(0, at)}${token[at] === "a" ? "b" : "a"}${token.slice(at + 1)}`;
    const same = await Promise.all(Array.from({ length: 20 }, () => sessions.validate(token)));
    expect(lookups).toBe(1);
    expect(same.every((answer) => answer?.user.id === userId && answer.session.id === same[0]?.session.id)).toBe(true);
    const [mine, theirs, wrong] = await Promise.all([sessions.validate(token), sessions.validate(other.token), sessions.validate(tampered)]);
    expect(lookups).toBe(4);
    expect(theirs?.session.id).not.toBe(mine?.session.id);
    expect(wrong).toBeUndefined();
    // Nothing is kept once answered: a session ended since is seen ended at the next request.
    await sessions.invalidate(mine?.session.id ?? "");
    expect(await sessions.validate(token)).toBeUndefined();
    expect(lookups).toBe(5);
  });
});
