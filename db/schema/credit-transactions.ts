import { index, integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

// The credits ledger (docs/product/credits.md): users.credits always equals the sum of a user's rows. UNIQUE (reason,
// ref) makes every grant, charge and refund happen at most once, however often it is retried.
export const creditTransactions = pgTable(
  "credit_transactions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    delta: integer().notNull(),
    reason: text().notNull(),
    ref: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("credit_transactions_reason_ref_unique").on(t.reason, t.ref), index("credit_transactions_user_id_idx").on(t.userId)],
);

export type CreditTransaction = typeof creditTransactions.$inferSelect;
