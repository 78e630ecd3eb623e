import type { InferenceSession } from "onnxruntime-node";
// Loaded on the main thread before any worker: sharp's native libraries must outlive every thread that uses them.
import "sharp";
import { AppError } from "../errors/app-error.ts";
import type { Logger } from "../logger.ts";
import { createCutoutRunner, type ExtractJob, type ExtractResult, type Extraction } from "./cutout.ts";
import { createExtractPool } from "./extract-pool.ts";
import type { ModelVariant } from "./model-files.ts";
import type { MaskModel } from "./model-session.ts";
import { createBoundedQueue } from "./queue.ts";

export type { Box } from "./mask.ts";
export type { Extraction } from "./cutout.ts";
export type { ModelVariant } from "./model-files.ts";

export interface SubjectExtractor {
  /**
   * Throws `unprocessable:image` for bytes that do not decode, `invalid:no_subject`, `unavailable:subjects_busy`, and
   * `internal:subjects_worker` when the worker fails (it is replaced for the next photo).
   */
  extract(input: Buffer, signal?: AbortSignal): Promise<Extraction>;
  /** Loads the model and runs it once, so the first photo does not pay for either. */
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

export interface SubjectExtractorOptions {
  logger: Logger;
  /** decision 013: fp32 (the fp16 file widened) by default. */
  variant?: ModelVariant;
  /** Photos that may wait while one is cut out; more are refused as busy. */
  maxQueue?: number;
  /** Where the widened model file is kept (DATA_DIR/models in the app); the system's temporary directory if unset. */
  modelCacheDir?: string;
  /** onnxruntime session options and the model's square in place of decision 013's (the bench compares them). */
  sessionOptions?: InferenceSession.SessionOptions;
  edge?: number;
  /** The worker script (tests point it at one that crashes). */
  workerUrl?: URL;
  /**
   * A model opened on the calling thread, the whole cut-out run there too: tests with a stand-in model, and the
   * bench's measure of what the event loop suffered before the worker.
   */
  openModel?: () => Promise<MaskModel>;
}

const noSubject = () =>
  new AppError("invalid:no_subject", "We could not find a person or object to cut out in this photo. Try a photo with a clear subject.");

/**
 * Cuts the subject out of a photo in a worker thread (extract-pool.ts): one model per process, loaded on first use
 * and kept, and one photo at a time (a run takes both cores and most of a gigabyte; decision 013).
 */
export function createSubjectExtractor(options: SubjectExtractorOptions): SubjectExtractor {
  const { logger, variant = "fp32", maxQueue = 8 } = options;
  const queue = createBoundedQueue({ concurrency: 1, maxQueue });
  const run = options.openModel ? inThisThread(options.openModel) : inWorker(options);

  const answered = ({ extraction, noSubject: reason, loadedMs }: ExtractResult): Extraction | undefined => {
    if (loadedMs !== undefined) logger.info({ variant, ms: Math.round(loadedMs) }, "subject model loaded");
    if (reason) logger.info({ reason }, "no subject in photo");
    return extraction;
  };

  return {
    extract: (input, signal) =>
      queue.run(async () => {
        // A copy of its own, moved to the worker: the caller's buffer may be a view of a larger one, or still in use.
        const extraction = answered(await run.job({ kind: "extract", photo: new Uint8Array(input) }, signal));
        if (!extraction) throw noSubject();
        return extraction;
      }, signal),
    // Queued like a photo: a warm-up beside a photo's run would hold two runs' memory.
    warmUp: () =>
      queue.run(async () => {
        answered(await run.job({ kind: "warm-up" }));
      }),
    close: () => run.close(),
  };
}

interface Runner {
  job(job: ExtractJob, signal?: AbortSignal): Promise<ExtractResult>;
  close(): Promise<void>;
}

function inWorker(options: SubjectExtractorOptions): Runner {
  const pool = createExtractPool({
    variant: options.variant ?? "fp32",
    sessionOptions: options.sessionOptions,
    edge: options.edge,
    cacheDir: options.modelCacheDir,
    workerUrl: options.workerUrl,
  });
  return {
    async job(job, signal) {
      const result = await pool.run(job, signal);
      const extraction = result.extraction;
      if (!extraction) return result;
      // Buffers arrive as plain Uint8Arrays: the same bytes, seen as Buffers again.
      const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      return { ...result, extraction: { ...extraction, mask: asBuffer(extraction.mask), cutoutPng: asBuffer(extraction.cutoutPng) } };
    },
    close: () => pool.close(),
  };
}

function inThisThread(openModel: () => Promise<MaskModel>): Runner {
  const runner = createCutoutRunner(openModel);
  return {
    job: (job, signal) => runner.run(job, () => signal?.throwIfAborted()),
    close: () => runner.release(),
  };
}
