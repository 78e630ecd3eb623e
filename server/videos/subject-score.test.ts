import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import type { Extraction } from "../subjects/engine.ts";
import { createSubjectScorer, scoreMask } from "./subject-score.ts";

const W = 320;
const H = 180;
function mask(...discs: [number, number, number][]): Uint8Array {
  const m = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (discs.some(([cx, cy, r]) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r)) m[y * W + x] = 255;
  return m;
}

describe("scoreMask", () => {
  it("gives 1 to one subject of a useful size", () => {
    expect(scoreMask(mask([160, 90, 50]), W, H)).toBe(1);
  });
  it("gives less to a tiny subject, a subject filling the frame, and several", () => {
    expect(scoreMask(mask([160, 90, 8]), W, H)).toBeLessThan(0.5);
    expect(scoreMask(new Uint8Array(W * H).fill(255), W, H)).toBe(0);
    expect(scoreMask(mask([60, 90, 40], [160, 90, 40], [260, 90, 40]), W, H)).toBeLessThanOrEqual(0.5);
    expect(scoreMask(new Uint8Array(W * H), W, H)).toBe(0);
  });
  it("ignores specks beside the subject", () => {
    expect(scoreMask(mask([160, 90, 50], [10, 10, 2]), W, H)).toBe(1);
  });
});

describe("createSubjectScorer", () => {
  const extraction = (m: Uint8Array): Extraction => ({ width: W, height: H, mask: Buffer.from(m), box: { left: 0, top: 0, width: 1, height: 1 }, cutoutPng: Buffer.alloc(0), cutoutBox: { left: 0, top: 0, width: 1, height: 1 } });
  it("scores the extractor's mask, and no subject as 0", async () => {
    const signal = new AbortController().signal;
    expect(await createSubjectScorer({ extract: async () => extraction(mask([160, 90, 50])) })(Buffer.alloc(1), signal)).toBe(1);
    const none = createSubjectScorer({ extract: () => Promise.reject(new AppError("invalid:no_subject", "none")) });
    expect(await none(Buffer.alloc(1), signal)).toBe(0);
    const busy = createSubjectScorer({ extract: () => Promise.reject(new AppError("unavailable:subjects_busy", "busy")) });
    await expect(busy(Buffer.alloc(1), signal)).rejects.toMatchObject({ code: "unavailable:subjects_busy" });
  });
});
