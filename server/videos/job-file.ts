import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { AppError } from "../errors/app-error.ts";
import type { Storage } from "../storage/storage.ts";

/** A video's file as FFmpeg reads it, and what to do once the job is over. */
export interface JobFile {
  path: string;
  release(): Promise<void>;
}

/**
 * The stored video as a path on this machine: the file itself on local disk; else a copy in a folder of this job's
 * own under `jobDir`, removed in `release` (and at the next worker start when the process died first).
 */
export async function openJobFile(storage: Storage, key: string, jobDir: string, jobId: string, signal: AbortSignal): Promise<JobFile> {
  if (storage.localPath) return { path: storage.localPath(key), release: async () => {} };
  // Named by this process too: another worker on the same disk can tell a live job's folder from a dead one's.
  const dir = join(jobDir, `${process.pid}-${jobId}`);
  const release = () => rm(dir, { recursive: true, force: true });
  try {
    await mkdir(dir, { recursive: true });
    const opened = await storage.open(key);
    if (!opened) throw new AppError("not_found:video", "The video's file is gone.");
    const path = join(dir, "source.video");
    await pipeline(opened.stream, createWriteStream(path), { signal });
    return { path, release };
  } catch (err) {
    await release();
    throw err;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** At worker start: the per-job folders of processes that are gone (killed mid-job), and this process's own. */
export async function removeStaleJobDirs(jobDir: string): Promise<number> {
  const names = await readdir(jobDir).catch(() => [] as string[]);
  const stale = names.filter((name) => {
    const pid = Number(name.split("-", 1)[0]);
    return !Number.isInteger(pid) || pid === process.pid || !alive(pid);
  });
  await Promise.all(stale.map((name) => rm(join(jobDir, name), { recursive: true, force: true })));
  return stale.length;
}
