import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { VideoFilmstrip, VideoProbe, VideoProgress } from "../../contract/videos.ts";
import { videoStatuses } from "../../contract/videos.ts";
import { users } from "./users.ts";

/**
 * The progress column: what the tabs see, plus `run`, the id of the frame finder's run that is current (set when the
 * video goes to analysing). A job of an older run (cancelled, then analysed again) sees another run and stops.
 */
export type StoredVideoProgress = Partial<VideoProgress> & { run?: string };

/** A best frame as stored: its preview lives in storage under `previewKey`. */
export interface StoredVideoFrame {
  rank: number;
  timeMs: number;
  score: number;
  reasons: string[];
  previewKey: string;
}

/**
 * An uploaded video (docs/product/videos.md): made when its upload begins (so the day's count and the storage quota
 * hold it), filled in as the upload ends and the frame finder runs, deleted with its files when it expires.
 */
export const videos = pgTable(
  "videos",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    status: text({ enum: videoStatuses }).notNull(),
    /** The size the upload declared, then the size received: what counts against the owner's video quota. */
    bytes: bigint({ mode: "number" }).notNull(),
    /** Storage key of the whole file once uploaded; null while it is still arriving. */
    fileKey: text(),
    probe: jsonb().$type<VideoProbe>(),
    progress: jsonb().$type<StoredVideoProgress>(),
    frames: jsonb().$type<StoredVideoFrame[]>().notNull().default([]),
    filmstrip: jsonb().$type<Omit<VideoFilmstrip, "url"> & { key: string }>(),
    truncated: boolean().notNull().default(false),
    error: text(),
    errorCode: text(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index("videos_user_created_idx").on(t.userId, t.createdAt), index("videos_expires_idx").on(t.expiresAt)],
);

export type VideoRow = typeof videos.$inferSelect;
