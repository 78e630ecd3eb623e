import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/**
 * Every stored picture (docs/product/images.md, Stored images): generated thumbnails, subject swaps, edits and
 * temporary uploads. A generation is its own job row: pending → running → ready | failed. `locked_by`/`locked_until`
 * are the running worker's lease, so a job a dead process held is found and refunded.
 */
export const images = pgTable(
  "images",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text({ enum: ["generated", "subject-replaced", "edited", "upload"] }).notNull(),
    status: text({ enum: ["pending", "running", "ready", "failed"] }).notNull(),
    prompt: text(),
    style: text(),
    aspect: text(),
    model: text(),
    seed: bigint({ mode: "number" }),
    personaIds: jsonb().$type<string[]>().notNull().default([]),
    baseImageId: uuid(),
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
    attempts: integer().notNull().default(0),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
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
    // The job queue reads only unfinished rows; a partial index keeps that scan tiny whatever the gallery's size.
    index("images_jobs_idx")
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    index("images_expires_idx")
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;
