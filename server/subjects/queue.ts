import { AppError } from "../errors/app-error.ts";

export interface BoundedQueue {
  /** Runs `task` when a slot is free; refuses at once with `unavailable:subjects_busy` when `maxQueue` already wait. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly running: number;
  readonly waiting: number;
}

interface Waiter {
  start: () => void;
  signal: AbortSignal | undefined;
  abort: () => void;
}

/**
 * A cut-out holds a decoded photo, its model input and the model's activations (most of a gigabyte at once), so
 * only `concurrency` run; up to `maxQueue` more wait holding nothing but their upload, and the rest are told to come
 * back instead of piling up memory.
 */
export function createBoundedQueue({ concurrency, maxQueue }: { concurrency: number; maxQueue: number }): BoundedQueue {
  const waiters: Waiter[] = [];
  let running = 0;

  const next = () => {
    const waiter = waiters.shift();
    if (!waiter) return;
    waiter.signal?.removeEventListener("abort", waiter.abort);
    // The slot passes straight to the waiter, so a newcomer cannot take it in between.
    running++;
    waiter.start();
  };

  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
    async run(task, signal) {
      signal?.throwIfAborted();
      if (running < concurrency) running++;
      else {
        if (waiters.length >= maxQueue) {
          throw new AppError("unavailable:subjects_busy", "We are busy cutting out other photos. Please try again in a moment.", undefined, {
            retryAfterSeconds: 10,
          });
        }
        await new Promise<void>((resolve, reject) => {
          const waiter: Waiter = {
            start: resolve,
            signal,
            abort: () => {
              waiters.splice(waiters.indexOf(waiter), 1);
              reject(signal?.reason);
            },
          };
          signal?.addEventListener("abort", waiter.abort, { once: true });
          waiters.push(waiter);
        });
      }
      try {
        return await task();
      } finally {
        running--;
        next();
      }
    },
  };
}
