import type { VideoProgress } from "../../contract/videos.ts";
import type { DbOrTx } from "../../db/open-db.ts";
import type { StoredVideoFrame, VideoRow } from "../../db/schema/videos.ts";
import { AppError } from "../errors/app-error.ts";
import { defineJobHandler, type RegisteredJobHandler } from "../jobs/job-type.ts";
import type { Logger } from "../logger.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { videoKey } from "../storage/keys.ts";
import type { Storage } from "../storage/storage.ts";
import type { FrameAnalysis, SubjectScorer, VideoEngine } from "./engine.ts";
import { videoFramesJob } from "./find-frames-job-type.ts";
import { openJobFile } from "./job-file.ts";
import { toVideo } from "./record.ts";
import { createVideoStore } from "./store.ts";

/** `video:progress` at most this often (a few times a second), and the row's progress column this often. */
const PROGRESS_EVENT_MS = 250;
const PROGRESS_ROW_MS = 5000;
/** How often the job reads its row's status: a cancel or a delete on any node reaches it within this. */
export const CANCEL_CHECK_MS = 1000;

export interface VideoJobDeps {
  db: DbOrTx;
  storage: Storage;
  engine: VideoEngine;
  realtime: RealtimePublisher;
  logger: Logger;
  /** Where a worker copies a video out of a remote store, one folder per job. */
  jobDir: string;
  /** Scores how clear a subject a frame has; absent when the subject model is not on this machine. */
  subjectScore?: SubjectScorer | undefined;
}

/**
 * Aborts `controller` once the video leaves `analysing` (cancelled or deleted, from any node): the engine then kills
 * FFmpeg. Returns the stop function.
 */
function watchForCancel(deps: VideoJobDeps, videoId: string, controller: AbortController): () => void {
  const store = createVideoStore(deps.db);
  const timer = setInterval(() => {
    store.statusOf(videoId).then(
      (status) => status === "analysing" || controller.abort(new AppError("conflict:video_busy", "The video was cancelled or deleted.")),
      (err: unknown) => deps.logger.warn({ err, videoId }, "could not read the video's status"),
    );
  }, CANCEL_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Progress for the tabs a few times a second, and for the row now and then (a reload shows where it was). */
function progressReporter(deps: VideoJobDeps, row: VideoRow): (progress: VideoProgress) => void {
  const store = createVideoStore(deps.db);
  let lastEvent = 0;
  let lastRow = 0;
  return (progress) => {
    const now = performance.now();
    if (now - lastEvent >= PROGRESS_EVENT_MS) {
      lastEvent = now;
      deps.realtime.toUser(row.userId, "video:progress", { videoId: row.id, progress });
    }
    if (now - lastRow >= PROGRESS_ROW_MS) {
      lastRow = now;
      void store.update(row.id, ["analysing"], { progress }).catch((err: unknown) => deps.logger.warn({ err, videoId: row.id }, "could not save the progress"));
    }
  };
}

/** Writes the previews and the filmstrip under the video's keys; what the row then records. */
async function storeAnalysis(storage: Storage, row: VideoRow, analysis: FrameAnalysis): Promise<Pick<VideoRow, "frames" | "filmstrip" | "truncated">> {
  const frames: StoredVideoFrame[] = await Promise.all(
    analysis.frames.map(async (frame, rank) => {
      const previewKey = videoKey(row.userId, row.id, { frame: rank });
      await storage.put(previewKey, frame.preview);
      return { rank, timeMs: frame.timeMs, score: frame.score, reasons: frame.reasons, previewKey };
    }),
  );
  const { jpeg, ...strip } = analysis.filmstrip;
  const key = videoKey(row.userId, row.id, "filmstrip");
  await storage.put(key, jpeg);
  return { frames, filmstrip: { ...strip, key }, truncated: analysis.truncated };
}

/**
 * The frame finder (docs/product/videos.md): reads the video with the engine, stores the best frames' previews and the
 * filmstrip, and makes the video ready. Cancelled or deleted meanwhile: it stops and leaves the row as it is. A
 * failure (its own, or its worker died) fails the video with the reason (`onFailed`).
 */
export function findFramesJobHandler(deps: VideoJobDeps): RegisteredJobHandler {
  const store = createVideoStore(deps.db);
  return defineJobHandler({
    type: videoFramesJob,
    async run({ job, payload, signal, complete }) {
      const row = await store.find(payload.videoId);
      if (!row || row.status !== "analysing" || !row.fileKey || !row.probe) return;
      const controller = new AbortController();
      const abort = () => controller.abort(signal.reason);
      signal.addEventListener("abort", abort, { once: true });
      const stopWatching = watchForCancel(deps, row.id, controller);
      try {
        const file = await openJobFile(deps.storage, row.fileKey, deps.jobDir, job.id, controller.signal);
        try {
          const analysis = await deps.engine.findFrames(file.path, row.probe, {
            signal: controller.signal,
            onProgress: progressReporter(deps, row),
            subjectScore: deps.subjectScore,
          });
          const stored = await storeAnalysis(deps.storage, row, analysis);
          const done = await complete((tx) => createVideoStore(tx).update(row.id, ["analysing"], { ...stored, status: "ready", progress: null }));
          if (done?.value) deps.realtime.toUser(row.userId, "video:update", { video: toVideo(done.value) });
        } finally {
          await file.release();
        }
      } catch (err) {
        // Cancelled or deleted by its owner: the row already says so; the job ends without a failure.
        if (controller.signal.aborted && !signal.aborted) return;
        throw err;
      } finally {
        stopWatching();
        signal.removeEventListener("abort", abort);
      }
    },
    async onFailed(tx, { payload }, error) {
      // A worker that died mid-job (kill -9, a lost machine) is the one failure the creator should simply retry.
      const interrupted = error.code === "unavailable:interrupted" || error.code === "unavailable:lease_lost";
      const failed = await createVideoStore(tx).update(payload.videoId, ["analysing"], {
        status: "failed",
        progress: null,
        error: interrupted ? "The server restarted while this video was being read. Try again." : error.message,
        errorCode: interrupted ? "unavailable:video_interrupted" : error.code,
      });
      return failed ? () => deps.realtime.toUser(failed.userId, "video:update", { video: toVideo(failed) }) : undefined;
    },
  });
}
