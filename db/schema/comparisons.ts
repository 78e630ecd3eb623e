import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * One prompt (or one image's scene) tried on every model at once (docs/product/compare.md): its images carry its id
 * (images.comparison_id), one per model. The winner, once picked, is the conversation's current image.
 */
export const comparisons = pgTable(
  "comparisons",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The conversation that asked for it; null when it came from the gallery. No foreign key, like images'. */
    conversationId: uuid(),
    prompt: text().notNull(),
    /** The image whose scene was tried again on every model; null for a plain prompt. */
    sourceImageId: uuid(),
    winnerImageId: uuid(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("comparisons_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);

export type ComparisonRow = typeof comparisons.$inferSelect;
