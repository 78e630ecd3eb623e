/**
 * One reusable worker thread for swaps, with a queue in front: jobs run one at a time (the machine has few cores and
 * a swap uses one fully), the event loop never blocks, and the worker stays warm (its JIT-compiled loops) between
 * jobs. A failure inside the worker rejects that job's promise only; a worker that dies is replaced on the next job.
 * Aborting a queued job drops it; aborting the running one terminates the worker, since synchronous pixel loops
 * cannot be interrupted any other way.
 */
import { Worker } from "node:worker_threads";
import { AppError } from "../errors/app-error.ts";
import type { SwapJob } from "./swap-compose.ts";

export interface SwapRequest {
  id: number;
  job: SwapJob;
}

export type SwapReply = { id: number; ok: true; data: Uint8Array } | { id: number; ok: false; message: string };

export interface SwapWorkerPool {
  /** The swapped image's RGBA bytes, base size. The job's buffers are moved to the worker: do not reuse them. */
  run(job: SwapJob, signal?: AbortSignal): Promise<Uint8Array>;
  close(): Promise<void>;
}

interface Pending {
  id: number;
  job: SwapJob;
  signal: AbortSignal | undefined;
  resolve: (data: Uint8Array) => void;
  reject: (err: unknown) => void;
  onAbort: () => void;
}

export interface SwapWorkerPoolOptions {
  /** The worker script; tests point it at a failing one. */
  workerUrl?: URL;
}

export function createSwapWorkerPool(options: SwapWorkerPoolOptions = {}): SwapWorkerPool {
  const workerUrl = options.workerUrl ?? new URL("./inpaint-worker.ts", import.meta.url);
  const queue: Pending[] = [];
  let worker: Worker | undefined;
  let current: Pending | undefined;
  let nextId = 1;
  let closed = false;

  const failed = (cause: unknown) => new AppError("internal:swap_worker", "The subject swap failed.", undefined, { cause });

  function finish(pending: Pending, outcome: { data: Uint8Array } | { error: unknown }): void {
    pending.signal?.removeEventListener("abort", pending.onAbort);
    if ("data" in outcome) pending.resolve(outcome.data);
    else pending.reject(outcome.error);
  }

  /** Drops a worker that failed or was stopped; its late events are ignored since it is no longer `worker`. */
  function discard(w: Worker): void {
    if (worker !== w) return;
    worker = undefined;
    void w.terminate();
  }

  function spawn(): Worker {
    const w = new Worker(workerUrl);
    w.on("message", (reply: SwapReply) => {
      if (worker !== w || !current || reply.id !== current.id) return;
      const done = current;
      current = undefined;
      finish(done, reply.ok ? { data: reply.data } : { error: failed(new Error(reply.message)) });
      pump();
    });
    const lost = (cause: unknown) => {
      if (worker !== w) return;
      discard(w);
      const done = current;
      current = undefined;
      if (done) finish(done, { error: failed(cause) });
      pump();
    };
    w.on("error", lost);
    w.on("exit", (code) => lost(new Error(`swap worker exited with code ${code}`)));
    return w;
  }

  function pump(): void {
    if (current || closed) return;
    const next = queue.shift();
    if (!next) {
      worker?.unref();
      return;
    }
    current = next;
    worker ??= spawn();
    worker.ref();
    const { job } = next;
    const transfer = [...new Set([job.base.data.buffer, job.subjectMask.buffer, job.persona.data.buffer])] as ArrayBuffer[];
    try {
      worker.postMessage({ id: next.id, job } satisfies SwapRequest, transfer);
    } catch (err) {
      current = undefined;
      finish(next, { error: failed(err) });
      pump();
    }
  }

  return {
    run(job, signal) {
      if (closed) return Promise.reject(new AppError("unavailable:shutdown", "The server is shutting down."));
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<Uint8Array>((resolve, reject) => {
        const pending: Pending = {
          id: nextId++,
          job,
          signal,
          resolve,
          reject,
          onAbort: () => {
            const queued = queue.indexOf(pending);
            if (queued >= 0) queue.splice(queued, 1);
            else if (current === pending) {
              current = undefined;
              if (worker) discard(worker);
            } else return;
            finish(pending, { error: signal?.reason });
            pump();
          },
        };
        signal?.addEventListener("abort", pending.onAbort, { once: true });
        queue.push(pending);
        pump();
      });
    },
    async close() {
      closed = true;
      const shutdown = new AppError("unavailable:shutdown", "The server is shutting down.");
      for (const pending of queue.splice(0)) finish(pending, { error: shutdown });
      if (current) finish(current, { error: shutdown });
      current = undefined;
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}
