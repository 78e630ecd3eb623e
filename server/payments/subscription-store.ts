import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { type Subscription, subscriptions } from "../../db/schema/subscriptions.ts";
import { users } from "../../db/schema/users.ts";

export function createSubscriptionStore(db: DbOrTx) {
  return {
    async insert(row: Pick<Subscription, "userId" | "provider" | "customerRef" | "subscriptionRef">): Promise<void> {
      await db.insert(subscriptions).values(row).onConflictDoNothing();
    },
    /** Locked until the transaction ends: one invoice or cancellation of a subscription at a time. */
    async lock(subscriptionRef: string): Promise<Subscription | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, "stripe"), eq(subscriptions.subscriptionRef, subscriptionRef)))
        .for("update");
      return row;
    },
    async setStatus(id: string, status: Subscription["status"]): Promise<void> {
      await db.update(subscriptions).set({ status }).where(eq(subscriptions.id, id));
    },
    async setPlan(userId: string, plan: "free" | "pro"): Promise<void> {
      await db.update(users).set({ plan }).where(eq(users.id, userId));
    },
    async account(userId: string): Promise<{ email: string; plan: string } | undefined> {
      const [row] = await db.select({ email: users.email, plan: users.plan }).from(users).where(eq(users.id, userId));
      return row;
    },
  };
}
