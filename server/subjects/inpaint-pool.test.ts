import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { createSwapWorkerPool } from "./inpaint-pool.ts";
import { placePersona, type SwapJob } from "./swap-compose.ts";
import { testScene } from "./test-scenes.ts";

const W = 320;
const H = 180;
const scratch = mkdtempSync(join(tmpdir(), "tf-swap-pool-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function job(): Promise<SwapJob> {
  const scene = await testScene({ width: W, height: H, backdrop: "stripes", pose: "standing" });
  const placement = placePersona(scene.box, { width: 50, height: 100 }, { width: W, height: H });
  const persona = new Uint8Array(placement.width * placement.height * 4).fill(200);
  return { base: scene.raw, subjectMask: scene.mask, persona: { data: persona, width: placement.width, height: placement.height }, placement, seed: 1 };
}

/** A worker script that dies as soon as it is given work, the way a crash in native code or a bad deploy would. */
function crashingWorker(): URL {
  const path = join(scratch, "crashing-worker.mjs");
  writeFileSync(path, `import { parentPort } from "node:worker_threads";\nparentPort.on("message", () => { throw new Error("boom"); });\n`);
  return pathToFileURL(path);
}

describe("swap worker pool", () => {
  it("runs jobs off the main thread, one after another, with the same bytes for the same job", async () => {
    const pool = createSwapWorkerPool();
    try {
      const [a, b] = await Promise.all([pool.run(await job()), pool.run(await job())]);
      expect(a.length).toBe(W * H * 4);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it("answers a failing job with an AppError and keeps serving", async () => {
    const pool = createSwapWorkerPool();
    try {
      const bad = await job();
      bad.subjectMask = new Uint8Array(7);
      await expect(pool.run(bad)).rejects.toMatchObject({ code: "internal:swap_worker" });
      expect((await pool.run(await job())).length).toBe(W * H * 4);
    } finally {
      await pool.close();
    }
  });

  it("rejects when the worker itself dies, without taking the process down", async () => {
    const pool = createSwapWorkerPool({ workerUrl: crashingWorker() });
    try {
      const failure = await pool.run(await job()).catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(AppError);
      // A fresh worker replaces the dead one; this one dies too, and is answered the same way.
      await expect(pool.run(await job())).rejects.toMatchObject({ code: "internal:swap_worker" });
    } finally {
      await pool.close();
    }
  });

  it("drops an aborted job, queued or running, with the signal's reason, and runs the next", async () => {
    const pool = createSwapWorkerPool();
    try {
      const running = new AbortController();
      const queued = new AbortController();
      const jobs = await Promise.all([job(), job(), job()]);
      const first = pool.run(jobs[0]!, running.signal);
      const second = pool.run(jobs[1]!, queued.signal);
      const third = pool.run(jobs[2]!);
      queued.abort(new Error("queued job cancelled"));
      running.abort(new Error("running job cancelled"));
      await expect(first).rejects.toThrow("running job cancelled");
      await expect(second).rejects.toThrow("queued job cancelled");
      expect((await third).length).toBe(W * H * 4);
      await expect(pool.run(await job(), AbortSignal.abort(new Error("too late")))).rejects.toThrow("too late");
    } finally {
      await pool.close();
    }
  });

  it("refuses work once closed", async () => {
    const pool = createSwapWorkerPool();
    await pool.close();
    await expect(pool.run(await job())).rejects.toMatchObject({ code: "unavailable:shutdown" });
  });
});
