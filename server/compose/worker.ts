import { createJobRunner, type JobRunner, type JobSettings } from "../jobs/runner.ts";
import type { Services } from "./services.ts";
import { startHousekeeping } from "./housekeeping.ts";
import { removeStaleJobDirs } from "../videos/job-file.ts";

export interface WorkerOptions {
  /** Job timing overrides (tests shorten the lease). */
  jobSettings?: Partial<JobSettings>;
}

export interface Worker {
  jobs: JobRunner;
  /** The frame finders' runner: VIDEO_JOBS_PER_WORKER at a time, beside every other kind's slots. */
  videoJobs: JobRunner;
  /** Recovers jobs a dead process left, starts claiming, and starts housekeeping. */
  start(): Promise<void>;
  /** Hands running jobs back and stops housekeeping; call before closing the database. */
  stop(): Promise<void>;
}

/**
 * The job door: runs every registered kind of background job, and the housekeeping no request waits for. Needs
 * no HTTP server: what jobs announce goes through the services' realtime publisher to whoever delivers it.
 */
export function createWorker(services: Services, options: WorkerOptions = {}): Worker {
  const { config, database, logger, clock } = services;
  const jobs = createJobRunner({
    db: database.db,
    queue: services.queue,
    handlers: services.jobHandlers,
    logger,
    metrics: services.metrics,
    settings: { concurrency: config.jobs.concurrency, leaseMs: config.jobs.leaseMs, pollMs: 1000, soleProcess: database.kind === "pglite", ...options.jobSettings },
  });
  const videoJobs = createJobRunner({
    db: database.db,
    queue: services.videoQueue,
    handlers: services.videoJobHandlers,
    logger,
    metrics: services.metrics,
    settings: { leaseMs: config.jobs.leaseMs, pollMs: 1000, soleProcess: database.kind === "pglite", ...options.jobSettings, concurrency: config.videos.jobsPerWorker },
  });
  let stopHousekeeping: (() => void) | undefined;
  return {
    jobs,
    videoJobs,
    async start() {
      // Copies of videos a killed worker left behind (only remote storage makes them).
      await removeStaleJobDirs(config.videos.jobDir);
      await jobs.start();
      await videoJobs.start();
      stopHousekeeping = startHousekeeping({
        images: services.images,
        personas: services.personas,
        videos: services.videos,
        rateLimits: services.rateLimitStore,
        idempotency: services.idempotency,
        logger,
        clock,
      });
    },
    async stop() {
      stopHousekeeping?.();
      await Promise.all([jobs.stop(), videoJobs.stop()]);
    },
  };
}
