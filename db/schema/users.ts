import { sql } from "drizzle-orm";
import { plans } from "../../contract/auth.ts";
import { boolean, check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: uuid().primaryKey().defaultRandom(),
    // Stored lower-cased so one address is one account whatever its case.
    email: text().notNull().unique(),
    passwordHash: text(),
    credits: integer().notNull().default(0),
    plan: text({ enum: plans }).notNull().default("free"),
    earlyBird: boolean().notNull().default(false),
    language: text().notNull().default("en"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("users_credits_non_negative", sql`${t.credits} >= 0`)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
