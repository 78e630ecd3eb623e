import { and, eq, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { idempotencyKeys } from "../../db/schema/idempotency-keys.ts";

export interface KeyRef {
  userId: string;
  key: string;
}

export interface StoredKey {
  claim: string;
  fingerprint: string;
  status: number | null;
  body: string | null;
  createdAt: Date;
}

// Timestamps go in as ISO text: Drizzle turns postgres.js's own date handling off, PGlite keeps it.
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The SQL of idempotency keys (docs/decisions/018-idempotency-keys.md); the rules are in service.ts. */
export function createIdempotencyStore(db: DbOrTx) {
  const one = (ref: KeyRef) => and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.key, ref.key));
  const owned = (ref: KeyRef, claim: string) => and(one(ref), eq(idempotencyKeys.claim, claim));

  return {
    /**
     * Takes a key nobody holds. Of many racing requests exactly one inserts the row; the others conflict without
     * waiting on a lock (DO NOTHING), and read the row instead. Answers whether this request took it.
     */
    async claim(ref: KeyRef, input: { fingerprint: string; claim: string; now: Date }): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ ...ref, fingerprint: input.fingerprint, claim: input.claim, createdAt: input.now })
        .onConflictDoNothing()
        .returning({ claim: idempotencyKeys.claim });
      return rows.length === 1;
    },

    /**
     * Takes over a key past its window, or one whose request was abandoned in flight, from the claim that was read:
     * a compare-and-set, so of several requests taking it over exactly one wins. Answers whether this one did.
     */
    async takeOver(ref: KeyRef, seen: string, input: { fingerprint: string; claim: string; now: Date; expiredBefore: Date; abandonedBefore: Date }): Promise<boolean> {
      const rows = await db
        .update(idempotencyKeys)
        .set({ fingerprint: input.fingerprint, claim: input.claim, status: null, body: null, createdAt: input.now })
        .where(
          and(
            owned(ref, seen),
            sql`(${idempotencyKeys.createdAt} <= ${at(input.expiredBefore)} or (${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} <= ${at(input.abandonedBefore)}))`,
          ),
        )
        .returning({ claim: idempotencyKeys.claim });
      return rows.length === 1;
    },

    async find(ref: KeyRef): Promise<StoredKey | undefined> {
      const [row] = await db
        .select({ claim: idempotencyKeys.claim, fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.status, body: idempotencyKeys.body, createdAt: idempotencyKeys.createdAt })
        .from(idempotencyKeys)
        .where(one(ref));
      return row;
    },

    /** Stores the answer, if this request still owns the key. */
    async complete(ref: KeyRef, claim: string, answer: { status: number; body: string }): Promise<void> {
      await db.update(idempotencyKeys).set(answer).where(owned(ref, claim));
    },

    /** Lets the key go, if this request still owns it, so the next request with it runs afresh. */
    async release(ref: KeyRef, claim: string): Promise<void> {
      await db.delete(idempotencyKeys).where(owned(ref, claim));
    },

    /** Housekeeping: keys whose window has ended. */
    async purgeExpired(expiredBefore: Date): Promise<number> {
      const rows = await db.delete(idempotencyKeys).where(lte(idempotencyKeys.createdAt, expiredBefore)).returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
