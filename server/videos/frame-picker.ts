import type { VideoFrameReason } from "../../contract/videos.ts";
import { type FrameStats, hashDistance } from "./frame-stats.ts";

/** Frames this close (bits of the 256-bit difference hash, about 6%) look the same in a row of thumbnails: one is kept. */
const NEAR_DUPLICATE_BITS = 16;
/** A colour histogram this different from the previous sample's: a cut to another shot. */
const SHOT_CHANGE = 0.35;
/** Sharper than this share of the video's sharp frames (its 90th percentile) counts as blurred. */
const BLUR_FLOOR = 0.35;

export interface ScoredSample {
  stats: FrameStats;
  /** 0–1 against the video's own sharp frames. */
  sharpness: number;
  /** 0–1: mid-grey mean and little clipping. */
  exposure: number;
  shotChange: boolean;
}

/** Each sample's cheap scores; black, white and blurred samples are left out. */
export function scoreSamples(samples: FrameStats[]): ScoredSample[] {
  const lit = samples.filter((s) => !s.blank);
  const reference = percentile(lit.map((s) => s.laplacianVariance), 0.9);
  if (reference <= 0) return [];
  return lit
    .map((stats) => ({
      stats,
      sharpness: Math.min(1, stats.laplacianVariance / reference),
      exposure: exposureScore(stats),
      shotChange: stats.index > 0 && stats.histogramChange >= SHOT_CHANGE,
    }))
    .filter((s) => s.sharpness >= BLUR_FLOOR && s.exposure > 0);
}

export const cheapScore = (s: ScoredSample): number => 0.55 * s.sharpness + 0.35 * s.exposure + (s.shotChange ? 0.1 : 0);

/**
 * About `count` samples worth a closer look: the best of each stretch of the video (so the picks span it), then the
 * best of the rest, never two near-duplicates.
 */
export function preCandidates(scored: ScoredSample[], durationMs: number, count: number): ScoredSample[] {
  const bySlot = new Map<number, ScoredSample>();
  for (const sample of scored) {
    const slot = Math.min(count - 1, Math.floor((sample.stats.timeMs / Math.max(1, durationMs)) * count));
    const best = bySlot.get(slot);
    if (!best || cheapScore(sample) > cheapScore(best)) bySlot.set(slot, sample);
  }
  const chosen: ScoredSample[] = [];
  const consider = (list: ScoredSample[]) => {
    for (const sample of [...list].sort((a, b) => cheapScore(b) - cheapScore(a))) {
      if (chosen.length >= count) return;
      if (chosen.includes(sample)) continue;
      if (chosen.some((c) => hashDistance(c.stats.hash, sample.stats.hash) <= NEAR_DUPLICATE_BITS)) continue;
      chosen.push(sample);
    }
  };
  consider([...bySlot.values()]);
  consider(scored);
  return chosen.sort((a, b) => a.stats.timeMs - b.stats.timeMs);
}

/**
 * The best `count` by score, each at least `minGapMs` from those already taken (eight frames from one second are
 * one choice shown eight times); when too few are that far apart, the next best fill the rest.
 */
export function spreadBest<T extends { timeMs: number; score: number }>(frames: T[], count: number, minGapMs: number): T[] {
  const ranked = [...frames].sort((a, b) => b.score - a.score || a.timeMs - b.timeMs);
  const chosen: T[] = [];
  for (const frame of ranked) {
    if (chosen.length >= count) break;
    if (chosen.every((c) => Math.abs(c.timeMs - frame.timeMs) >= minGapMs)) chosen.push(frame);
  }
  for (const frame of ranked) {
    if (chosen.length >= count) break;
    if (!chosen.includes(frame)) chosen.push(frame);
  }
  return chosen.sort((a, b) => b.score - a.score || a.timeMs - b.timeMs);
}

/** The final score (0–1) and the reasons shown under a frame; `subject` is undefined without a subject scorer. */
export function finalScore(sample: ScoredSample, subject: number | undefined): { score: number; reasons: VideoFrameReason[] } {
  const subjectPart = subject ?? 0.5;
  const score = 0.4 * sample.sharpness + 0.3 * sample.exposure + 0.25 * subjectPart + (sample.shotChange ? 0.05 : 0);
  const reasons: VideoFrameReason[] = [];
  if (sample.sharpness >= 0.75) reasons.push("sharp");
  if (sample.exposure >= 0.7) reasons.push("well-exposed");
  if (subject !== undefined && subject >= 0.7) reasons.push("clear-subject");
  if (sample.shotChange) reasons.push("shot-change");
  return { score: Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000, reasons };
}

/** 1 for a mean luma between 0.35 and 0.65 with nothing clipped, falling to 0 for very dark, very bright or clipped. */
function exposureScore(stats: FrameStats): number {
  const offCentre = Math.max(0, Math.abs(stats.meanLuma - 0.5) - 0.15) / 0.3;
  return Math.max(0, 1 - offCentre) * Math.max(0, 1 - 1.5 * stats.clippedShare);
}

function percentile(values: number[], share: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}
