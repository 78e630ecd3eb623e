import { AppError } from "../errors/app-error.ts";
import { type BoundedPool, createBoundedPool } from "../jobs/bounded-pool.ts";

/** Checks waiting for a slot past which a new one is refused: a short wait, and memory for none of their pictures. */
export const MAX_WAITING_CHECKS = 8;

/** Runs a check's work in its turn, or refuses it when too many wait. */
export type CheckPool = BoundedPool;

/**
 * The process's feed checks: a check decodes the original and renders a dozen slots, so two run at a time, and a short
 * queue behind them bounds the wait. The work reads the image's bytes itself, once its turn comes, so a waiting check
 * holds no picture in memory.
 */
export function createCheckPool(running = 2, maxWaiting = MAX_WAITING_CHECKS): CheckPool {
  return createBoundedPool({
    running,
    maxWaiting,
    busy: () => new AppError("unavailable:feed_check_busy", "Many feed checks are waiting. Try again in a moment.", undefined, { retryAfterSeconds: 2 }),
  });
}
