import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { createLogger } from "../logger.ts";
import { createSubjectExtractor } from "./engine.ts";
import { MODEL_EDGE, type MaskModel } from "./model-session.ts";
import { createBoundedQueue } from "./queue.ts";
import { judgeSubject } from "./subject-presence.ts";

/** A square mask with value 255 where `inside(x, y)` holds. */
function squareMask(inside: (x: number, y: number) => boolean): Uint8Array {
  const mask = new Uint8Array(MODEL_EDGE * MODEL_EDGE);
  for (let y = 0; y < MODEL_EDGE; y++) for (let x = 0; x < MODEL_EDGE; x++) if (inside(x, y)) mask[y * MODEL_EDGE + x] = 255;
  return mask;
}
const disc = (cx: number, cy: number, r: number) => (x: number, y: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

describe("judgeSubject", () => {
  it("accepts one compact subject, even with a few specks beside it", () => {
    expect(judgeSubject(squareMask(disc(512, 600, 300)), MODEL_EDGE)).toBeUndefined();
    expect(judgeSubject(squareMask((x, y) => disc(512, 600, 300)(x, y) || disc(60, 60, 20)(x, y)), MODEL_EDGE)).toBeUndefined();
  });
  it("refuses nothing, a speck, the whole picture and scattered blobs", () => {
    expect(judgeSubject(squareMask(() => false), MODEL_EDGE)).toBe("too_little");
    expect(judgeSubject(squareMask(disc(500, 500, 40)), MODEL_EDGE)).toBe("too_little");
    expect(judgeSubject(squareMask(() => true), MODEL_EDGE)).toBe("too_much");
    // A grid of separate bricks: much foreground, no part of it a subject.
    expect(judgeSubject(squareMask((x, y) => x % 128 >= 24 && x % 128 < 104 && y % 64 >= 16 && y % 64 < 48), MODEL_EDGE)).toBe("scattered");
  });
});

describe("bounded queue", () => {
  it("runs one at a time, lets maxQueue wait and refuses the rest as busy", async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxQueue: 2 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let active = 0;
    let most = 0;
    const task = async () => {
      active++;
      most = Math.max(most, active);
      await gate;
      active--;
      return "done";
    };
    const settled = Promise.allSettled(Array.from({ length: 6 }, () => queue.run(task)));
    release();
    const results = await settled;
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.reason).toMatchObject({ code: "unavailable:subjects_busy", status: 503, retryAfterSeconds: 10 });
    expect(most).toBe(1);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("drops a waiter whose request is aborted and keeps serving the others", async () => {
    const queue = createBoundedQueue({ concurrency: 1, maxQueue: 1 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = queue.run(() => gate.then(() => 1));
    const controller = new AbortController();
    const aborted = queue.run(async () => 2, controller.signal);
    controller.abort(new Error("client went away"));
    await expect(aborted).rejects.toThrow("client went away");
    expect(queue.waiting).toBe(0);
    const third = queue.run(async () => 3); // the freed place in the queue takes it
    release();
    expect(await Promise.all([first, third])).toEqual([1, 3]);
  });
});

describe("extractor under a burst", () => {
  it("with more than maxQueue photos at once: one runs, maxQueue wait, the rest are busy, nothing crashes", async () => {
    let running = 0;
    let most = 0;
    let loads = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const model: MaskModel = {
      edge: MODEL_EDGE,
      async predict() {
        running++;
        most = Math.max(most, running);
        await gate;
        running--;
        const probabilities = new Float32Array(MODEL_EDGE * MODEL_EDGE);
        const subject = squareMask(disc(512, 560, 300));
        for (let i = 0; i < subject.length; i++) probabilities[i] = (subject[i] as number) / 255;
        return probabilities;
      },
      release: async () => {},
    };
    const extractor = createSubjectExtractor({
      logger: createLogger({ logLevel: "silent", isProduction: false }),
      maxQueue: 3,
      openModel: async () => {
        loads++;
        return model;
      },
    });
    const photo = await readFile(join(import.meta.dirname, "fixtures", "flat.png"));
    const settled = Promise.allSettled(Array.from({ length: 10 }, () => extractor.extract(photo)));
    // Let the first photo reach the model before opening the gate.
    while (running === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    const results = await settled;
    const done = results.filter((r) => r.status === "fulfilled");
    const busy = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(done).toHaveLength(4);
    expect(busy).toHaveLength(6);
    for (const r of busy) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({ code: "unavailable:subjects_busy", status: 503 });
    }
    expect(most).toBe(1);
    expect(loads).toBe(1);
    await extractor.close();
  });
});
