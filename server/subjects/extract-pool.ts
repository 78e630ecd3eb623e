/**
 * The extraction's worker pool (worker-pool.ts over extract-worker.ts). Aborting the running cut-out answers the
 * caller at once and lets the worker finish it: stopping the worker would throw its loaded model away, and a new one
 * loading beside the old one's last run would hold two models' memory.
 */
import type { InferenceSession } from "onnxruntime-node";
import { AppError } from "../errors/app-error.ts";
import type { ExtractJob, ExtractResult } from "./cutout.ts";
import type { ModelVariant } from "./model-files.ts";
import { createWorkerPool, type WorkerPool } from "./worker-pool.ts";

export interface ExtractWorkerData {
  variant: ModelVariant;
  /** onnxruntime's session options; model-session.ts's chosen ones if unset. */
  sessionOptions?: InferenceSession.SessionOptions;
  /** The model's square; MODEL_EDGE if unset. */
  edge?: number;
  cacheDir?: string;
}

export type ExtractPool = WorkerPool<ExtractJob, ExtractResult>;

export interface ExtractPoolOptions extends ExtractWorkerData {
  /** The worker script; tests point it at one that crashes. */
  workerUrl?: URL;
}

export function createExtractPool({ workerUrl, ...workerData }: ExtractPoolOptions): ExtractPool {
  return createWorkerPool<ExtractJob, ExtractResult>({
    workerUrl: workerUrl ?? new URL("./extract-worker.ts", import.meta.url),
    workerData,
    abortRunning: "finish",
    transfer: (job) => (job.kind === "extract" ? [job.photo.buffer as ArrayBuffer] : []),
    failed: (cause) => new AppError("internal:subjects_worker", "The photo could not be cut out. Please try again.", undefined, { cause }),
    // The model and its activations live outside V8's heap; this bounds only a runaway in JavaScript, which then
    // stops the worker instead of starving the process.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
}
