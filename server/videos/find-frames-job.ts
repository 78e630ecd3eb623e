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
function watchForCancel(deps: VideoJobDeps, videoId: string, run: string | undefined, controller: AbortController): () => void {
  const store = createVideoStore(deps.db);
  const timer = setInterval(() => {
    store.runOf(videoId).then(
      (now) => isCurrent(now, run) || controller.abort(new AppError("conflict:video_busy", "The video was cancelled, deleted or analysed again.")),
      (err: unknown) => deps.logger.warn({ err, videoId }, "could not read the video's status"),
    );
  }, CANCEL_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Still this run's video: analysing, and (for a job that knows its run) in this run, not a later one. */
function isCurrent(now: { status: string; run: string | undefined } | undefined, run: string | undefined): boolean {
  return now?.status === "analysing" && (run === undefined || now.run === run);
}

/** Progress for the tabs a few times a second, and for the row now and then (a reload shows where it was). */
function progressReporter(deps: VideoJobDeps, row: VideoRow, run: string | undefined): (progress: VideoProgress) => void {
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
      void store.updateRun(row.id, run, { progress: { ...progress, run } }).catch((err: unknown) => deps.logger.warn({ err, videoId: row.id }, "could not save the progress"));
    }
  };
}

/** The keys storeAnalysis writes for an analysis: what a run removes when its video is gone by the time it ends. */
function analysisKeys(row: VideoRow, analysis: FrameAnalysis): string[] {
  return [...analysis.frames.map((_, rank) => videoKey(row.userId, row.id, { frame: rank })), videoKey(row.userId, row.id, "filmstrip")];
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
      const { run } = payload;
      const row = await store.find(payload.videoId);
      if (!row || !isCurrent({ status: row.status, run: row.progress?.run }, run) || !row.fileKey || !row.probe) return;
      const controller = new AbortController();
      const abort = () => controller.abort(signal.reason);
      signal.addEventListener("abort", abort, { once: true });
      const stopWatching = watchForCancel(deps, row.id, run, controller);
      try {
        const file = await openJobFile(deps.storage, row.fileKey, deps.jobDir, job.id, controller.signal);
        try {
          const analysis = await deps.engine.findFrames(file.path, row.probe, {
            signal: controller.signal,
            onProgress: progressReporter(deps, row, run),
            subjectScore: deps.subjectScore,
          });
          const stored = await storeAnalysis(deps.storage, row, analysis);
          const done = await complete((tx) => createVideoStore(tx).updateRun(row.id, run, { ...stored, status: "ready", progress: null }));
          if (done?.value) deps.realtime.toUser(row.userId, "video:update", { video: toVideo(done.value) });
          // Deleted or expired while the files were written: nothing names them any more. (A later run of the same
          // video writes the same keys and owns them: they stay.)
          else if (!(await store.find(row.id))) await Promise.all(analysisKeys(row, analysis).map((key) => deps.storage.delete(key)));
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
      // Only this run's video: a later run of it is not failed by an older job's failure.
      const failed = await createVideoStore(tx).updateRun(payload.videoId, payload.run, {
        status: "failed",
        progress: null,
        error: interrupted ? "The server restarted while this video was being read. Try again." : error.message,
        errorCode: interrupted ? "unavailable:video_interrupted" : error.code,
      });
      return failed ? () => deps.realtime.toUser(failed.userId, "video:update", { video: toVideo(failed) }) : undefined;
    },
  });
}
