/**
 * The swap's worker pool (worker-pool.ts over inpaint-worker.ts): aborting the running swap terminates the worker,
 * since its synchronous pixel loops cannot be interrupted any other way.
 */
import { AppError } from "../errors/app-error.ts";
import type { SwapJob } from "./swap-compose.ts";
import { createWorkerPool, type WorkerPool } from "./worker-pool.ts";

/** Runs a swap job; resolves to the swapped image's RGBA bytes, base size. */
export type SwapWorkerPool = WorkerPool<SwapJob, Uint8Array>;

export interface SwapWorkerPoolOptions {
  /** The worker script; tests point it at a failing one. */
  workerUrl?: URL;
}

export function createSwapWorkerPool(options: SwapWorkerPoolOptions = {}): SwapWorkerPool {
  return createWorkerPool<SwapJob, Uint8Array>({
    workerUrl: options.workerUrl ?? new URL("./inpaint-worker.ts", import.meta.url),
    failed: (cause) => new AppError("internal:swap_worker", "The subject swap failed.", undefined, { cause }),
    transfer: (job) => [...new Set([job.base.data.buffer, job.subjectMask.buffer, job.persona.data.buffer])] as ArrayBuffer[],
  });
}
