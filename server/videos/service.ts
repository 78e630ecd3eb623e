import { stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import { randomUUID } from "node:crypto";
import {
  VIDEO_BEST_FRAMES,
  VIDEO_NAME_MAX,
  VIDEO_TTL_HOURS,
  type Video,
  type VideoFrameResponse,
  videoExtensions,
  videoTypes,
} from "../../contract/videos.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import type { VideoRow } from "../../db/schema/videos.ts";
import { AppError } from "../errors/app-error.ts";
import { type ImageService, toImageRecord } from "../images/service.ts";
import type { JobQueue } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";
import type { RateLimiter, RateRule } from "../rate-limit/service.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { videoKey } from "../storage/keys.ts";
import type { Storage } from "../storage/storage.ts";
import type { VideoEngine, VideoLimits } from "./engine.ts";
import { videoFrameJob, videoFramesJob } from "./find-frames-job-type.ts";
import { missingVideo, toVideo } from "./record.ts";
import { createVideoStore, type VideoStore } from "./store.ts";
import type { UploadFiles } from "./upload-files.ts";
import { unreadableVideo } from "./video-errors.ts";

export { videoFrameJob, videoFramesJob };

export interface VideoSettings {
  maxBytes: number;
  uploadsPerDay: number;
  /** Frames one account may pick per hour: each one is an FFmpeg decode on a worker. */
  framesPerHour: number;
  quotaBytes: number;
  limits: VideoLimits;
}

/** What a tus creation request declares, as its headers carry it (tus 1.0.0). */
export interface UploadDeclaration {
  length: string | undefined;
  deferLength: string | undefined;
  metadata: string | undefined;
}

/** The probe reads headers only, yet a hostile file could stall it: it gets this long. */
const PROBE_TIMEOUT_MS = 60_000;

/** Every key a video may have written: removing them all is safe whatever step it reached. */
export function videoKeys(row: Pick<VideoRow, "userId" | "id">): string[] {
  return [videoKey(row.userId, row.id, "source"), videoKey(row.userId, row.id, "filmstrip"), ...Array.from({ length: VIDEO_BEST_FRAMES }, (_, frame) => videoKey(row.userId, row.id, { frame }))];
}

/** tus's Upload-Metadata: comma-separated `key base64value` pairs (a key alone means an empty value). */
export function parseUploadMetadata(header: string): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of header.split(",")) {
    const [key, value, extra] = part.trim().split(" ");
    if (!key || extra !== undefined || pairs.has(key) || !/^[\x21-\x7e]+$/.test(key)) throw invalidUpload("The upload's metadata is malformed.");
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw invalidUpload("The upload's metadata is malformed.");
    pairs.set(key, value === undefined ? "" : Buffer.from(value, "base64").toString("utf8"));
  }
  return pairs;
}

const invalidUpload = (message: string) => new AppError("invalid:upload", message);
const notAVideo = () => new AppError("unsupported_media_type:video", "That file is not a video we can read. Upload an MP4, MOV, WebM or MKV file.");

/** What the probe refuses (a 4xx), with a probe that ran out of time counted as an unreadable file; else undefined. */
function asRefusal(err: unknown): AppError | undefined {
  if (err instanceof DOMException && err.name === "TimeoutError") return unreadableVideo(err);
  return err instanceof AppError && err.status < 500 ? err : undefined;
}

/** The file's name as shown: its last path part, no control characters, at most VIDEO_NAME_MAX characters. */
function cleanName(filename: string | undefined): string {
  const base = (filename ?? "").split(/[\\/]/).pop()?.replace(/[\p{Cc}\p{Cf}]/gu, "").trim() ?? "";
  if (base === "" || base.length > 255) throw new AppError("invalid:upload_name", "Give the video a file name of at most 255 characters.");
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 ? base.slice(dot).toLowerCase() : "";
  if (!(videoExtensions as readonly string[]).includes(extension)) throw notAVideo();
  return [...base].length > VIDEO_NAME_MAX ? `${[...base].slice(0, VIDEO_NAME_MAX - 1).join("")}…` : base;
}

/**
 * Uploaded videos (docs/product/videos.md): the tus upload's rules (limits, ownership, the probe when it ends), the
 * records and their files, the frame finder's and the frame cutter's jobs, and `video:update` with every change of
 * status. Ownership is checked first everywhere; another user's video is a missing one.
 */
export function createVideoService(deps: {
  db: DbOrTx;
  storage: Storage;
  engine: VideoEngine;
  uploads: UploadFiles;
  /** The video jobs' own queue (finding frames, cutting one): its worker runner runs VIDEO_JOBS_PER_WORKER at a time. */
  videoQueue: JobQueue;
  /** The shared queue (no video job runs on it: each would be one more FFmpeg on the worker). */
  queue: JobQueue;
  images: ImageService;
  realtime: RealtimePublisher;
  rateLimiter: RateLimiter;
  settings: VideoSettings;
  clock: () => number;
  logger: Logger;
}) {
  const { storage, engine, uploads, settings, realtime } = deps;
  const store = createVideoStore(deps.db);
  const uploadRule: RateRule = { name: "video-upload", limit: settings.uploadsPerDay, windowMs: 24 * 3600_000 };
  const frameRule: RateRule = { name: "video-frame", limit: settings.framesPerHour, windowMs: 3600_000 };
  const now = () => new Date(deps.clock());
  const announce = (row: VideoRow) => realtime.toUser(row.userId, "video:update", { video: toVideo(row) });

  function requireEngine(): void {
    if (!engine.available) throw new AppError("not_configured:video", "Videos cannot be read on this server: FFmpeg is not installed.");
  }

  async function owned(userId: string, id: string): Promise<VideoRow> {
    const row = await store.findOwned(userId, id, now());
    if (!row) throw missingVideo();
    return row;
  }

  /** Deletes every file a video may have (storage and the unfinished upload), then its row. */
  async function discard(row: VideoRow): Promise<void> {
    await Promise.all([...videoKeys(row).map((key) => storage.delete(key)), uploads.remove(row.id)]);
    await store.delete(row.id);
  }

  /** Deletes every file of a video with saved frames and keeps its row as `expired` (files first, as `discard`). */
  async function keepForFrames(row: VideoRow): Promise<void> {
    await Promise.all([...videoKeys(row).map((key) => storage.delete(key)), uploads.remove(row.id)]);
    const kept = await store.update(row.id, [row.status], { status: "expired", fileKey: null, progress: null, frames: [], filmstrip: null });
    if (kept) announce(kept);
  }

  /** Moves a video into finding frames and queues the job, in one transaction: never a status without its job. */
  async function startAnalysis(id: string, from: readonly VideoRow["status"][], change: Partial<VideoRow> = {}): Promise<VideoRow | undefined> {
    const row = await withTransaction(deps.db, async (tx) => {
      // A new run: a job of an earlier one (cancelled a moment ago) sees it is no longer current and stops.
      const run = randomUUID();
      const moved = await createVideoStore(tx).update(id, from, { ...change, status: "analysing", progress: { run }, error: null, errorCode: null, frames: [], filmstrip: null, truncated: false });
      if (moved) await deps.videoQueue.enqueue(tx, videoFramesJob, { videoId: id, run }, { userId: moved.userId });
      return moved;
    });
    if (row) {
      deps.videoQueue.wake();
      announce(row);
    }
    return row;
  }

  async function openStored(key: string | null | undefined, missing: () => AppError): Promise<{ stream: Readable; size: number }> {
    const opened = key ? await storage.open(key) : undefined;
    if (!opened) throw missing();
    return opened;
  }

  return {
    store: store as VideoStore,
    announce,

    /**
     * A tus creation request, before tus writes anything: the declared size, name and type, the account's size,
     * quota and daily limits, then the row (uploading, 24 hours to live). Returns the id the upload takes.
     */
    async beginUpload(userId: string, declared: UploadDeclaration): Promise<string> {
      requireEngine();
      if (declared.deferLength !== undefined || declared.length === undefined) throw invalidUpload("Send the file's size in Upload-Length: uploads of unknown length are not taken.");
      if (!/^\d{1,16}$/.test(declared.length)) throw invalidUpload("Upload-Length must be a whole number of bytes.");
      const bytes = Number(declared.length);
      if (bytes === 0) throw notAVideo();
      const metadata = parseUploadMetadata(declared.metadata ?? "");
      const name = cleanName(metadata.get("filename"));
      if (!(videoTypes as readonly string[]).includes(metadata.get("filetype") ?? "")) throw notAVideo();
      if (bytes > settings.maxBytes) {
        throw new AppError("payload_too_large:video", `That video is larger than ${Math.floor(settings.maxBytes / 1024 ** 2)} MB, the most one upload may be.`);
      }
      // The day's count is taken first (one atomic upsert) and given back if the quota refuses. The quota's check and
      // the row then run under a lock of the user's video limits, so simultaneous creations pass one at a time and
      // each sees the rows the others made. Nothing else runs inside the lock: a waiting creation holds a connection.
      const dayCount = await deps.rateLimiter.reserve(uploadRule, userId);
      let row: VideoRow;
      try {
        row = await withTransaction(deps.db, async (tx) => {
          const txStore = createVideoStore(tx);
          await txStore.lockLimitsOf(userId);
          if ((await txStore.bytesHeld(userId, now())) + bytes > settings.quotaBytes) {
            throw new AppError("payload_too_large:video_quota", "Your videos would pass your storage for videos. They are deleted 24 hours after upload; delete one or try again later.");
          }
          return txStore.insert({ id: randomUUID(), userId, name, bytes, expiresAt: new Date(deps.clock() + VIDEO_TTL_HOURS * 3600_000) });
        });
      } catch (err) {
        await dayCount.release();
        throw err;
      }
      announce(row);
      return row.id;
    },

    /** A HEAD, PATCH or DELETE of an upload: only its owner's, and only while it is still arriving. */
    async assertUploading(userId: string, id: string): Promise<void> {
      const row = await owned(userId, id);
      if (row.status !== "uploading") throw missingVideo();
    },

    /** The size of the owner's upload that has already arrived whole (its file stored), else undefined. */
    async finishedUploadBytes(userId: string, id: string): Promise<number | undefined> {
      const row = await store.findOwned(userId, id, now());
      return row && row.status !== "uploading" && row.fileKey ? row.bytes : undefined;
    },

    /** tus could not create the upload after its row was made: the row goes, so it holds no quota. */
    async abandonUpload(userId: string, id: string): Promise<void> {
      const row = await store.findOwned(userId, id, now());
      if (row?.status === "uploading") await discard(row);
    },

    /**
     * The last byte arrived: probe the file; a refusal deletes the row and the file and answers its code. Otherwise
     * the file moves into storage, the row goes to analysing and the frame finder is queued.
     */
    async finishUpload(userId: string, id: string): Promise<Video> {
      const row = await owned(userId, id);
      if (row.status !== "uploading") throw missingVideo();
      const path = uploads.pathOf(id);
      try {
        const { size } = await stat(path);
        const probe = await engine.probe(path, settings.limits, AbortSignal.timeout(PROBE_TIMEOUT_MS));
        const fileKey = videoKey(userId, id, "source");
        await storage.putFile(fileKey, path);
        const started = await startAnalysis(id, ["uploading"], { fileKey, probe, bytes: size });
        // Deleted while it was being stored: its files go too.
        if (!started) {
          await storage.delete(fileKey);
          throw missingVideo();
        }
        // Only now: until the row moved on, a retry (the client's HEAD) finds the whole upload and finishes it.
        await uploads.remove(id);
        return toVideo(started);
      } catch (err) {
        const refusal = asRefusal(err);
        // The server's own failure (storage, database) keeps the upload "uploading" for the client's retry.
        if (!refusal) throw err;
        await discard(row).catch((e: unknown) => deps.logger.error({ err: e, videoId: id }, "could not remove a refused video"));
        throw refusal;
      }
    },

    async list(userId: string): Promise<Video[]> {
      return (await store.listOwned(userId, now())).map(toVideo);
    },

    async get(userId: string, id: string): Promise<Video> {
      return toVideo(await owned(userId, id));
    },

    /** Deletes a video and its files; a frame finder running on it sees the row gone and stops. */
    async remove(userId: string, id: string): Promise<void> {
      await discard(await owned(userId, id));
    },

    /** Stops finding frames: cancelled at once; the job notices within a second on whichever worker runs it. */
    async cancel(userId: string, id: string): Promise<Video> {
      const row = await owned(userId, id);
      if (row.status !== "analysing") return toVideo(row);
      const cancelled = await store.update(id, ["analysing"], { status: "cancelled", progress: null });
      if (!cancelled) return toVideo(await owned(userId, id));
      announce(cancelled);
      return toVideo(cancelled);
    },

    /** Finds frames again after a cancel or a failure. */
    async analyse(userId: string, id: string): Promise<Video> {
      requireEngine();
      const row = await owned(userId, id);
      if (row.status === "ready") return toVideo(row);
      if (row.status === "uploading" || row.status === "analysing" || !row.fileKey) {
        throw new AppError("conflict:video_busy", "This video is still being uploaded or read. Wait until it is done.");
      }
      const started = await startAnalysis(id, ["failed", "cancelled"]);
      return toVideo(started ?? (await owned(userId, id)));
    },

    /** One best frame's preview (JPEG) by rank. */
    async candidate(userId: string, id: string, rank: number): Promise<{ stream: Readable; size: number }> {
      const row = await owned(userId, id);
      const frame = row.frames.find((f) => f.rank === rank);
      return openStored(frame?.previewKey, () => new AppError("not_found:video_frame", "That frame does not exist."));
    },

    async filmstrip(userId: string, id: string): Promise<{ stream: Readable; size: number }> {
      const row = await owned(userId, id);
      if (row.status !== "ready") throw new AppError("conflict:video_not_ready", "The video is not ready yet.");
      return openStored(row.filmstrip?.key, () => new AppError("not_found:video_frame", "This video has no filmstrip."));
    },

    /**
     * Picks the frame at `timeMs`: an upload image, pending until a worker has cut it out of the video, then ready
     * like any upload, so a thumbnail, a persona or a subject swap can start from it. It is saved: in the gallery
     * under From video, linked to the video, never expiring.
     */
    async pickFrame(userId: string, id: string, timeMs: number): Promise<VideoFrameResponse> {
      requireEngine();
      const row = await owned(userId, id);
      if (row.status === "expired") throw new AppError("conflict:video_not_ready", "This video was deleted 24 hours after its upload; only the frames saved from it are kept. Upload it again to pick another frame.");
      if (!row.fileKey || !row.probe) throw new AppError("conflict:video_not_ready", "The video is still being uploaded.");
      await deps.rateLimiter.enforce(frameRule, userId);
      const clamped = Math.min(timeMs, Math.max(0, row.probe.durationMs - 1));
      // A saved frame: kept (no expiry) and linked to the video as it is now, which outlives the video's own files.
      const sourceVideo = { videoId: row.id, name: row.name, durationMs: row.probe.durationMs, timeMs: clamped };
      const { rows } = await deps.images.lifecycle.createPending(
        userId,
        [{ kind: "upload", width: row.probe.width, height: row.probe.height, expiresAt: null, sourceVideo }],
        {
          shortOfCredits: () => new AppError("internal:unexpected", "A frame costs no credits."),
          alsoIn: async (tx, images) => {
            for (const image of images) await deps.videoQueue.enqueue(tx, videoFrameJob, { videoId: id, imageId: image.id, timeMs: clamped }, { userId });
          },
        },
      );
      deps.videoQueue.wake();
      const [image] = rows;
      if (!image) throw new Error("the frame's image was not written");
      return { image: toImageRecord(image), timeMs: clamped };
    },

    /**
     * Deletes videos past their 24 hours, files first so a crash leaves a row to retry, never an orphan file. A video
     * with saved frames keeps its row (`expired`, no files) so its frames still name it and its screen lists them.
     */
    async sweepExpired(): Promise<number> {
      const expired = await store.expired(now(), 100);
      for (const row of expired) {
        if (await deps.images.hasFramesFrom(row.userId, row.id)) await keepForFrames(row);
        else await discard(row);
      }
      // Unfinished uploads whose row is already gone (a process died between the two).
      await uploads.sweepExpired();
      if (expired.length > 0) deps.logger.info({ count: expired.length }, "expired videos removed");
      return expired.length;
    },
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
