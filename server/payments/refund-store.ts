import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { type RefundRequest, refundRequests } from "../../db/schema/refund-requests.ts";

export type NewRefundRequest = Pick<RefundRequest, "userId" | "paymentId" | "transactionId" | "credits" | "amount" | "reason">;

export function createRefundStore(db: DbOrTx) {
  return {
    /** undefined when the purchase already has a request (UNIQUE payment_id). */
    async insert(request: NewRefundRequest): Promise<RefundRequest | undefined> {
      const [row] = await db.insert(refundRequests).values(request).onConflictDoNothing({ target: refundRequests.paymentId }).returning();
      return row;
    },
    async forUser(userId: string): Promise<RefundRequest[]> {
      return db.select().from(refundRequests).where(eq(refundRequests.userId, userId)).orderBy(desc(refundRequests.createdAt));
    },
    async pending(): Promise<RefundRequest[]> {
      return db.select().from(refundRequests).where(eq(refundRequests.status, "pending")).orderBy(refundRequests.createdAt);
    },
    /** The request, locked until the transaction ends, so two approvals cannot both run. */
    async lock(id: string): Promise<RefundRequest | undefined> {
      const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, id)).for("update");
      return row;
    },
    async decide(id: string, patch: Pick<RefundRequest, "status" | "decidedAt"> & Partial<Pick<RefundRequest, "decisionNote" | "providerRefundRef">>): Promise<void> {
      await db.update(refundRequests).set(patch).where(and(eq(refundRequests.id, id), eq(refundRequests.status, "pending")));
    },
  };
}
