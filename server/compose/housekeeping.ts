import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { IdempotencyService } from "../idempotency/service.ts";
import type { ImageService } from "../images/service.ts";
import type { Logger } from "../logger.ts";
import type { PersonaService } from "../personas/service.ts";
import type { RateLimitStore } from "../rate-limit/store.ts";
import type { VideoService } from "../videos/service.ts";

const EVERY_MS = 10 * 60_000;
// An upload body is on disk for seconds; one an hour old was left by a process that died mid-upload.
const STALE_UPLOAD_MS = 60 * 60_000;

function every(logger: Logger, sweep: () => Promise<void>): () => void {
  const timer = setInterval(() => void sweep().catch((err: unknown) => logger.error({ err }, "housekeeping failed")), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Cleanup of shared state no request waits for: expired temporary uploads and videos, persona drafts nobody saved,
 * rate-limit windows and idempotency keys past their window. Safe on every worker.
 */
export function startHousekeeping(deps: {
  images: ImageService;
  personas: PersonaService;
  videos: Pick<VideoService, "sweepExpired">;
  rateLimits: RateLimitStore;
  idempotency: IdempotencyService;
  logger: Logger;
  clock: () => number;
}): () => void {
  return every(deps.logger, async () => {
    await deps.images.sweepExpiredUploads();
    // Videos past their 24 hours, finished or not, with their files; and unfinished uploads no row names.
    await deps.videos.sweepExpired();
    await deps.personas.purgeExpiredDrafts(new Date(deps.clock()));
    await deps.rateLimits.purgeExpired(new Date(deps.clock()));
    await deps.idempotency.purgeExpired(new Date(deps.clock()));
  });
}

/** Cleanup of this node's own disk: upload bodies a process that died mid-upload left in the temp folder. */
export function startUploadTempSweep(deps: { uploadTempDir: string; logger: Logger; clock: () => number }): () => void {
  return every(deps.logger, async () => {
    const names = await readdir(deps.uploadTempDir).catch(() => []);
    for (const name of names) {
      const path = join(deps.uploadTempDir, name);
      const info = await stat(path).catch(() => undefined);
      if (info && deps.clock() - info.mtimeMs > STALE_UPLOAD_MS) await rm(path, { force: true });
    }
  });
}
