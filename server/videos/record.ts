import { videoCandidatePath, videoFilmstripPath, type Video, type VideoFrameReason } from "../../contract/videos.ts";
import type { VideoRow } from "../../db/schema/videos.ts";
import { AppError } from "../errors/app-error.ts";

/** A row as the API and `video:update` show it: its previews as URLs of this API, never storage keys. */
export function toVideo(row: VideoRow): Video {
  const strip = row.filmstrip;
  const filmstrip = strip
    ? { url: videoFilmstripPath(row.id), columns: strip.columns, rows: strip.rows, tileWidth: strip.tileWidth, tileHeight: strip.tileHeight, count: strip.count, stepMs: strip.stepMs }
    : null;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    bytes: row.bytes,
    probe: row.probe ?? null,
    // The run's id stays on the server.
    progress: row.progress?.stage ? { stage: row.progress.stage, done: row.progress.done ?? 0, total: row.progress.total ?? 0 } : null,
    frames: row.frames.map((f) => ({ rank: f.rank, timeMs: f.timeMs, score: f.score, reasons: f.reasons as VideoFrameReason[], url: videoCandidatePath(row.id, f.rank) })),
    filmstrip,
    truncated: row.truncated,
    error: row.error,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** Someone else's video answers exactly like a missing one, so ids cannot be probed. */
export const missingVideo = (): AppError => new AppError("not_found:video", "That video does not exist or has expired.");
