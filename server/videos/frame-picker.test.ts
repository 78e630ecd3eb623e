import { describe, expect, it } from "vitest";
import { finalScore, preCandidates, scoreSamples, spreadBest } from "./frame-picker.ts";
import { type FrameStats, hashDistance, measureFrame } from "./frame-stats.ts";

const W = 64;
const H = 36;
/** An RGB24 picture from a colour function. */
function picture(colour: (x: number, y: number) => [number, number, number]): Uint8Array {
  const rgb = new Uint8Array(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) rgb.set(colour(x, y), (y * W + x) * 3);
  return rgb;
}
const checker = (size: number, shift = 0) => picture((x, y) => ((Math.floor((x + shift) / size) + Math.floor(y / size)) % 2 ? [200, 180, 60] : [40, 60, 160]));
const measure = (rgb: Uint8Array, index: number, previous?: Float64Array) => measureFrame(rgb, W, H, { index, timeMs: index * 1000 }, previous);

describe("measureFrame", () => {
  it("tells sharp from flat, black from lit, and a cut from a steady shot", () => {
    const sharp = measure(checker(2), 0);
    const flat = measure(picture(() => [120, 120, 120]), 1, sharp.histogram);
    const black = measure(picture(() => [0, 0, 0]), 2, flat.histogram);
    expect(sharp.stats.laplacianVariance).toBeGreaterThan(1000);
    expect(flat.stats.laplacianVariance).toBe(0);
    expect(black.stats.blank).toBe(true);
    expect(flat.stats.blank).toBe(false);
    expect(flat.stats.histogramChange).toBe(1);
    expect(measure(checker(2), 3, sharp.histogram).stats.histogramChange).toBe(0);
  });

  it("hashes the same picture alike and a different one apart", () => {
    const a = measure(checker(8), 0).stats.hash;
    const b = measure(checker(8), 1).stats.hash;
    const c = measure(checker(8, 4), 2).stats.hash;
    expect(hashDistance(a, b)).toBe(0);
    expect(hashDistance(a, c)).toBeGreaterThan(40);
  });
});

function stats(index: number, overrides: Partial<FrameStats> = {}): FrameStats {
  const hash = new Uint32Array(8);
  hash[index % 8] = 0xffffffff;
  return { index, timeMs: index * 1000, laplacianVariance: 500, meanLuma: 0.5, clippedShare: 0, blank: false, hash, histogramChange: 0, ...overrides };
}

describe("choosing frames", () => {
  it("drops blank and blurred samples", () => {
    const kept = scoreSamples([stats(0), stats(1, { blank: true }), stats(2, { laplacianVariance: 20 }), stats(3)]);
    expect(kept.map((s) => s.stats.index)).toEqual([0, 3]);
  });

  it("keeps one of two near-duplicates among the pre-candidates", () => {
    const twin = stats(9);
    twin.hash = stats(1).hash;
    const chosen = preCandidates(scoreSamples([stats(0), stats(1), twin, stats(2)]), 10_000, 24);
    expect(chosen.map((s) => s.stats.index)).toEqual([0, 1, 2]);
  });

  it("spreads the best frames over the video before it repeats a moment", () => {
    const frames = [
      { timeMs: 1000, score: 0.9 },
      { timeMs: 1100, score: 0.89 },
      { timeMs: 9000, score: 0.5 },
    ];
    expect(spreadBest(frames, 2, 1000).map((f) => f.timeMs)).toEqual([1000, 9000]);
    expect(spreadBest(frames, 3, 1000).map((f) => f.timeMs)).toEqual([1000, 1100, 9000]);
  });

  it("names its reasons", () => {
    const [sample] = scoreSamples([stats(0, { histogramChange: 0.8, index: 4 })]);
    if (!sample) throw new Error("no sample");
    expect(finalScore(sample, 0.9).reasons).toEqual(["sharp", "well-exposed", "clear-subject", "shot-change"]);
    expect(finalScore(sample, undefined).reasons).not.toContain("clear-subject");
  });
});
