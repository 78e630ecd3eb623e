import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY_BIRD_ACCOUNTS, EARLY_BIRD_CREDITS } from "../../contract/credits.ts";
import type { OpenDb } from "../../db/open-db.ts";
import { creditTransactions } from "../../db/schema/credit-transactions.ts";
import { users } from "../../db/schema/users.ts";
import { createAuthStore } from "../auth/store.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { openTestDb } from "../testing/test-db.ts";
import { createCreditsService } from "./service.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";

let database: OpenDb;
const sent: { userId: string; credits: number }[] = [];
const realtime: RealtimePublisher = {
  toUser: (userId, event, ...payload) => {
    if (event === "credits:update") sent.push({ userId, credits: (payload[0] as { credits: number }).credits });
  },
  disconnectSessions: () => {},
};

beforeAll(async () => {
  database = await openTestDb();
});
afterAll(async () => {
  await database.close();
});

describe("credits ledger", () => {
  itOnPostgres("gives exactly 50 early-bird grants among 1000 concurrent new accounts; balance = ledger sum for all", async () => {
    const credits = createCreditsService({ db: database.db, freeSignupCredits: 10, realtime });
    const store = createAuthStore(database.db);
    const created = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        store.createUser(`early${i}@example.com`, "en", (tx, userId) => credits.grantSignupIn(tx, userId)),
      ),
    );
    expect(created.every(Boolean)).toBe(true);
    const all = await database.db.select().from(users);
    const earlyBirds = all.filter((u) => u.earlyBird);
    console.log(`1000 concurrent new accounts: ${earlyBirds.length} early-bird grants`);
    expect(earlyBirds).toHaveLength(EARLY_BIRD_ACCOUNTS);
    expect(earlyBirds.every((u) => u.credits === 10 + EARLY_BIRD_CREDITS)).toBe(true);
    expect(all.filter((u) => !u.earlyBird).every((u) => u.credits === 10)).toBe(true);

    const ledger = await database.db.select().from(creditTransactions);
    const sums = new Map<string, number>();
    for (const row of ledger) sums.set(row.userId, (sums.get(row.userId) ?? 0) + row.delta);
    const mismatched = all.filter((u) => (sums.get(u.id) ?? 0) !== u.credits);
    expect(mismatched).toEqual([]);
    expect(ledger.filter((r) => r.reason === "early-bird")).toHaveLength(50);
  });

  itOnPostgres("applies a grant once per (reason, ref), with its ledger row, and tells the user's tabs", async () => {
    const credits = createCreditsService({ db: database.db, freeSignupCredits: 10, realtime });
    const [user] = await database.db.select().from(users).where(eq(users.email, "early999@example.com"));
    if (!user) throw new Error("no user");
    const before = user.credits;
    const results = await Promise.all([0, 1, 2].map(() => credits.apply({ userId: user.id, delta: 25, reason: "purchase", ref: "pay_1" })));
    expect(results.filter((r) => r !== undefined)).toEqual([before + 25]);
    expect(await credits.balance(user.id)).toBe(before + 25);
    expect(await credits.ledgerSum(user.id)).toBe(before + 25);
    expect(sent).toContainEqual({ userId: user.id, credits: before + 25 });
  });

  it("rolls the ledger row back when the balance would go negative", async () => {
    const credits = createCreditsService({ db: database.db, freeSignupCredits: 10, realtime });
    // Its own account: the early-bird test that makes the others runs only on PostgreSQL.
    const user = await createAuthStore(database.db).createUser("rollback@example.com", "en", (tx, userId) => credits.grantSignupIn(tx, userId));
    if (!user) throw new Error("no user");
    expect(user.credits).toBeGreaterThan(0);
    await expect(credits.apply({ userId: user.id, delta: -100_000, reason: "generation", ref: "img_1" })).rejects.toThrow();
    expect(await credits.ledgerSum(user.id)).toBe(user.credits);
  });
});
