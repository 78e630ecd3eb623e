import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import { hostname } from "node:os";
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
  const dir = join(jobDir, jobDirName(jobId));
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

/** This process's life: a restarted container is PID 1 again, so the pid alone cannot tell two lives apart. */
const BOOT_ID = randomBytes(6).toString("hex");
/** Hostnames hold letters, digits, dots and hyphens: `+` separates the parts of a folder's name. */
const SEPARATOR = "+";

/**
 * A job's folder, named by its machine, this process's life and pid, then the job: workers sharing DATA_DIR (often
 * each PID 1 in its container) tell their folders apart by the machine, and a dead process's by its pid.
 */
export function jobDirName(jobId: string, owner: { host: string; boot: string; pid: number } = { host: hostname(), boot: BOOT_ID, pid: process.pid }): string {
  return [encodeURIComponent(owner.host), owner.boot, owner.pid, jobId].join(SEPARATOR);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * At worker start, this machine's folders left behind: those of a pid that is gone, and those under this process's
 * pid (this life's, from before the worker started, or an earlier life's that had the same pid, as PID 1 after a
 * container restart). Another machine's folders, and any name this code did not write, are left alone.
 */
export async function removeStaleJobDirs(jobDir: string): Promise<number> {
  const names = await readdir(jobDir).catch(() => [] as string[]);
  const host = encodeURIComponent(hostname());
  const stale = names.filter((name) => {
    const [owner, boot, pidText, job] = name.split(SEPARATOR);
    const pid = Number(pidText);
    if (owner !== host || !boot || !job || !Number.isInteger(pid) || pid <= 0) return false;
    return pid === process.pid || !alive(pid);
  });
  await Promise.all(stale.map((name) => rm(join(jobDir, name), { recursive: true, force: true })));
  return stale.length;
}
