import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenDb } from "../../db/open-db.ts";
import { users } from "../../db/schema/users.ts";
import { createAuthStore } from "../auth/store.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { openTestDb } from "../testing/test-db.ts";
import { createCreditsService } from "./service.ts";
import { inCreditsTransaction } from "./store.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";

let database: OpenDb;
const realtime: RealtimePublisher = { toUser: () => {}, disconnectSessions: () => {} };

beforeAll(async () => {
  database = await openTestDb();
});
afterAll(async () => database?.close());

/** mulberry32: a seeded run, so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("credits ledger under a random run", () => {
  itOnPostgres("keeps balance = ledger sum and never below zero for every user over 5,000 mixed, concurrent operations", async () => {
    const credits = createCreditsService({ db: database.db, freeSignupCredits: 10, realtime });
    const store = createAuthStore(database.db);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const created = await store.createUser(`ledger${i}@example.com`, "en", (tx, userId) => credits.grantSignupIn(tx, userId));
      if (!created) throw new Error("user not created");
      ids.push(created.id);
    }
    const random = seeded(20261122);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const charges: { userId: string; ref: string; amount: number }[] = [];
    const tally = { grant: 0, charge: 0, short: 0, refund: 0, duplicate: 0 };

    const operation = async (n: number): Promise<void> => {
      const userId = pick(ids);
      const roll = random();
      if (roll < 0.2) {
        await credits.apply({ userId, delta: 1 + Math.floor(random() * 20), reason: "purchase", ref: `p${n}` });
        tally.grant++;
      } else if (roll < 0.75) {
        const amount = 1 + Math.floor(random() * 30);
        const left = await inCreditsTransaction(database.db, (tx) => tx.debit({ userId, amount, reason: "generation", ref: `g${n}` }));
        if (left === undefined) tally.short++;
        else {
          tally.charge++;
          charges.push({ userId, ref: `g${n}`, amount });
        }
      } else if (roll < 0.95 && charges.length > 0) {
        // Refunds are retried on purpose: the second of the same ref must change nothing.
        const charge = pick(charges);
        const result = await credits.apply({ userId: charge.userId, delta: charge.amount, reason: "refund", ref: charge.ref });
        if (result === undefined) tally.duplicate++;
        else tally.refund++;
      } else {
        // A grant replayed with a ref that exists already.
        const result = await credits.apply({ userId, delta: 5, reason: "signup", ref: userId });
        expect(result).toBeUndefined();
        tally.duplicate++;
      }
    };

    const total = 5000;
    for (let start = 0; start < total; start += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, i) => operation(start + i)));
    }
    console.log(`5,000 ledger operations: ${JSON.stringify(tally)}`);
    expect(tally.short).toBeGreaterThan(0);
    expect(tally.duplicate).toBeGreaterThan(0);

    const rows = await database.db.select({ id: users.id, credits: users.credits }).from(users);
    const mismatches: unknown[] = [];
    for (const user of rows) {
      const sum = await credits.ledgerSum(user.id);
      if (sum !== user.credits || user.credits < 0) mismatches.push({ user: user.id, balance: user.credits, sum });
    }
    expect(mismatches).toEqual([]);
  });
});

describe("the steps of one thing in the ledger", () => {
  it("sums the rows keyed `ref` or `ref:<step>` of one reason, and none whose ref only looks alike", async () => {
    const credits = createCreditsService({ db: database.db, freeSignupCredits: 0, realtime });
    const created = await createAuthStore(database.db).createUser("steps@example.com", "en", () => Promise.resolve());
    if (!created) throw new Error("user not created");
    const userId = created.id;
    await credits.apply({ userId, delta: 500, reason: "purchase", ref: "stripe:pi_1" });
    for (const [delta, ref] of [
      [-1, "stripe:pi_1"],
      [-20, "stripe:pi_1:249"],
      [-300, "stripe:pi_1:re_9"],
      [-4, "stripe:pi_10:249"],
      [-5, "stripe:piX1:249"],
      [-6, "stripe:pi_1x"],
    ] as const) {
      await credits.apply({ userId, delta, reason: "purchase-refund", ref });
    }
    await credits.apply({ userId, delta: -7, reason: "generation", ref: "stripe:pi_1:7" });
    expect(await database.db.transaction((tx) => credits.sumUnderIn(tx, { userId, reason: "purchase-refund", ref: "stripe:pi_1" }))).toBe(-321);
  });
});
