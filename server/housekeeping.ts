import type { ImageService } from "./images/service.ts";
import type { Logger } from "./logger.ts";
import type { RateLimitStore } from "./rate-limit/store.ts";

const EVERY_MS = 10 * 60_000;

/** Periodic cleanup no request waits for: expired temporary uploads and rate-limit windows. Safe on every node. */
export function startHousekeeping(deps: { images: ImageService; rateLimits: RateLimitStore; logger: Logger; clock: () => number }): () => void {
  const sweep = async () => {
    await deps.images.sweepExpiredUploads();
    await deps.rateLimits.purgeExpired(new Date(deps.clock()));
  };
  const timer = setInterval(() => void sweep().catch((err: unknown) => deps.logger.error({ err }, "housekeeping failed")), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
