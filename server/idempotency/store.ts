import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/open-db.ts";
import { idempotencyKeys } from "../../db/schema/idempotency-keys.ts";

export interface KeyRef {
  userId: string;
  key: string;
}

export interface StoredKey {
  fingerprint: string;
  status: number | null;
  body: string | null;
  createdAt: Date;
}

// Timestamps go in as ISO text: Drizzle turns postgres.js's own date handling off, PGlite keeps it.
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The SQL of idempotency keys (docs/decisions/018-idempotency-keys.md); the rules are in service.ts. */
export function createIdempotencyStore(db: Db) {
  const one = (ref: KeyRef) => and(eq(idempotencyKeys.userId, ref.userId), eq(idempotencyKeys.key, ref.key));
  const owned = (ref: KeyRef, claim: string) => and(one(ref), eq(idempotencyKeys.claim, claim));

  return {
    /**
     * Takes the key for one request in one statement, so of many racing requests exactly one wins: a new key, one
     * past its window, or one whose request of the same fingerprint was abandoned in flight. Answers whether it won.
     */
    async claim(ref: KeyRef, input: { fingerprint: string; claim: string; now: Date; expiredBefore: Date; abandonedBefore: Date }): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ ...ref, fingerprint: input.fingerprint, claim: input.claim, createdAt: input.now })
        .onConflictDoUpdate({
          target: [idempotencyKeys.userId, idempotencyKeys.key],
          set: { fingerprint: input.fingerprint, claim: input.claim, status: null, body: null, createdAt: input.now },
          setWhere: sql`${idempotencyKeys.createdAt} <= ${at(input.expiredBefore)} or (${idempotencyKeys.status} is null and ${idempotencyKeys.createdAt} <= ${at(input.abandonedBefore)} and ${idempotencyKeys.fingerprint} = ${input.fingerprint})`,
        })
        .returning({ claim: idempotencyKeys.claim });
      return rows[0]?.claim === input.claim;
    },

    async find(ref: KeyRef): Promise<StoredKey | undefined> {
      const [row] = await db
        .select({ fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.status, body: idempotencyKeys.body, createdAt: idempotencyKeys.createdAt })
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
