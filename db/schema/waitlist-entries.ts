import { pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";

export const waitlistEntries = pgTable("waitlist_entries", {
  id: uuid().primaryKey().defaultRandom(),
  // Trimmed and lower-cased before insert; the unique index makes concurrent duplicates collapse to one row.
  email: text().notNull().unique(),
  position: serial().notNull(),
  language: text().notNull().default("en"),
  // The Discord member who linked this e-mail with the bot's /verify; one member per entry.
  discordUserId: text().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type WaitlistEntry = typeof waitlistEntries.$inferSelect;
