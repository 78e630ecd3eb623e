import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Fixed-window counters kept in the database, so every app node sees the same limits (docs/product/platform.md).
export const rateLimits = pgTable("rate_limits", {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
