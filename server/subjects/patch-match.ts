/**
 * The PatchMatch machinery one pyramid level uses (Barnes et al. 2009): the field of source patches for the patches
 * that touch the hole, its sweeps (propagation, random search) and the vote that turns it back into colours.
 */
import { countOnes, dilateSquare } from "./masks.ts";

/** One pyramid level: colours as float RGB, `hole` 1 where the colour is unknown. */
export interface Level {
  w: number;
  h: number;
  rgb: Float32Array;
  hole: Uint8Array;
}

/** The search state of one level: for each target patch centre, the source centre it copies and the distance. */
export interface Field {
  targets: Int32Array;
  nnf: Int32Array;
  cost: Float32Array;
  /** 1 where a patch centred there lies fully inside the image and fully known. */
  sourceOk: Uint8Array;
  sources: Int32Array;
  /** Per pixel, its index in `targets`, or -1. */
  slot: Int32Array;
}


/** Valid source centres: the whole patch inside the image and clear of the hole (nothing of the old subject is copied). */
export function sourceMask(level: Level, r: number, near: Uint8Array): Uint8Array {
  const { w, h } = level;
  const ok = new Uint8Array(w * h);
  for (let y = r; y < h - r; y++) {
    for (let x = r; x < w - r; x++) ok[y * w + x] = near[y * w + x] ? 0 : 1;
  }
  return ok;
}

/** Sum of squared differences between the patch around p and the one around q, stopping once it exceeds `limit`. */
export function patchDistance(level: Level, r: number, p: number, q: number, limit: number): number {
  const { w, h, rgb } = level;
  const px = p % w;
  const py = (p - px) / w;
  const y0 = Math.max(-r, -py);
  const y1 = Math.min(r, h - 1 - py);
  const x0 = Math.max(-r, -px);
  const x1 = Math.min(r, w - 1 - px);
  let sum = 0;
  for (let dy = y0; dy <= y1; dy++) {
    let a = (p + dy * w + x0) * 3;
    let b = (q + dy * w + x0) * 3;
    for (let dx = x0; dx <= x1; dx++) {
      const d0 = rgb[a]! - rgb[b]!;
      const d1 = rgb[a + 1]! - rgb[b + 1]!;
      const d2 = rgb[a + 2]! - rgb[b + 2]!;
      sum += d0 * d0 + d1 * d1 + d2 * d2;
      a += 3;
      b += 3;
    }
    if (sum > limit) return sum;
  }
  return sum;
}

export function randomSource(field: Field, random: () => number): number {
  return field.sources[Math.floor(random() * field.sources.length)]!;
}

/** One PatchMatch sweep: propagation from the previous neighbours in scan order, then a shrinking random search. */
export function patchMatchSweep(level: Level, field: Field, r: number, reverse: boolean, searchRadius: number, globalCandidates: number, random: () => number): void {
  const { w, h } = level;
  const { targets, nnf, cost, sourceOk, slot } = field;
  const step = reverse ? -1 : 1;
  for (let k = 0; k < targets.length; k++) {
    const t = reverse ? targets.length - 1 - k : k;
    const p = targets[t]!;
    const px = p % w;
    let best = nnf[t]!;
    let bestCost = cost[t]!;
    // Propagation: a neighbour's match shifted by one is a good guess for a coherent region.
    const nx = px - step;
    if (nx >= 0 && nx < w) {
      const s = slot[p - step]!;
      if (s >= 0) {
        // A shift that wraps to the next row lands on a border column, which is never a valid source.
        const q = nnf[s]! + step;
        if (q !== best && q >= 0 && q < w * h && sourceOk[q]) {
          const c = patchDistance(level, r, p, q, bestCost);
          if (c < bestCost) {
            bestCost = c;
            best = q;
          }
        }
      }
    }
    const ny = (p - px) / w - step;
    if (ny >= 0 && ny < h) {
      const s = slot[p - step * w]!;
      if (s >= 0) {
        const q = nnf[s]! + step * w;
        if (q !== best && q >= 0 && q < w * h && sourceOk[q]) {
          const c = patchDistance(level, r, p, q, bestCost);
          if (c < bestCost) {
            bestCost = c;
            best = q;
          }
        }
      }
    }
    // A couple of candidates from anywhere, so a region that inherited a poor source from a coarser level can escape.
    for (let k = 0; k < globalCandidates; k++) {
      const q = randomSource(field, random);
      if (q === best) continue;
      const c = patchDistance(level, r, p, q, bestCost);
      if (c < bestCost) {
        bestCost = c;
        best = q;
      }
    }
    // Random search around the current best, at exponentially shrinking radii.
    for (let radius = searchRadius; radius >= 1; radius >>= 1) {
      const bx = best % w;
      const by = (best - bx) / w;
      const qx = bx + Math.round((random() * 2 - 1) * radius);
      const qy = by + Math.round((random() * 2 - 1) * radius);
      if (qx < 0 || qy < 0 || qx >= w || qy >= h) continue;
      const q = qy * w + qx;
      if (q === best || !sourceOk[q]) continue;
      const c = patchDistance(level, r, p, q, bestCost);
      if (c < bestCost) {
        bestCost = c;
        best = q;
      }
    }
    nnf[t] = best;
    cost[t] = bestCost;
  }
}

/**
 * Every hole pixel becomes the weighted mean of what the patches covering it copy there; good matches weigh more.
 * With `stride` 2 only every other covering patch votes (a fifth of the work), as in the vote that follows an
 * inherited field: it is coherent, so neighbouring patches mostly copy the same pixel anyway. `only` and `into` let
 * the seam blend ask what the patches would put on known pixels too, without changing them.
 */
export function vote(level: Level, field: Field, r: number, stride = 1, only: Uint8Array = level.hole, into: Float32Array = level.rgb): void {
  const { w, h, rgb } = level;
  const { targets, nnf, cost, slot } = field;
  let mean = 0;
  for (let t = 0; t < targets.length; t++) mean += cost[t]!;
  mean = mean / Math.max(1, targets.length) + 1e-3;
  const weights = new Float32Array(targets.length);
  for (let t = 0; t < targets.length; t++) weights[t] = Math.exp(-Math.min(50, cost[t]! / mean));
  const start = -r + (r % stride);
  for (let a = 0; a < w * h; a++) {
    if (!only[a]) continue;
    const ax = a % w;
    const ay = (a - ax) / w;
    let sum = 0;
    let c0 = 0;
    let c1 = 0;
    let c2 = 0;
    // Pull: the patch centred at a - d puts its pixel d, copied from its match q, at a.
    for (let dy = start; dy <= r; dy += stride) {
      const py = ay - dy;
      if (py < 0 || py >= h) continue;
      for (let dx = start; dx <= r; dx += stride) {
        const px = ax - dx;
        if (px < 0 || px >= w) continue;
        const t = slot[py * w + px]!;
        if (t < 0) continue;
        const weight = weights[t]!;
        const b = (nnf[t]! + dy * w + dx) * 3;
        c0 += weight * rgb[b]!;
        c1 += weight * rgb[b + 1]!;
        c2 += weight * rgb[b + 2]!;
        sum += weight;
      }
    }
    if (sum <= 0) continue;
    into[a * 3] = c0 / sum;
    into[a * 3 + 1] = c1 / sum;
    into[a * 3 + 2] = c2 / sum;
  }
}

export function newField(level: Level, r: number): Field {
  // Targets are the patch centres whose patch overlaps the hole: every patch that votes on a hole pixel.
  const near = dilateSquare(level.hole, level.w, level.h, r);
  const sourceOk = sourceMask(level, r, near);
  const sources = new Int32Array(countOnes(sourceOk));
  let k = 0;
  for (let i = 0; i < sourceOk.length; i++) if (sourceOk[i]) sources[k++] = i;
  const targets = new Int32Array(countOnes(near));
  let j = 0;
  for (let i = 0; i < near.length; i++) if (near[i]) targets[j++] = i;
  const slot = new Int32Array(level.w * level.h).fill(-1);
  for (let t = 0; t < targets.length; t++) slot[targets[t]!] = t;
  return { targets, nnf: new Int32Array(targets.length), cost: new Float32Array(targets.length), sourceOk, sources, slot };
}

/** Carries the coarse field's offsets up one level (doubled); where they land on no valid source, a random one. */
export function upsampleField(coarse: Level, coarseField: Field, fine: Level, field: Field, random: () => number): void {
  const slot = coarseField.slot;
  for (let t = 0; t < field.targets.length; t++) {
    const p = field.targets[t]!;
    const x = p % fine.w;
    const y = (p - x) / fine.w;
    const cx = Math.min(coarse.w - 1, x >> 1);
    const cy = Math.min(coarse.h - 1, y >> 1);
    const s = slot[cy * coarse.w + cx]!;
    let q = -1;
    if (s >= 0) {
      const cq = coarseField.nnf[s]!;
      const qx = x + 2 * ((cq % coarse.w) - cx);
      const qy = y + 2 * (Math.floor(cq / coarse.w) - cy);
      if (qx >= 0 && qy >= 0 && qx < fine.w && qy < fine.h && field.sourceOk[qy * fine.w + qx]) q = qy * fine.w + qx;
    } else if (field.sourceOk[p]) q = p;
    field.nnf[t] = q >= 0 ? q : randomSource(field, random);
  }
}

export function recomputeCosts(level: Level, field: Field, r: number): void {
  for (let t = 0; t < field.targets.length; t++) field.cost[t] = patchDistance(level, r, field.targets[t]!, field.nnf[t]!, Infinity);
}
