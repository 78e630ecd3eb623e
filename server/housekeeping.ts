import { readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { ImageService } from "./images/service.ts";
import type { Logger } from "./logger.ts";
import type { RateLimitStore } from "./rate-limit/store.ts";

const EVERY_MS = 10 * 60_000;
// An upload body is on disk for seconds; one an hour old was left by a process that died mid-upload.
const STALE_UPLOAD_MS = 60 * 60_000;

async function removeStaleUploadFiles(dir: string, now: number): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_UPLOAD_MS) await rm(path, { force: true });
  }
}

/** Periodic cleanup no request waits for: expired temporary uploads and rate-limit windows. Safe on every node. */
export function startHousekeeping(deps: {
  images: ImageService;
  rateLimits: RateLimitStore;
  logger: Logger;
  clock: () => number;
  uploadTempDir: string;
}): () => void {
  const sweep = async () => {
    await deps.images.sweepExpiredUploads();
    await removeStaleUploadFiles(deps.uploadTempDir, deps.clock());
    await deps.rateLimits.purgeExpired(new Date(deps.clock()));
  };
  const timer = setInterval(() => void sweep().catch((err: unknown) => deps.logger.error({ err }, "housekeeping failed")), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
