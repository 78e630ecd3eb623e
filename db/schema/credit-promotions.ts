import { sql } from "drizzle-orm";
import { check, integer, pgTable, text } from "drizzle-orm/pg-core";

// Limited offers such as the early-bird grant: a counter decremented with `WHERE remaining > 0`, so exactly
// `remaining` grants happen under any concurrency (never count-then-insert; docs/product/credits.md, Grants).
export const creditPromotions = pgTable(
  "credit_promotions",
  {
    name: text().primaryKey(),
    remaining: integer().notNull(),
  },
  (t) => [check("credit_promotions_remaining_non_negative", sql`${t.remaining} >= 0`)],
);
