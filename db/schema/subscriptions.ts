import { index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

// docs/product/payments.md (Pro plan): one Stripe Billing subscription per account; each paid invoice grants the
// month's credits once (ledger `pro-monthly` keyed by the invoice).
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text({ enum: ["stripe"] }).notNull(),
    customerRef: text().notNull(),
    subscriptionRef: text().notNull(),
    status: text({ enum: ["incomplete", "active", "canceled"] }).notNull().default("incomplete"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("subscriptions_ref_unique").on(t.provider, t.subscriptionRef), index("subscriptions_user_id_idx").on(t.userId)],
);

export type Subscription = typeof subscriptions.$inferSelect;
