import { and, eq, gt, inArray, isNull, lt, sql } from "drizzle-orm";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import { otpCodes } from "../../db/schema/otp-codes.ts";
import { type User, users } from "../../db/schema/users.ts";

export function createAuthStore(db: DbOrTx) {
  return {
    async findUserByEmail(email: string): Promise<User | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row;
    },

    async findUserById(id: string): Promise<User | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /**
     * Creates the account and runs `afterInsert` (the signup grants) in the same transaction, so a user never
     * exists without them. A concurrent creation of the same e-mail collapses on the unique index: undefined.
     */
    async createUser(email: string, language: string, afterInsert: (tx: DbOrTx, userId: string) => Promise<void>) {
      return withTransaction(db, async (tx) => {
        const [created] = await tx.insert(users).values({ email, language }).onConflictDoNothing({ target: users.email }).returning();
        if (!created) return undefined;
        await afterInsert(tx, created.id);
        const [user] = await tx.select().from(users).where(eq(users.id, created.id));
        return user;
      });
    },

    async setPasswordHash(userId: string, passwordHash: string): Promise<User | undefined> {
      const [row] = await db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
      return row;
    },

    /** One live code per (e-mail, requester): a new send replaces that requester's previous code and its tries. */
    async putOtp(email: string, requester: string, codeHash: string, expiresAt: Date, now: Date): Promise<void> {
      await db
        .insert(otpCodes)
        .values({ email, requester, codeHash, expiresAt, createdAt: now })
        .onConflictDoUpdate({
          target: [otpCodes.email, otpCodes.requester],
          set: { codeHash, expiresAt, attempts: 0, consumedAt: null, createdAt: now },
        });
    },

    /**
     * Spends one try of each live code the requester may hold before any is compared, in one atomic update, so
     * parallel guesses cannot all slip in under the limit. Returns those codes' hashes (none when no usable code
     * is left).
     */
    async reserveOtpAttempt(email: string, requesters: string[], now: Date, maxAttempts: number): Promise<{ requester: string; codeHash: string }[]> {
      return db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(
          and(
            eq(otpCodes.email, email),
            inArray(otpCodes.requester, requesters),
            isNull(otpCodes.consumedAt),
            gt(otpCodes.expiresAt, now),
            lt(otpCodes.attempts, maxAttempts),
          ),
        )
        .returning({ requester: otpCodes.requester, codeHash: otpCodes.codeHash });
    },

    /** Marks the exact code used; of two concurrent verifies only one gets `true`. */
    async consumeOtp(email: string, requester: string, codeHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(and(eq(otpCodes.email, email), eq(otpCodes.requester, requester), eq(otpCodes.codeHash, codeHash), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now)))
        .returning({ email: otpCodes.email });
      return rows.length === 1;
    },

    async purgeExpiredOtp(now: Date): Promise<void> {
      await db.delete(otpCodes).where(lt(otpCodes.expiresAt, now));
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
