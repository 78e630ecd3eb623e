import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { createWorkerPool, type WorkerPoolOptions } from "./worker-pool.ts";

const scratch = mkdtempSync(join(tmpdir(), "tf-worker-pool-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Job = { do: "count" | "crash" | "oom" | "refuse" | "fail" } | { do: "wait"; ms: number };

/**
 * A worker with state (how many jobs it served), so a test can tell a kept worker from a replaced one. "crash" throws
 * outside any job's handling, as a bug in a native callback would; "oom" fills its heap; "refuse" answers with a
 * customer's error and "fail" with an internal one, through serveJobs.
 */
const worker = join(scratch, "worker.ts");
writeFileSync(
  worker,
  `import { serveJobs } from ${JSON.stringify(pathToFileURL(join(import.meta.dirname, "worker-jobs.ts")).href)};
import { AppError } from ${JSON.stringify(pathToFileURL(join(import.meta.dirname, "../errors/app-error.ts")).href)};
import { parentPort } from "node:worker_threads";
let served = 0;
parentPort.on("message", ({ job }) => {
  if (job.do === "crash") throw new Error("crashed");
});
serveJobs(async (job) => {
  served++;
  if (job.do === "oom") {
    const hoard = [];
    for (;;) hoard.push(new Array(100_000).fill(served));
  }
  if (job.do === "refuse") throw new AppError("unprocessable:image", "That image could not be read.");
  if (job.do === "fail") throw new Error("internal detail");
  if (job.do === "wait") await new Promise((resolve) => setTimeout(resolve, job.ms));
  return { value: served };
});
`,
);

const failed = (cause: unknown) => new AppError("internal:subjects_worker", "The photo could not be cut out.", undefined, { cause });
const pool = (options: Partial<WorkerPoolOptions<Job>> = {}) =>
  createWorkerPool<Job, number>({ workerUrl: pathToFileURL(worker), failed, resourceLimits: { maxOldGenerationSizeMb: 32 }, ...options });

describe("worker pool", () => {
  it("keeps one warm worker for job after job", async () => {
    const p = pool();
    try {
      expect(await Promise.all([p.run({ do: "count" }), p.run({ do: "count" }), p.run({ do: "count" })])).toEqual([1, 2, 3]);
    } finally {
      await p.close();
    }
  });

  it.each(["crash", "oom"] as const)("fails only the job whose worker dies (%s) with the pool's error, and a new worker runs the next", async (kind) => {
    const p = pool();
    try {
      expect(await p.run({ do: "count" })).toBe(1);
      const [dying, next] = await Promise.allSettled([p.run({ do: kind }), p.run({ do: "count" })]);
      expect(dying.status === "rejected" && dying.reason).toMatchObject({ code: "internal:subjects_worker", status: 500 });
      // A fresh worker: its count starts again.
      expect(next).toEqual({ status: "fulfilled", value: 1 });
    } finally {
      await p.close();
    }
  });

  it("answers a job's own failure without losing the worker: a customer's error keeps its code, any other is the pool's", async () => {
    const p = pool();
    try {
      const refused = await p.run({ do: "refuse" }).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: "unprocessable:image", status: 422, message: "That image could not be read." });
      await expect(p.run({ do: "fail" })).rejects.toMatchObject({ code: "internal:subjects_worker", message: "The photo could not be cut out." });
      expect(await p.run({ do: "count" })).toBe(3);
    } finally {
      await p.close();
    }
  });

  it("with abortRunning 'finish', answers an aborted running job at once and keeps the worker for the next", async () => {
    const p = pool({ abortRunning: "finish" });
    try {
      const controller = new AbortController();
      const running = p.run({ do: "wait", ms: 300 }, controller.signal);
      const next = p.run({ do: "count" });
      controller.abort(new Error("client went away"));
      await expect(running).rejects.toThrow("client went away");
      // The same worker finished the aborted job first, then served this one.
      expect(await next).toBe(2);
    } finally {
      await p.close();
    }
  });

  it("by default, terminates the worker under an aborted running job", async () => {
    const p = pool();
    try {
      const controller = new AbortController();
      const running = p.run({ do: "wait", ms: 60_000 }, controller.signal);
      const next = p.run({ do: "count" });
      controller.abort(new Error("client went away"));
      await expect(running).rejects.toThrow("client went away");
      expect(await next).toBe(1);
    } finally {
      await p.close();
    }
  });
});
