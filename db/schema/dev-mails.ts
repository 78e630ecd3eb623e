import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// The dev mailbox: without SMTP_URL, mails land here (and in the log) so sign-in works with no setup. Kept in
// the database rather than memory so every node, and the browser tests, see the same mailbox.
export const devMails = pgTable(
  "dev_mails",
  {
    id: uuid().primaryKey().defaultRandom(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dev_mails_sent_at_idx").on(t.sentAt)],
);

export type DevMail = typeof devMails.$inferSelect;
