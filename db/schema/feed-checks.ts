import { jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { images } from "./images.ts";
import { users } from "./users.ts";

/**
 * The last feed check of an image (docs/product/feed-check.md): an image's pixels never change once it is ready, so
 * the result is kept under a key made of what else it depends on (the title, the check's own version) and read back
 * while that key still matches.
 */
export const feedChecks = pgTable("feed_checks", {
  imageId: uuid()
    .primaryKey()
    .references(() => images.id, { onDelete: "cascade" }),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  key: text().notNull(),
  result: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type FeedCheckRow = typeof feedChecks.$inferSelect;
