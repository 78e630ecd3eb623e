import type { z } from "zod";
import type { Tx } from "../../db/open-db.ts";
import type { JobRow } from "../../db/schema/jobs.ts";
import type { AppError } from "../errors/app-error.ts";

/** A kind of background work and the payload its jobs carry. Services queue it; a handler in the worker runs it. */
export interface JobType<P> {
  kind: string;
  payload: z.ZodType<P>;
}

export const KIND_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

export function defineJobType<P>(kind: string, payload: z.ZodType<P>): JobType<P> {
  if (!KIND_PATTERN.test(kind)) throw new Error(`Job kind "${kind}" must be lower-case letters, digits and dashes`);
  return { kind, payload };
}

/** How many jobs of one kind wait or run. */
export interface JobCount {
  kind: string;
  status: "queued" | "running";
  count: number;
}

export interface RunningJob<P> {
  job: JobRow;
  payload: P;
  /** Aborted when the lease is lost or the worker stops: stop spending work. */
  signal: AbortSignal;
  /**
   * Commits the job's result together with its completion, only while this worker still holds the lease. Undefined
   * when the lease was lost (the job was recovered elsewhere): the handler then drops what it made.
   */
  complete<T>(commit: (tx: Tx) => Promise<T>): Promise<{ value: T } | undefined>;
}

/** How the worker runs one kind. `run` must call `complete` to finish; returning without it finishes with no result. */
export interface JobHandler<P> {
  type: JobType<P>;
  run(job: RunningJob<P>): Promise<void>;
  /**
   * In the transaction that fails the job (its own error, or its worker died): undo what was paid for. What it
   * returns runs after the commit (announcements).
   */
  onFailed?(tx: Tx, job: { row: JobRow; payload: P }, error: AppError): Promise<(() => void) | undefined>;
  /** After a graceful stop handed the job back to the queue. */
  onReleased?(job: { row: JobRow; payload: P }): Promise<void>;
}

/** A handler as the worker holds it, its payload type erased: the worker parses each payload with the handler's schema first. */
export type RegisteredJobHandler = JobHandler<unknown>;

export function defineJobHandler<P>(handler: JobHandler<P>): RegisteredJobHandler {
  return handler as unknown as RegisteredJobHandler;
}
