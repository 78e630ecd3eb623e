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
    /** The A/B pack this image is one variant of (docs/product/images.md, The A/B pack), and which one: 0, 1 or 2. */
    packId: uuid(),
    packVariant: integer(),
    /**
     * The chat conversation that made it (a generation, pack, edit or swap a chat tool asked for): what puts a chat edit
     * under its own gallery tab and lets the gallery search find it by the conversation's words. No foreign key, like
     * the other links: kept after the conversation is deleted, it still says the chat made the image.
     */
    conversationId: uuid(),
    /** The comparison (one prompt on every model) this image is one model's try of (db/schema/comparisons.ts). */
    comparisonId: uuid(),
    /** The style kit it was made in (db/schema/style-kits.ts), if any; no foreign key: a deleted kit leaves its images. */
    styleKitId: uuid(),
    /** From the request to ready, in milliseconds: the time a comparison's tile shows. */
    durationMs: integer(),
    width: integer(),
    height: integer(),
    /** Storage keys, never paths or URLs. */
    originalKey: text(),
    previewKey: text(),
    thumbKey: text(),
    scene: jsonb(),
    /** The video's title as the creator gave it (at most 100 characters, YouTube's limit): shown beside the thumbnail in the feed preview and checked against its words. */
    title: text(),
    /** A frame picked from a video (docs/product/videos.md): the video it came from, as it was, and the moment. Kept after the video is gone. */
    sourceVideo: jsonb().$type<{ videoId: string; name: string; durationMs: number; timeMs: number }>(),
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
    // The gallery's order, ties broken by id: a page is read straight off this index, however many images precede it.
    // NULLS FIRST is what ORDER BY … DESC means; an index ordered otherwise could not serve it (the columns are never null).
    index("images_user_created_id_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The gallery's tab counts, read from the index alone (a chat edit and an editor save differ by the conversation).
    index("images_user_kind_conversation_idx").on(t.userId, t.kind, t.conversationId),
    index("images_pack_idx")
      .on(t.packId)
      .where(sql`${t.packId} is not null`),
    index("images_comparison_idx")
      .on(t.comparisonId)
      .where(sql`${t.comparisonId} is not null`),
    index("images_expires_idx")
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} is not null`),
  ],
);

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;
