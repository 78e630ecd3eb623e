import { randomUUID } from "node:crypto";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import type { JobRow } from "../../db/schema/jobs.ts";
import { AppError } from "../errors/app-error.ts";
import { toAppError } from "../errors/to-app-error.ts";
import type { Logger } from "../logger.ts";
import type { JobOutcome } from "../metrics/metrics.ts";
import { type RequestContext, runInContext } from "../request-context.ts";
import type { RegisteredJobHandler } from "./job-type.ts";
import type { JobQueue } from "./queue.ts";
import { createJobStore, type FailGuard } from "./store.ts";

export interface JobSettings {
  /** Jobs one process runs at once. */
  concurrency: number;
  /** How long a claim holds without a heartbeat; a dead worker's jobs are recovered after this. */
  leaseMs: number;
  /** How often to look for jobs another node queued (this node's own are started at once). */
  pollMs: number;
  /** True when no other process can share the database (PGlite): every running job at start-up is an orphan. */
  soleProcess: boolean;
}

/**
 * Every handler for every declared kind, once: checked when the worker is built, so a kind without a handler (or a
 * handler for a kind no service can queue) stops the start-up instead of leaving jobs queued forever.
 */
function handlerTable(queue: JobQueue, handlers: readonly RegisteredJobHandler[]): Map<string, RegisteredJobHandler> {
  const table = new Map<string, RegisteredJobHandler>();
  for (const handler of handlers) {
    const kind = handler.type.kind;
    if (table.has(kind)) throw new Error(`Job kind "${kind}" has two handlers`);
    if (queue.types.get(kind) !== handler.type) throw new Error(`Job kind "${kind}" has a handler but is not declared with the queue`);
    table.set(kind, handler);
  }
  for (const kind of queue.types.keys()) if (!table.has(kind)) throw new Error(`Job kind "${kind}" is declared but has no handler`);
  return table;
}

/**
 * Runs background jobs of every registered kind from the jobs table (docs/decisions/012-job-runner.md): claim with
 * SKIP LOCKED under a lease, heartbeat, finish only while holding the lease, and on failure mark the job failed and
 * let its kind undo what was paid, in one transaction, so a refund happens exactly once.
 */
export function createJobRunner(deps: {
  db: DbOrTx;
  queue: JobQueue;
  handlers: readonly RegisteredJobHandler[];
  logger: Logger;
  settings: JobSettings;
  /** Where each run's duration and outcome is counted (`job_duration_seconds`). */
  metrics?: { jobFinished(job: { kind: string; payload: unknown }, outcome: JobOutcome, seconds: number): void };
}) {
  const { settings, logger } = deps;
  const handlers = handlerTable(deps.queue, deps.handlers);
  const kinds = [...handlers.keys()];
  const store = createJobStore(deps.db);
  const workerId = `${process.pid}:${randomUUID()}`;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopped = true;
  let pumping: Promise<void> | undefined;
  let pumpAgain = false;
  let timers: NodeJS.Timeout[] = [];
  let stopWaking: (() => void) | undefined;

  /** What a job's log lines and the events it sends carry: the job, and the request that queued it. */
  function contextOf(row: JobRow): RequestContext {
    return row.requestId ? { jobId: row.id, requestId: row.requestId } : { jobId: row.id };
  }
  const jobLog = (row: JobRow) => logger.child({ ...contextOf(row), kind: row.kind });

  /** The payload as its kind reads it, or undefined when it no longer fits (a job queued by an older build). */
  function payloadOf(row: JobRow): { handler: RegisteredJobHandler; payload: unknown } | undefined {
    const handler = handlers.get(row.kind);
    const parsed = handler?.type.payload.safeParse(row.payload);
    return handler && parsed?.success ? { handler, payload: parsed.data } : undefined;
  }

  /** Fails a job and lets its kind undo what was paid, in one transaction; a job already finished is left alone. */
  async function fail(row: JobRow, err: unknown, guard: FailGuard, log = jobLog(row)): Promise<void> {
    const appError = toAppError(err);
    if (appError.status >= 500) log.error({ err }, "job failed");
    const read = payloadOf(row);
    const after = await withTransaction(deps.db, async (tx) => {
      const failed = await createJobStore(tx).markFailed(row.id, { error: appError.message, errorCode: appError.code }, guard);
      if (!failed || !read?.handler.onFailed) return undefined;
      return read.handler.onFailed(tx, { row: failed, payload: read.payload }, appError);
    });
    after?.();
  }

  /** Runs the job's handler; false when the job was no longer this worker's to finish (its lease was lost). */
  async function execute(row: JobRow, signal: AbortSignal): Promise<boolean> {
    const read = payloadOf(row);
    if (!read) throw new AppError("internal:job_payload", "This job cannot be read any more.");
    let completed = false;
    let finished = false;
    await read.handler.run({
      job: row,
      payload: read.payload,
      signal,
      complete: async (commit) => {
        completed = true;
        const result = await withTransaction(deps.db, async (tx) => {
          if (!(await createJobStore(tx).markDone(row.id, workerId))) return undefined;
          return { value: await commit(tx) };
        });
        finished = result !== undefined;
        return result;
      },
    });
    if (!completed) finished = await store.markDone(row.id, workerId);
    return finished;
  }

  /** One job, in its own context: its log lines and the events it sends carry its id and its request's. */
  function run(row: JobRow, controller: AbortController): Promise<void> {
    return runInContext(contextOf(row), () => runJob(row, controller));
  }

  async function runJob(row: JobRow, controller: AbortController): Promise<void> {
    const log = jobLog(row);
    const started = performance.now();
    let outcome: JobOutcome = "failed";
    log.debug("job started");
    const heartbeat = setInterval(() => {
      store.extendLease(row.id, workerId, settings.leaseMs).then(
        // Lost (recovered as an orphan elsewhere): stop spending work on a job that is no longer ours.
        (held) => held || controller.abort(new AppError("unavailable:lease_lost", "This job was taken over by another worker.")),
        (err: unknown) => log.warn({ err }, "lease heartbeat failed"),
      );
    }, Math.max(50, Math.floor(settings.leaseMs / 3)));
    heartbeat.unref();
    try {
      outcome = (await execute(row, controller.signal)) ? "done" : "lost";
    } catch (err) {
      if (stopped && controller.signal.aborted) {
        outcome = "released";
        await handBack(row, log);
      } else {
        await fail(row, err, { holder: workerId }, log).catch((e: unknown) => log.error({ err: e }, "could not fail job"));
      }
    } finally {
      clearInterval(heartbeat);
      const seconds = (performance.now() - started) / 1000;
      deps.metrics?.jobFinished({ kind: row.kind, payload: row.payload }, outcome, seconds);
      log[outcome === "done" || outcome === "released" ? "info" : "warn"]({ outcome, durationMs: Math.round(seconds * 1000) }, "job finished");
    }
  }

  /** A graceful stop hands a job back instead of failing it: it runs again on the next start or on another node. */
  async function handBack(row: JobRow, log = jobLog(row)): Promise<void> {
    try {
      const released = await store.release(row.id, workerId);
      const read = released ? payloadOf(released) : undefined;
      if (released && read) await read.handler.onReleased?.({ row: released, payload: read.payload });
    } catch (err) {
      log.error({ err }, "could not release job");
    }
  }

  /** Claims jobs while there are free slots. One pump at a time; a wake during a pump runs another round. */
  function pump(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (pumping) {
      pumpAgain = true;
      return pumping;
    }
    pumping = claimWhileFree().finally(() => {
      pumping = undefined;
    });
    return pumping;
  }

  async function claimWhileFree(): Promise<void> {
    try {
      do {
        pumpAgain = false;
        while (!stopped && running.size < settings.concurrency) {
          const row = await store.claimNext(workerId, settings.leaseMs, kinds);
          if (!row) break;
          if (stopped) {
            // stop() began while this claim was in flight: the job goes straight back.
            await handBack(row);
            break;
          }
          const controller = new AbortController();
          const done = run(row, controller).finally(() => {
            running.delete(row.id);
            void pump();
          });
          running.set(row.id, { controller, done });
        }
      } while (pumpAgain && !stopped);
    } catch (err) {
      logger.error({ err }, "claiming jobs failed");
    }
  }

  /**
   * Fails jobs whose worker is gone; their kind undoes what was paid. Only kinds this runner handles: a runner for a
   * few kinds (the Discord bot's) never fails another kind's job without the undo only that kind's handler knows.
   */
  async function recover(all: boolean): Promise<number> {
    const orphans = await store.orphaned(all, kinds);
    for (const row of orphans) {
      const interrupted = new AppError("unavailable:interrupted", "The server restarted while this was being made. Your credits are back; please try again.");
      await runInContext(contextOf(row), () => fail(row, interrupted, { orphan: { lockedBy: row.lockedBy, expiredOnly: !all } }));
    }
    if (orphans.length > 0) logger.warn({ count: orphans.length }, "interrupted jobs failed");
    return orphans.length;
  }

  return {
    workerId,
    kinds,
    async start(): Promise<void> {
      stopped = false;
      const unknown = (await store.openKinds()).filter((kind) => !handlers.has(kind));
      // Queued by a newer build, or one whose kind was removed: left for a node that can run them.
      if (unknown.length > 0) logger.warn({ kinds: unknown }, "jobs of kinds this build cannot run are waiting");
      await recover(settings.soleProcess);
      const every = (ms: number, fn: () => Promise<unknown>) => {
        const timer = setInterval(() => void fn().catch((err: unknown) => logger.error({ err }, "job housekeeping failed")), ms);
        timer.unref();
        timers.push(timer);
      };
      every(settings.pollMs, pump);
      every(settings.leaseMs, () => recover(false));
      stopWaking = deps.queue.onWake(() => void pump());
      void pump();
    },
    wake(): void {
      void pump();
    },
    async stop(): Promise<void> {
      stopped = true;
      stopWaking?.();
      for (const timer of timers) clearInterval(timer);
      timers = [];
      await pumping;
      for (const job of running.values()) job.controller.abort(new AppError("unavailable:shutdown", "The server is shutting down."));
      await Promise.allSettled([...running.values()].map((j) => j.done));
    },
    /** For tests: resolves when no job of this worker is running. */
    async idle(): Promise<void> {
      while (running.size > 0 || pumping !== undefined) {
        await Promise.allSettled([...running.values()].map((j) => j.done));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    recover,
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
