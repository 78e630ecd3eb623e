import { integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// One live code per (e-mail, requester): a new send replaces only the code the same requester asked for before,
// so a stranger asking for codes cannot replace or burn the owner's. The requester is the browser's sign-in
// cookie, or the IP address for a client without cookies. Only an HMAC of the code is kept, so a database leak
// cannot be brute-forced over the million possible codes without the server's key.
export const otpCodes = pgTable(
  "otp_codes",
  {
    email: text().notNull(),
    requester: text().notNull().default(""),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.email, t.requester] })],
);

export type OtpCode = typeof otpCodes.$inferSelect;
