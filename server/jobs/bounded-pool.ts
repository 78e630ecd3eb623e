import pLimit from "p-limit";
import type { AppError } from "../errors/app-error.ts";

/** Runs work in its turn, or refuses it when too many wait. */
export type BoundedPool = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * `running` pieces of heavy work at a time per process, and a short queue behind them: the limit bounds the memory a
 * burst takes, the queue bounds the wait, and past it the caller gets `busy()` ("try again in a moment") at once.
 */
export function createBoundedPool(options: { running: number; maxWaiting: number; busy: () => AppError }): BoundedPool {
  const limit = pLimit(options.running);
  return <T>(work: () => Promise<T>): Promise<T> => (limit.pendingCount >= options.maxWaiting ? Promise.reject(options.busy()) : limit(work));
}
