import { availableParallelism } from "node:os";
import sharp from "sharp";

/**
 * sharp gives libvips a single thread on glibc Linux without jemalloc (to limit heap fragmentation). A Studio render
 * is one pipeline at a time per job, so a thread per core cuts its p50 by ~7% and its p95 by ~20% on 2 cores
 * (measured interleaved, decision 007). Process-wide, so the server and the bench call it once at start.
 */
export function configureSharp(): void {
  sharp.concurrency(availableParallelism());
}
