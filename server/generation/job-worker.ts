import { randomUUID } from "node:crypto";
import type { GenerateStage, ImageAspect, ImageStyle } from "../../contract/images.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import type { ImageRow } from "../../db/schema/images.ts";
import type { CreditsService } from "../credits/service.ts";
import { AppError } from "../errors/app-error.ts";
import { toAppError } from "../errors/to-app-error.ts";
import type { Logger } from "../logger.ts";
import type { PersonaService } from "../personas/service.ts";
import type { Realtime } from "../realtime/realtime.ts";
import type { EngineSet } from "./service.ts";
import { type ImageService, toImageRecord } from "../images/service.ts";
import { createImageStore } from "../images/store.ts";

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
 * Runs generation jobs from the images table (decision 008): claim with SKIP LOCKED under a lease, heartbeat,
 * finish only while holding the lease, and on failure fail-and-refund in one transaction so the refund happens
 * exactly once. Progress and results reach every tab of the user over Socket.IO.
 */
export function createJobWorker(deps: {
  db: DbOrTx;
  engines: EngineSet;
  images: ImageService;
  personas: PersonaService;
  credits: CreditsService;
  realtime: Realtime;
  logger: Logger;
  settings: JobSettings;
}) {
  const { settings, realtime, logger } = deps;
  const store = createImageStore(deps.db);
  const workerId = `${process.pid}:${randomUUID()}`;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();
  let stopped = true;
  let pumping: Promise<void> | undefined;
  let pumpAgain = false;
  let timers: NodeJS.Timeout[] = [];

  /** Fails a job and refunds its charge in one transaction; a job already finished (or claimed anew) is left alone. */
  async function fail(row: ImageRow, err: unknown, guard: Parameters<typeof store.markFailed>[2]): Promise<void> {
    const appError = toAppError(err);
    if (appError.status >= 500) logger.error({ err, imageId: row.id }, "generation failed");
    const outcome = await withTransaction(deps.db, async (tx) => {
      const failed = await createImageStore(tx).markFailed(row.id, { error: appError.message, errorCode: appError.code }, guard);
      if (!failed) return undefined;
      const credits =
        failed.creditsSpent > 0
          ? await deps.credits.applyIn(tx, { userId: row.userId, delta: failed.creditsSpent, reason: "refund", ref: row.id })
          : undefined;
      return { failed, credits };
    });
    if (!outcome) return;
    realtime.toUser(row.userId, "image:update", { image: toImageRecord(outcome.failed) });
    if (outcome.credits !== undefined) deps.credits.announce(row.userId, outcome.credits);
  }

  async function execute(row: ImageRow, signal: AbortSignal): Promise<void> {
    let percent = 0;
    const progress = (stage: GenerateStage, value: number) => {
      if (value < percent) return;
      percent = value;
      realtime.toUser(row.userId, "image:progress", { imageId: row.id, stage, percent });
    };
    realtime.toUser(row.userId, "image:update", { image: toImageRecord(row) });
    progress("queued", 2);
    const engine = row.model ? deps.engines.get(row.model) : undefined;
    if (!engine) throw new AppError("not_configured:model", "This model is not available on the server any more.");
    const [personas, baseImage] = await Promise.all([
      deps.personas.cutouts(row.userId, row.personaIds),
      row.baseImageId ? deps.images.originalBytes(row.userId, row.baseImageId) : undefined,
    ]);
    const result = await engine.generate({
      prompt: row.prompt ?? "",
      style: row.style as ImageStyle,
      aspect: row.aspect as ImageAspect,
      personas,
      baseImage,
      seed: row.seed ?? 0,
      signal,
      // Engines report 0–100 of their own work; it fills 5–90 of the job, storing the variants the rest.
      onProgress: (p) => progress(p.stage, 5 + Math.round(p.percent * 0.85)),
    });
    signal.throwIfAborted();
    progress("saving", 93);
    const done = await deps.images.storeResult(row, result.png, result.scene);
    // A result no row points at is deleted, whether the lease was lost or the update failed.
    const ready = await store.markReady(row.id, workerId, done).catch(async (err: unknown) => {
      await deps.images.removeFiles(row);
      throw err;
    });
    if (!ready) {
      await deps.images.removeFiles(row);
      logger.warn({ imageId: row.id }, "job finished after its lease was lost; the result is dropped");
      return;
    }
    progress("saving", 100);
    const record = toImageRecord(ready);
    realtime.toUser(row.userId, "image:update", { image: record });
    realtime.toUser(row.userId, "gallery:new", { image: record });
  }

  async function run(row: ImageRow, controller: AbortController): Promise<void> {
    const heartbeat = setInterval(() => {
      store.extendLease(row.id, workerId, settings.leaseMs).then(
        // Lost (recovered as an orphan elsewhere): stop spending work on a job that is no longer ours.
        (held) => held || controller.abort(new AppError("unavailable:lease_lost", "This image was taken over by another worker.")),
        (err: unknown) => logger.warn({ err, imageId: row.id }, "lease heartbeat failed"),
      );
    }, Math.max(50, Math.floor(settings.leaseMs / 3)));
    heartbeat.unref();
    try {
      await execute(row, controller.signal);
    } catch (err) {
      if (stopped && controller.signal.aborted) {
        await handBack(row);
      } else {
        await fail(row, err, { holder: workerId }).catch((e: unknown) => logger.error({ err: e, imageId: row.id }, "could not fail job"));
      }
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** A graceful stop hands a job back instead of failing it: it runs again on the next start or on another node. */
  async function handBack(row: ImageRow): Promise<void> {
    try {
      const released = await store.release(row.id, workerId);
      if (released) realtime.toUser(row.userId, "image:update", { image: toImageRecord(released) });
    } catch (err) {
      logger.error({ err, imageId: row.id }, "could not release job");
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
          const row = await store.claimNext(workerId, settings.leaseMs);
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

  /** Fails and refunds jobs whose worker is gone. */
  async function recover(all: boolean): Promise<number> {
    const orphans = await store.orphanedJobs(all);
    for (const row of orphans) {
      await fail(row, new AppError("unavailable:interrupted", "The server restarted while this image was being made. Your credits are back; please try again."), {
        orphan: { lockedBy: row.lockedBy, expiredOnly: !all },
      });
    }
    if (orphans.length > 0) logger.warn({ count: orphans.length }, "interrupted jobs failed and refunded");
    return orphans.length;
  }

  return {
    workerId,
    async start(): Promise<void> {
      stopped = false;
      await recover(settings.soleProcess);
      const every = (ms: number, fn: () => Promise<unknown>) => {
        const timer = setInterval(() => void fn().catch((err: unknown) => logger.error({ err }, "job housekeeping failed")), ms);
        timer.unref();
        timers.push(timer);
      };
      every(settings.pollMs, pump);
      every(settings.leaseMs, () => recover(false));
      void pump();
    },
    wake(): void {
      void pump();
    },
    async stop(): Promise<void> {
      stopped = true;
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

export type JobWorker = ReturnType<typeof createJobWorker>;
