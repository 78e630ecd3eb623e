import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// One live code per e-mail (a new send replaces the old one). Only an HMAC of the code is kept, so a database
// leak cannot be brute-forced over the million possible codes without the server's key (DESIGN.md §4).
export const otpCodes = pgTable("otp_codes", {
  email: text().primaryKey(),
  codeHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  attempts: integer().notNull().default(0),
  consumedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type OtpCode = typeof otpCodes.$inferSelect;
