import { AppError } from "../errors/app-error.ts";
import { type BoundedPool, createBoundedPool } from "../jobs/bounded-pool.ts";

/** Runs a full-size render in its turn, or refuses it when too many wait. */
export type RenderPool = BoundedPool;

/**
 * The process's full-size renders: the editor's and the exports' (docs/product/editor.md, docs/product/images.md).
 * A full-size render decodes the whole picture: two at a time per process, eight waiting behind them.
 */
export function createRenderPool(): RenderPool {
  return createBoundedPool({
    running: 2,
    maxWaiting: 8,
    busy: () => new AppError("unavailable:editor_busy", "The editor is busy. Try again in a moment.", undefined, { retryAfterSeconds: 2 }),
  });
}
