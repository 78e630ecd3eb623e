import pLimit from "p-limit";
import { AppError } from "../errors/app-error.ts";

const MAX_QUEUED_RENDERS = 8;

/** Runs a full-size render in its turn, or refuses it when too many wait. */
export type RenderPool = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * The process's full-size renders: the editor's and the exports' (docs/product/editor.md, docs/product/images.md).
 * A full-size render decodes the whole picture: two at a time per process bounds the memory a burst can take, and a
 * short queue behind them bounds the wait; past it the answer is "busy, try again".
 */
export function createRenderPool(): RenderPool {
  const limit = pLimit(2);
  return <T>(work: () => Promise<T>): Promise<T> => {
    if (limit.pendingCount >= MAX_QUEUED_RENDERS) {
      return Promise.reject(new AppError("unavailable:editor_busy", "The editor is busy. Try again in a moment.", undefined, { retryAfterSeconds: 2 }));
    }
    return limit(work);
  };
}
