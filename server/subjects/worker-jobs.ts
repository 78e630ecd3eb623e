/**
 * The worker side of worker-pool.ts: answers each job the pool sends, one at a time. A job's failure is answered,
 * never thrown, so the worker lives on; an AppError a customer may read (a 4xx: a photo that does not decode, no
 * subject) keeps its code across the thread, anything else is the pool's internal error.
 */
import { parentPort } from "node:worker_threads";
import { AppError } from "../errors/app-error.ts";
import type { JobReply, JobRequest } from "./worker-pool.ts";

export interface JobOutcome<Value> {
  value: Value;
  /** Buffers of the value to move rather than copy; each must be wholly the value's own. */
  transfer?: ArrayBuffer[];
}

export function serveJobs<Job, Value>(handle: (job: Job) => JobOutcome<Value> | Promise<JobOutcome<Value>>): void {
  const port = parentPort;
  if (!port) throw new Error("serveJobs runs in a worker thread only");
  port.on("message", async ({ id, job }: JobRequest<Job>) => {
    let reply: JobReply<Value>;
    let transfer: ArrayBuffer[] = [];
    try {
      const outcome = await handle(job);
      reply = { id, ok: true, value: outcome.value };
      transfer = outcome.transfer ?? [];
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      reply = err instanceof AppError && err.status < 500 ? { id, ok: false, message, code: err.code } : { id, ok: false, message };
    }
    port.postMessage(reply, transfer);
  });
}
