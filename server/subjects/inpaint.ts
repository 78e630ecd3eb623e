/**
 * Exemplar-based hole filling: coarse-to-fine PatchMatch with EM voting (Barnes et al. 2009, Wexler et al. 2007).
 * Every hole pixel is rebuilt from patches copied out of the known part of the image, so texture and structure carry
 * on across the hole instead of being smeared. The coarsest level starts from an onion-peel guess (onion-fill.ts); the
 * expensive random search runs on the small levels of the pyramid; the large levels inherit the nearest-neighbour
 * field, refine it with a short local search, and vote (patch-match.ts); a last smooth correction hides any tone seam
 * (seam-blend.ts). Pure and synchronous on typed arrays (it runs in a worker thread); seeded, so the same input gives
 * the same bytes.
 */
import { countOnes, dilateSquare, distanceInside, seededRandom } from "./masks.ts";
import { onionFill } from "./onion-fill.ts";
import { type Field, type Level, newField, randomSource, recomputeCosts, patchMatchSweep, sourceMask, upsampleField, vote } from "./patch-match.ts";
import { blendSeams } from "./seam-blend.ts";

export interface RawImage {
  /** RGBA, 4 bytes a pixel, row-major. */
  data: Uint8Array;
  width: number;
  height: number;
}

export interface InpaintOptions {
  seed?: number;
  /** Patch half-size: patches are (2r+1)². */
  patchRadius?: number;
}

/** How much work each level gets: searches are wide on the small levels; the large ones refine what they inherit. */
interface LevelPlan {
  emIterations: number;
  searchRadius: number;
  /** Candidates from anywhere per pixel and sweep, so a region that inherited a poor source can escape. */
  globalCandidates: number;
  voteStride: number;
}

const COARSEST_MIN_SIDE = 48;

const MAX_INNER_RADIUS_AT_COARSEST = 24;

function levelFromImage(image: RawImage, hole: Uint8Array): Level {
  const { width: w, height: h, data } = image;
  const rgb = new Float32Array(w * h * 3);
  for (let i = 0; i < w * h; i++) {
    if (hole[i]) continue;
    rgb[i * 3] = data[i * 4]!;
    rgb[i * 3 + 1] = data[i * 4 + 1]!;
    rgb[i * 3 + 2] = data[i * 4 + 2]!;
  }
  return { w, h, rgb, hole };
}

/** Half size; a coarse pixel is a hole if any of its fine pixels is, so no hole colour ever reaches a coarse source. */
function downsample(level: Level): Level {
  const w = Math.max(1, level.w >> 1);
  const h = Math.max(1, level.h >> 1);
  const rgb = new Float32Array(w * h * 3);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * w + x;
      const a = 2 * y * level.w + 2 * x;
      const b = a + level.w;
      const isHole = level.hole[a]! | level.hole[a + 1]! | level.hole[b]! | level.hole[b + 1]!;
      hole[o] = isHole;
      if (isHole) continue;
      for (let ch = 0; ch < 3; ch++) {
        rgb[o * 3 + ch] = (level.rgb[a * 3 + ch]! + level.rgb[(a + 1) * 3 + ch]! + level.rgb[b * 3 + ch]! + level.rgb[(b + 1) * 3 + ch]!) / 4;
      }
    }
  }
  return { w, h, rgb, hole };
}

function maxOf(values: Float32Array): number {
  let m = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! > m) m = values[i]!;
  return m;
}

/**
 * Halves while the image stays big enough, then starts from the finest level where the hole is only a few patches
 * across (its inner radius at most MAX_INNER_RADIUS_AT_COARSEST) and whole patches of background remain to copy.
 * The radius is measured from the small levels up, so the full-size distance transform is never needed.
 */
function buildPyramid(full: Level, r: number): Level[] {
  const levels = [full];
  while (Math.min(levels[levels.length - 1]!.w, levels[levels.length - 1]!.h) / 2 >= COARSEST_MIN_SIDE) {
    levels.push(downsample(levels[levels.length - 1]!));
  }
  let coarsest = levels.length - 1;
  while (coarsest > 0) {
    const level = levels[coarsest - 1]!;
    if (maxOf(distanceInside(level.hole, level.w, level.h)) > MAX_INNER_RADIUS_AT_COARSEST) break;
    coarsest--;
  }
  while (coarsest > 0 && countSources(levels[coarsest]!, r) === 0) coarsest--;
  return levels.slice(0, coarsest + 1).reverse();
}

function countSources(level: Level, r: number): number {
  return countOnes(sourceMask(level, r, dilateSquare(level.hole, level.w, level.h, r)));
}

function planFor(level: Level, index: number): LevelPlan {
  const pixels = level.w * level.h;
  if (index === 0) return { emIterations: 2, searchRadius: Math.max(level.w, level.h), globalCandidates: 2, voteStride: 1 };
  if (pixels <= 160_000) return { emIterations: 2, searchRadius: Math.min(32, Math.max(level.w, level.h) >> 2), globalCandidates: 2, voteStride: 1 };
  // Half size: the field is right by now in all but detail; a local search and a light vote are enough.
  if (pixels <= 400_000) return { emIterations: 1, searchRadius: 8, globalCandidates: 0, voteStride: 2 };
  // Full size: the inherited field already points at the right texture; voting alone brings back the fine detail.
  return { emIterations: 0, searchRadius: 0, globalCandidates: 0, voteStride: 2 };
}

/**
 * Fills the pixels where `hole` is 1 from the rest of the image. Returns new RGBA bytes the size of the input; pixels
 * outside the hole are copied unchanged and filled pixels are opaque.
 */
export function inpaint(image: RawImage, hole: Uint8Array, options: InpaintOptions = {}): Uint8Array {
  const { width: w, height: h, data } = image;
  if (data.length !== w * h * 4) throw new RangeError(`image bytes ${data.length} do not match ${w}×${h} RGBA`);
  if (hole.length !== w * h) throw new RangeError(`hole mask length ${hole.length} does not match ${w}×${h}`);
  const r = options.patchRadius ?? 3;
  const random = seededRandom(options.seed ?? 1);
  const out = new Uint8Array(data);
  const full = levelFromImage(image, hole);
  if (!hole.includes(1)) return out;
  const levels = buildPyramid(full, r);
  let previous: { level: Level; field: Field } | undefined;
  for (const [index, level] of levels.entries()) {
    const field = newField(level, r);
    if (field.sources.length === 0) throw new RangeError("the hole leaves no whole patch of known image to copy from");
    const plan = planFor(level, index);
    if (previous) {
      // Costs are still zero here, so this first vote weighs every inherited patch alike; it is only a first guess
      // for the EM iterations (if any follow), so every other patch is enough.
      upsampleField(previous.level, previous.field, level, field, random);
      vote(level, field, r, 2);
    } else {
      const match = onionFill(level, field, r, random);
      for (let t = 0; t < field.targets.length; t++) {
        const source = match[field.targets[t]!]!;
        field.nnf[t] = source >= 0 ? source : randomSource(field, random);
      }
    }
    for (let iteration = 0; iteration < plan.emIterations; iteration++) {
      recomputeCosts(level, field, r);
      patchMatchSweep(level, field, r, iteration % 2 === 1, plan.searchRadius, plan.globalCandidates, random);
      if (index === 0) patchMatchSweep(level, field, r, iteration % 2 === 0, plan.searchRadius, plan.globalCandidates, random);
      vote(level, field, r, plan.voteStride);
    }
    previous = { level, field };
  }
  if (previous) {
    // What the fill's patches would paint on the known ring around the hole, against what is there: the tone
    // mismatch that a smooth correction then carries into the hole.
    const ring = dilateSquare(hole, w, h, r);
    for (let i = 0; i < w * h; i++) if (hole[i]) ring[i] = 0;
    const painted = new Float32Array(w * h * 3);
    vote(full, previous.field, r, 2, ring, painted);
    blendSeams(full.rgb, w, h, hole, ring, painted);
  }
  for (let i = 0; i < w * h; i++) {
    if (!hole[i]) continue;
    out[i * 4] = Math.round(full.rgb[i * 3]!);
    out[i * 4 + 1] = Math.round(full.rgb[i * 3 + 1]!);
    out[i * 4 + 2] = Math.round(full.rgb[i * 3 + 2]!);
    out[i * 4 + 3] = 255;
  }
  return out;
}
