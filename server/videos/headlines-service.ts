import { randomUUID } from "node:crypto";
import type { LanguageModel } from "ai";
import type { VideoHeadlinesResponse } from "../../contract/videos.ts";
import { AppError } from "../errors/app-error.ts";
import { createBoundedPool } from "../jobs/bounded-pool.ts";
import type { Logger } from "../logger.ts";
import type { Storage } from "../storage/storage.ts";
import type { VideoEngine } from "./engine.ts";
import { headlinesFrom, transcriptAt } from "./headlines.ts";
import { openJobFile } from "./job-file.ts";
import { missingVideo } from "./record.ts";
import type { VideoStore } from "./store.ts";
import type { Transcriber } from "./transcribe.ts";

/** Sound cut and transcribed at once per process; a few more wait, past that the caller is told to try again. */
const RUNNING = 2;
const MAX_WAITING = 8;
/** The cut, the transcription and the headlines together; the transcription has its own minute inside it. */
const HEADLINES_TIMEOUT_MS = 90_000;

/**
 * What is said around a moment of a video, and headlines from it (docs/product/videos.md, In the chat), answered in
 * the request rather than by a job: there is nowhere to keep the answer but the reply, the sound is cut by FFmpeg as
 * a child process (30 seconds of 16 kHz mono, its output capped), and the transcription is a network call, so the
 * node's event loop only waits. A pool bounds how many run at once on one node.
 */
export function createVideoHeadlines(deps: {
  store: Pick<VideoStore, "findOwned">;
  storage: Storage;
  engine: Pick<VideoEngine, "available" | "audioClip">;
  transcriber: Transcriber;
  /** The chat's model when one is configured: it writes the headlines; else rules pick them from the transcript. */
  model: LanguageModel | undefined;
  jobDir: string;
  clock: () => number;
  logger: Logger;
}) {
  const pool = createBoundedPool({
    running: RUNNING,
    maxWaiting: MAX_WAITING,
    busy: () => new AppError("unavailable:transcription", "Many videos are being listened to right now. Try again in a minute."),
  });

  async function ready(userId: string, id: string) {
    const row = await deps.store.findOwned(userId, id, new Date(deps.clock()));
    if (!row) throw missingVideo();
    if (!row.fileKey || !row.probe || row.status === "uploading") throw new AppError("conflict:video_not_ready", "The video is still being uploaded.");
    return { ...row, fileKey: row.fileKey, probe: row.probe };
  }

  /** The words spoken in the half minute around `timeMs` of the user's video. */
  async function transcript(userId: string, id: string, timeMs: number, signal: AbortSignal): Promise<string> {
    const row = await ready(userId, id);
    // Unconfigured, the transcriber answers not_configured:transcription before any sound is cut.
    if (!deps.transcriber.available) return deps.transcriber.transcribe(Buffer.alloc(0), signal);
    return pool(async () => {
      const limited = AbortSignal.any([signal, AbortSignal.timeout(HEADLINES_TIMEOUT_MS)]);
      const file = await openJobFile(deps.storage, row.fileKey, deps.jobDir, `headlines-${randomUUID()}`, limited);
      try {
        return await transcriptAt(deps, file.path, row.probe, Math.min(timeMs, row.probe.durationMs), limited);
      } finally {
        await file.release();
      }
    });
  }

  return {
    transcript,

    /** POST videoHeadlinesPath: the transcript around `timeMs` and up to three headlines from it. */
    async headlines(userId: string, id: string, timeMs: number, signal: AbortSignal): Promise<VideoHeadlinesResponse> {
      const said = await transcript(userId, id, timeMs, signal);
      return { transcript: said, headlines: await headlinesFrom({ model: deps.model, logger: deps.logger }, said, signal) };
    },
  };
}

export type VideoHeadlines = ReturnType<typeof createVideoHeadlines>;
