import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { imageAspectIds, imageKinds, imageStatuses, imageStyles } from "../../contract/images.ts";
import { users } from "./users.ts";

/**
 * Every stored picture (docs/product/images.md, Stored images): generated thumbnails, subject swaps, edits and
 * temporary uploads. A made image goes pending → running → ready | failed as the job that makes it
 * (db/schema/jobs.ts) runs.
 */
export const images = pgTable(
  "images",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text({ enum: imageKinds }).notNull(),
    status: text({ enum: imageStatuses }).notNull(),
    prompt: text(),
    style: text({ enum: imageStyles }),
    aspect: text({ enum: imageAspectIds }),
    model: text(),
    seed: bigint({ mode: "number" }),
    personaIds: jsonb().$type<string[]>().notNull().default([]),
    baseImageId: uuid(),
    /** The image this one was edited from (a chat edit), so a thread and the gallery can show where it came from. */
    parentId: uuid(),
    width: integer(),
    height: integer(),
    /** Storage keys, never paths or URLs. */
    originalKey: text(),
    previewKey: text(),
    thumbKey: text(),
    scene: jsonb(),
    creditsSpent: integer().notNull().default(0),
    error: text(),
    errorCode: text(),
    /** Bytes on disk of all its variants: what a temporary upload counts against its owner's quota. */
    bytes: bigint({ mode: "number" }).notNull().default(0),
    /** Temporary uploads expire (24 hours); everything else is kept. */
    expiresAt: timestamp({ withTimezone: true }),
    // Milliseconds, like a JavaScript Date: the gallery's keyset cursor round-trips through one exactly.
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("images_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("images_expires_idx")
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;
