import { and, desc, eq, gt, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import { creditPromotions } from "../../db/schema/credit-promotions.ts";
import { creditTransactions } from "../../db/schema/credit-transactions.ts";
import { images } from "../../db/schema/images.ts";
import { users } from "../../db/schema/users.ts";
import type { KeysetCursor } from "../paging/keyset-cursor.ts";

export interface LedgerEntry {
  userId: string;
  delta: number;
  reason: string;
  ref: string;
}

/** `db` may be a transaction: the callers that must be atomic hand one in. */
export function createCreditsStore(db: DbOrTx) {
  /** The sum of the ledger rows that meet every condition (0 when none do). */
  async function sumWhere(...conditions: (SQL | undefined)[]): Promise<number> {
    const [row] = await db
      .select({ sum: sql<string>`coalesce(sum(${creditTransactions.delta}), 0)` })
      .from(creditTransactions)
      .where(and(...conditions));
    return Number(row?.sum ?? 0);
  }

  return {
    /**
     * Writes the ledger row and moves the balance by the same amount. The row is inserted first: when
     * (reason, ref) already exists nothing changes and `undefined` comes back. Call inside a transaction.
     */
    async apply(entry: LedgerEntry): Promise<number | undefined> {
      const [row] = await db
        .insert(creditTransactions)
        .values(entry)
        .onConflictDoNothing({ target: [creditTransactions.reason, creditTransactions.ref] })
        .returning({ id: creditTransactions.id });
      if (!row) return undefined;
      const [user] = await db
        .update(users)
        .set({ credits: sql`${users.credits} + ${entry.delta}` })
        .where(eq(users.id, entry.userId))
        .returning({ credits: users.credits });
      if (!user) throw new Error(`credit change for a missing user ${entry.userId}`);
      return user.credits;
    },

    /**
     * Spends `amount` only if the balance covers it (one conditional UPDATE, so concurrent charges can never take
     * the balance below zero), then writes the ledger row. Undefined when the balance is short. Call in a transaction.
     */
    async debit(entry: Omit<LedgerEntry, "delta"> & { amount: number }): Promise<number | undefined> {
      const [user] = await db
        .update(users)
        .set({ credits: sql`${users.credits} - ${entry.amount}` })
        .where(and(eq(users.id, entry.userId), gte(users.credits, entry.amount)))
        .returning({ credits: users.credits });
      if (!user) return undefined;
      await db.insert(creditTransactions).values({ userId: entry.userId, delta: -entry.amount, reason: entry.reason, ref: entry.ref });
      return user.credits;
    },

    /**
     * A page of the user's ledger, newest first, after `cursor`. A charge or a refund keyed by one image brings
     * that image along (when it still exists and is the same user's), so the credits page can show what was paid for.
     */
    async page(userId: string, limit: number, cursor?: KeysetCursor) {
      const after = cursor
        ? or(lt(creditTransactions.createdAt, cursor.at), and(eq(creditTransactions.createdAt, cursor.at), lt(creditTransactions.id, cursor.id)))
        : undefined;
      return db
        .select({
          id: creditTransactions.id,
          delta: creditTransactions.delta,
          reason: creditTransactions.reason,
          ref: creditTransactions.ref,
          createdAt: creditTransactions.createdAt,
          imageId: images.id,
          imagePrompt: images.prompt,
          imageThumb: images.thumbKey,
        })
        .from(creditTransactions)
        .leftJoin(
          images,
          and(
            inArray(creditTransactions.reason, ["generation", "refund"]),
            eq(images.userId, creditTransactions.userId),
            sql`${images.id}::text = ${creditTransactions.ref}`,
          ),
        )
        .where(and(eq(creditTransactions.userId, userId), after))
        .orderBy(desc(creditTransactions.createdAt), desc(creditTransactions.id))
        .limit(limit);
    },

    /** One of the user's ledger rows. */
    async entry(userId: string, id: string) {
      const [row] = await db
        .select()
        .from(creditTransactions)
        .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.id, id)));
      return row;
    },

    /** Credits spent on images since a moment, net of the images' refunds (0 when more came back than went out). */
    async spentSince(userId: string, since: Date): Promise<number> {
      const sum = await sumWhere(eq(creditTransactions.userId, userId), inArray(creditTransactions.reason, ["generation", "refund"]), gte(creditTransactions.createdAt, since));
      return Math.max(0, -sum);
    },

    /**
     * The sum of a user's rows of one reason whose ref is `ref` or starts with `ref:` (the steps of one thing, such
     * as the take-backs of one payment's refunds). starts_with, not LIKE: refs hold `_`, a LIKE wildcard.
     */
    sumUnder(userId: string, reason: string, ref: string): Promise<number> {
      return sumWhere(
        eq(creditTransactions.userId, userId),
        eq(creditTransactions.reason, reason),
        or(eq(creditTransactions.ref, ref), sql`starts_with(${creditTransactions.ref}, ${`${ref}:`})`),
      );
    },

    /** What the ledger charged for work under these refs (images, packs) and what it gave back for them. */
    async chargesAndRefunds(userId: string, refs: readonly string[]): Promise<{ charged: number; refunded: number }> {
      if (refs.length === 0) return { charged: 0, refunded: 0 };
      const rows = await db
        .select({ reason: creditTransactions.reason, sum: sql<string>`coalesce(sum(${creditTransactions.delta}), 0)` })
        .from(creditTransactions)
        .where(and(eq(creditTransactions.userId, userId), inArray(creditTransactions.reason, ["generation", "refund"]), inArray(creditTransactions.ref, [...refs])))
        .groupBy(creditTransactions.reason);
      const sumOf = (reason: string) => Number(rows.find((row) => row.reason === reason)?.sum ?? 0);
      return { charged: -sumOf("generation"), refunded: sumOf("refund") };
    },

    /** Whether a row with this (reason, ref) exists. */
    async has(reason: string, ref: string): Promise<boolean> {
      const [row] = await db
        .select({ id: creditTransactions.id })
        .from(creditTransactions)
        .where(and(eq(creditTransactions.reason, reason), eq(creditTransactions.ref, ref)))
        .limit(1);
      return row !== undefined;
    },

    /** The balance, with the user's row locked until the transaction ends (so a top-up reads a balance that holds). */
    async lockedBalance(userId: string): Promise<number | undefined> {
      const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)).for("update");
      return row?.credits;
    },

    /** Takes one slot of a limited promotion; false once none remain. The row lock serialises takers. */
    async takePromotionSlot(name: string, initialSlots: number): Promise<boolean> {
      await db.insert(creditPromotions).values({ name, remaining: initialSlots }).onConflictDoNothing();
      const taken = await db
        .update(creditPromotions)
        .set({ remaining: sql`${creditPromotions.remaining} - 1` })
        .where(and(eq(creditPromotions.name, name), gt(creditPromotions.remaining, 0)))
        .returning({ remaining: creditPromotions.remaining });
      return taken.length === 1;
    },

    /** Slots a promotion has left; `initialSlots` while no account has taken one yet. */
    async promotionSlotsLeft(name: string, initialSlots: number): Promise<number> {
      const [row] = await db.select({ remaining: creditPromotions.remaining }).from(creditPromotions).where(eq(creditPromotions.name, name));
      return row?.remaining ?? initialSlots;
    },

    async markEarlyBird(userId: string): Promise<void> {
      await db.update(users).set({ earlyBird: true }).where(eq(users.id, userId));
    },

    async balance(userId: string): Promise<number | undefined> {
      const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
      return row?.credits;
    },

    ledgerSum: (userId: string): Promise<number> => sumWhere(eq(creditTransactions.userId, userId)),
  };
}

export type CreditsStore = ReturnType<typeof createCreditsStore>;

/** Runs `fn` in one transaction with a store bound to it. */
export function inCreditsTransaction<T>(db: DbOrTx, fn: (store: CreditsStore) => Promise<T>): Promise<T> {
  return withTransaction(db, (tx) => fn(createCreditsStore(tx)));
}
