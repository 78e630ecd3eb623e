import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { refundRequestStatuses } from "../../contract/billing.ts";
import { payments } from "./payments.ts";
import { users } from "./users.ts";

// docs/product/payments.md (Refunds): one request per purchase, for the credits unused when it was made; support
// approves it with `npm run admin -- refunds approve <id>`, which refunds through the provider and writes the ledger.
export const refundRequests = pgTable(
  "refund_requests",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    paymentId: uuid()
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** The purchase's ledger row, as the user picked it. */
    transactionId: uuid().notNull(),
    credits: integer().notNull(),
    /** In the payment's minor unit: the unused credits' share of what was paid. */
    amount: integer().notNull(),
    reason: text().notNull(),
    status: text({ enum: refundRequestStatuses }).notNull().default("pending"),
    decisionNote: text(),
    providerRefundRef: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique("refund_requests_payment_unique").on(t.paymentId),
    index("refund_requests_user_id_idx").on(t.userId),
    check("refund_requests_positive", sql`${t.credits} > 0 AND ${t.amount} > 0`),
  ],
);

export type RefundRequest = typeof refundRequests.$inferSelect;
