import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { paymentStatuses } from "../../contract/billing.ts";
import { users } from "./users.ts";

// docs/product/payments.md: one row per provider payment. UNIQUE (provider, provider_ref) so a payment is known once;
// its credits are granted through the ledger, keyed by the same reference, in the transaction that settles the row.
export const payments = pgTable(
  "payments",
  {
    id: uuid().primaryKey().defaultRandom(),
    provider: text({ enum: ["stripe", "razorpay"] }).notNull(),
    providerRef: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    packId: text().notNull(),
    /** In the currency's minor unit, as the provider charged it. */
    amount: integer().notNull(),
    currency: text().notNull(),
    credits: integer().notNull(),
    status: text({ enum: paymentStatuses }).notNull().default("pending"),
    /** Refunded so far (minor units); a refund can be reported before the payment's success. */
    refundedAmount: integer().notNull().default(0),
    /** The provider's dispute id once the buyer disputed the charge with their bank. */
    disputeRef: text(),
    succeededAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("payments_provider_ref_unique").on(t.provider, t.providerRef),
    index("payments_user_id_idx").on(t.userId),
    check("payments_amounts_positive", sql`${t.amount} > 0 AND ${t.credits} > 0 AND ${t.refundedAmount} >= 0`),
  ],
);

export type Payment = typeof payments.$inferSelect;
