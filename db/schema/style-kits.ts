import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * A style learned from the creator's own thumbnails (docs/product/style-kits.md): the kit itself (palette, headline
 * treatment, text side, face share, closest font) as JSON the contract's schema checks on every read, and the images
 * it was learned from.
 */
export const styleKits = pgTable(
  "style_kits",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    kit: jsonb().notNull(),
    sourceImageIds: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("style_kits_user_idx").on(t.userId, t.createdAt)],
);

export type StyleKitRow = typeof styleKits.$inferSelect;
