import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { type Payment, payments } from "../../db/schema/payments.ts";

export type NewPayment = Pick<Payment, "provider" | "providerRef" | "userId" | "packId" | "amount" | "currency" | "credits">;

/** The payments table; `db` may be a transaction (settling a payment locks its row, see lock()). */
export function createPaymentStore(db: DbOrTx) {
  return {
    /** Records a payment the provider just opened; a second insert of the same reference changes nothing. */
    async insert(payment: NewPayment): Promise<void> {
      await db.insert(payments).values(payment).onConflictDoNothing({ target: [payments.provider, payments.providerRef] });
    },

    /** The payment, its row locked until the transaction ends: every event of one payment is settled one at a time. */
    async lock(provider: Payment["provider"], providerRef: string): Promise<Payment | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
        .for("update");
      return row;
    },

    async update(id: string, patch: Partial<Pick<Payment, "status" | "refundedAmount" | "disputeRef" | "succeededAt">>): Promise<void> {
      await db.update(payments).set(patch).where(eq(payments.id, id));
    },

    async find(provider: Payment["provider"], providerRef: string): Promise<Payment | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)));
      return row;
    },

    async recentForUser(userId: string, limit: number): Promise<Payment[]> {
      return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(limit);
    },

    async countFor(userId: string): Promise<number> {
      const [row] = await db.select({ n: sql<string>`count(*)` }).from(payments).where(eq(payments.userId, userId));
      return Number(row?.n ?? 0);
    },
  };
}

export type PaymentStore = ReturnType<typeof createPaymentStore>;

/** A payment by its own id. */
export async function findPaymentById(db: DbOrTx, id: string): Promise<Payment | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}
