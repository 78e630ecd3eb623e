import { z } from "zod/mini";
import { imageRecordSchema } from "./images.ts";

/**
 * From your video (docs/product/videos.md): a creator uploads a video, a worker finds its best frames, and a frame
 * becomes an image (an upload) that a thumbnail, a persona or a subject swap starts from.
 */

export const VIDEOS_PATH = "/api/videos";
/** The resumable upload endpoint (tus 1.0.0: POST creates, HEAD tells the offset, PATCH appends). */
export const VIDEO_UPLOADS_PATH = "/api/videos/uploads";
export const videoPath = (id: string): string => `${VIDEOS_PATH}/${encodeURIComponent(id)}`;
/** POST: pick the frame at `timeMs` → an upload image (pending until a worker has cut it out of the video). */
export const videoFramesPath = (id: string): string => `${videoPath(id)}/frames`;
/** GET: one of the best frames' preview (JPEG), by its rank (0 = best). */
export const videoCandidatePath = (id: string, rank: number): string => `${videoPath(id)}/candidates/${rank}`;
/** GET: the filmstrip (one JPEG of small tiles across the whole video) the timeline slider previews from. */
export const videoFilmstripPath = (id: string): string => `${videoPath(id)}/filmstrip`;
/** POST: stop finding frames. */
export const videoCancelPath = (id: string): string => `${videoPath(id)}/cancel`;
/** POST: find frames again (after a cancel or a failure). */
export const videoAnalysePath = (id: string): string => `${videoPath(id)}/analyse`;
/** POST: headlines from what is said around `timeMs` (needs a transcription model). */
export const videoHeadlinesPath = (id: string): string => `${videoPath(id)}/headlines`;

/** The containers a creator may upload; the file's own bytes decide, never the name or the type it claims. */
export const videoTypes = ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska"] as const;
export type VideoType = (typeof videoTypes)[number];
export const videoExtensions = [".mp4", ".m4v", ".mov", ".webm", ".mkv"] as const;

/** A video is kept this long after its upload; frames picked from it are images and outlive it. */
export const VIDEO_TTL_HOURS = 24;
/** How many best frames the creator is shown. */
export const VIDEO_BEST_FRAMES = 8;
/** At most this many frames are read from one video, spread evenly (plus the shot changes among them). */
export const VIDEO_MAX_SAMPLES = 1800;
/** A video's name as shown (the uploaded file's name, shortened). */
export const VIDEO_NAME_MAX = 120;

/** `expired`: past its 24 hours with frames saved from it, so its row stays (for them) while its files are gone. */
export const videoStatuses = ["uploading", "analysing", "ready", "failed", "cancelled", "expired"] as const;
export type VideoStatus = (typeof videoStatuses)[number];

/** Why a frame was chosen, each shown as a short phrase under it. */
export const videoFrameReasons = ["sharp", "well-exposed", "clear-subject", "shot-change"] as const;
export type VideoFrameReason = (typeof videoFrameReasons)[number];

/** What the frame finder is doing: reading frames, then scoring the best of them, then saving previews. */
export const videoProgressStages = ["reading", "scoring", "saving"] as const;
export type VideoProgressStage = (typeof videoProgressStages)[number];

export const videoProgressSchema = z.object({
  stage: z.enum(videoProgressStages),
  done: z.number().check(z.minimum(0)),
  total: z.number().check(z.minimum(0)),
});
export type VideoProgress = z.infer<typeof videoProgressSchema>;

/** What the probe read from the file. Width and height are as shown, after the rotation is applied. */
export const videoProbeSchema = z.object({
  container: z.string(),
  codec: z.string(),
  durationMs: z.number(),
  width: z.number(),
  height: z.number(),
  rotation: z.number(),
  fps: z.nullable(z.number()),
  hasAudio: z.boolean(),
});
export type VideoProbe = z.infer<typeof videoProbeSchema>;

export const videoFrameSchema = z.object({
  rank: z.number(),
  timeMs: z.number(),
  /** 0–1, higher is better. */
  score: z.number(),
  reasons: z.array(z.enum(videoFrameReasons)),
  url: z.string(),
});
export type VideoFrame = z.infer<typeof videoFrameSchema>;

/** Tiles across the whole video, left to right then top to bottom; tile i shows the moment i × stepMs. */
export const videoFilmstripSchema = z.object({
  url: z.string(),
  columns: z.number(),
  rows: z.number(),
  tileWidth: z.number(),
  tileHeight: z.number(),
  count: z.number(),
  stepMs: z.number(),
});
export type VideoFilmstrip = z.infer<typeof videoFilmstripSchema>;

export const videoSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(videoStatuses),
  bytes: z.number(),
  probe: z.nullable(videoProbeSchema),
  progress: z.nullable(videoProgressSchema),
  /** The best frames, best first; empty until the video is ready. */
  frames: z.array(videoFrameSchema),
  filmstrip: z.nullable(videoFilmstripSchema),
  /** True when the file ended early: the frames come from the part before the cut. */
  truncated: z.boolean(),
  /** Why it failed, safe to show; `errorCode` lets the web translate it. */
  error: z.nullable(z.string()),
  errorCode: z.nullable(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Video = z.infer<typeof videoSchema>;

export const videoResponseSchema = z.object({ video: videoSchema });
export type VideoResponse = z.infer<typeof videoResponseSchema>;
export const videoListResponseSchema = z.object({ videos: z.array(videoSchema) });
export type VideoListResponse = z.infer<typeof videoListResponseSchema>;

/** POST /api/videos/:id/frames: the moment to cut out, in milliseconds from the start. */
export const videoFrameRequestSchema = z.object({ timeMs: z.int().check(z.minimum(0), z.maximum(24 * 3600 * 1000)) });
export type VideoFrameRequest = z.infer<typeof videoFrameRequestSchema>;
/** The frame as an upload image: pending until a worker has cut it out, then ready like any upload. */
export const videoFrameResponseSchema = z.object({ image: imageRecordSchema, timeMs: z.number() });
export type VideoFrameResponse = z.infer<typeof videoFrameResponseSchema>;

/** POST /api/videos/:id/headlines: what is said around `timeMs`, and headlines made from it. */
export const videoHeadlinesRequestSchema = videoFrameRequestSchema;
export const videoHeadlinesResponseSchema = z.object({ transcript: z.string(), headlines: z.array(z.string()) });
export type VideoHeadlinesResponse = z.infer<typeof videoHeadlinesResponseSchema>;

/** "1:05", "0:03", "1:02:03" or "65s" / "65" (seconds) → milliseconds; undefined when it is not a time. */
export function parseTimecode(text: string): number | undefined {
  const value = text.trim();
  const seconds = /^(\d{1,6})(?:\.(\d{1,3}))?\s*s?$/.exec(value);
  if (seconds) return Number(seconds[1]) * 1000 + fraction(seconds[2]);
  const clock = /^(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)(?:\.(\d{1,3}))?$/.exec(value);
  if (!clock) return undefined;
  const [, hours, minutes, secs, frac] = clock;
  return ((Number(hours ?? 0) * 60 + Number(minutes)) * 60 + Number(secs)) * 1000 + fraction(frac);
}

function fraction(digits: string | undefined): number {
  return digits ? Math.round(Number(`0.${digits}`) * 1000) : 0;
}

/** Milliseconds → "m:ss" (or "h:mm:ss" from an hour on), as a video player shows them. */
export function formatTimecode(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}
