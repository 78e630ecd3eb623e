/**
 * One reusable worker thread with a queue in front, for the subject work that would otherwise hold the event loop
 * (the swap's pixel loops, the extraction's decode, model run and edge work): jobs run one at a time (the machine has
 * few cores and each job uses them fully), and the worker stays warm (its JIT-compiled loops, a loaded model) between
 * jobs. A failure inside the worker rejects that job's promise only; a worker that crashes or runs out of memory is
 * replaced on the next job. The worker side is worker-jobs.ts.
 */
import { Worker, type ResourceLimits } from "node:worker_threads";
import { isErrorCode } from "../../contract/errors.ts";
import { AppError } from "../errors/app-error.ts";

export interface JobRequest<Job> {
  id: number;
  job: Job;
}

/** `code` is set only for an AppError a customer may read (a 4xx), which the pool throws again as it was. */
export type JobReply<Value> = { id: number; ok: true; value: Value } | { id: number; ok: false; message: string; code?: string };

export interface WorkerPool<Job, Value> {
  /** The job's result. Buffers listed by `transfer` are moved to the worker: do not reuse them. */
  run(job: Job, signal?: AbortSignal): Promise<Value>;
  close(): Promise<void>;
}

export interface WorkerPoolOptions<Job> {
  workerUrl: URL;
  /** Handed to the worker as `workerData`. */
  workerData?: unknown;
  /** The error a job gets when the worker fails it or dies under it. */
  failed: (cause: unknown) => AppError;
  /** Buffers of the job to move rather than copy. */
  transfer?: (job: Job) => ArrayBuffer[];
  /**
   * What aborting the running job does. "terminate" (the default) stops the worker, since synchronous loops cannot be
   * interrupted any other way; "finish" answers the caller at once and lets the worker finish before the next job,
   * for workers whose state (a loaded model) is worth more than the rest of one job.
   */
  abortRunning?: "terminate" | "finish";
  /** V8 heap limits of the worker: past them it is stopped and replaced, never the process. */
  resourceLimits?: ResourceLimits;
}

interface Pending<Job, Value> {
  id: number;
  job: Job;
  signal: AbortSignal | undefined;
  settled: boolean;
  resolve: (value: Value) => void;
  reject: (err: unknown) => void;
  onAbort: () => void;
}

const shutdown = () => new AppError("unavailable:shutdown", "The server is shutting down.");

export function createWorkerPool<Job, Value>(options: WorkerPoolOptions<Job>): WorkerPool<Job, Value> {
  const { failed } = options;
  const queue: Pending<Job, Value>[] = [];
  let worker: Worker | undefined;
  /** The job the worker is busy with; it may already be answered (aborted with "finish"). */
  let current: Pending<Job, Value> | undefined;
  let nextId = 1;
  let closed = false;

  function finish(pending: Pending<Job, Value>, outcome: { value: Value } | { error: unknown }): void {
    if (pending.settled) return;
    pending.settled = true;
    pending.signal?.removeEventListener("abort", pending.onAbort);
    if ("value" in outcome) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
  }

  /** Drops a worker that failed or was stopped; its late events are ignored since it is no longer `worker`. */
  function discard(w: Worker): void {
    if (worker !== w) return;
    worker = undefined;
    void w.terminate();
  }

  function replyError(reply: Extract<JobReply<Value>, { ok: false }>): AppError {
    if (reply.code && isErrorCode(reply.code)) return new AppError(reply.code, reply.message);
    return failed(new Error(reply.message));
  }

  function spawn(): Worker {
    const w = new Worker(options.workerUrl, { workerData: options.workerData, resourceLimits: options.resourceLimits });
    w.on("message", (reply: JobReply<Value>) => {
      if (worker !== w || !current || reply.id !== current.id) return;
      const done = current;
      current = undefined;
      finish(done, reply.ok ? { value: reply.value } : { error: replyError(reply) });
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
    w.on("exit", (code) => lost(new Error(`worker exited with code ${code}`)));
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
    try {
      worker.postMessage({ id: next.id, job: next.job } satisfies JobRequest<Job>, options.transfer?.(next.job) ?? []);
    } catch (err) {
      current = undefined;
      finish(next, { error: failed(err) });
      pump();
    }
  }

  return {
    run(job, signal) {
      if (closed) return Promise.reject(shutdown());
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<Value>((resolve, reject) => {
        const pending: Pending<Job, Value> = {
          id: nextId++,
          job,
          signal,
          settled: false,
          resolve,
          reject,
          onAbort: () => {
            const queued = queue.indexOf(pending);
            if (queued >= 0) queue.splice(queued, 1);
            else if (current !== pending) return;
            else if (options.abortRunning !== "finish") {
              current = undefined;
              if (worker) discard(worker);
            }
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
      for (const pending of queue.splice(0)) finish(pending, { error: shutdown() });
      if (current) finish(current, { error: shutdown() });
      current = undefined;
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}
