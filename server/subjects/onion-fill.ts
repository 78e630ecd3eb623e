import { distanceInside } from "./masks.ts";
import { type Field, type Level, randomSource } from "./patch-match.ts";

/** Like `patchDistance`, over only the pixels of p's patch that `known` marks (the rest are not guessed yet). */
function maskedDistance(level: Level, known: Uint8Array, r: number, p: number, q: number, limit: number): number {
  const { w, h, rgb } = level;
  const px = p % w;
  const py = (p - px) / w;
  let sum = 0;
  for (let dy = Math.max(-r, -py); dy <= Math.min(r, h - 1 - py); dy++) {
    for (let dx = Math.max(-r, -px); dx <= Math.min(r, w - 1 - px); dx++) {
      const a = p + dy * w + dx;
      if (!known[a]) continue;
      const b = (q + dy * w + dx) * 3;
      const d0 = rgb[a * 3]! - rgb[b]!;
      const d1 = rgb[a * 3 + 1]! - rgb[b + 1]!;
      const d2 = rgb[a * 3 + 2]! - rgb[b + 2]!;
      sum += d0 * d0 + d1 * d1 + d2 * d2;
    }
    if (sum > limit) return sum;
  }
  return sum;
}

const ONION_RANDOM_CANDIDATES = 160;

/**
 * The coarsest level's first guess: peel the hole from its rim inwards (nearest the rim first), giving each pixel the
 * centre of the source patch that best matches what is already known or guessed around it (Criminisi et al. 2004,
 * without the priority term). Lines and edges that reach the hole carry on into it, which a smooth guess would lose
 * and the EM iterations could not find again. Returns each hole pixel's source, -1 elsewhere.
 */
export function onionFill(level: Level, field: Field, r: number, random: () => number): Int32Array {
  const { w, h, rgb, hole } = level;
  const depth = distanceInside(hole, w, h);
  const order = Array.from({ length: w * h }, (_, i) => i).filter((i) => hole[i] === 1);
  order.sort((a, b) => depth[a]! - depth[b]! || a - b);
  const known = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) known[i] = hole[i] ? 0 : 1;
  const match = new Int32Array(w * h).fill(-1);
  for (const p of order) {
    let best = -1;
    let bestCost = Infinity;
    const consider = (q: number) => {
      if (q < 0 || q >= w * h || !field.sourceOk[q] || q === best) return;
      const c = maskedDistance(level, known, r, p, q, bestCost);
      if (c < bestCost) {
        bestCost = c;
        best = q;
      }
    };
    // Coherence: the neighbours' sources, shifted by the step to p.
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const n = p + dy * w + dx;
        if (n >= 0 && n < w * h && match[n]! >= 0) consider(match[n]! - dy * w - dx);
      }
    }
    for (let k = 0; k < ONION_RANDOM_CANDIDATES; k++) consider(randomSource(field, random));
    for (let radius = Math.max(w, h) >> 2; radius >= 1; radius >>= 1) {
      const bx = best % w;
      const by = (best - bx) / w;
      const qx = bx + Math.round((random() * 2 - 1) * radius);
      const qy = by + Math.round((random() * 2 - 1) * radius);
      if (qx >= 0 && qy >= 0 && qx < w && qy < h) consider(qy * w + qx);
    }
    if (best < 0) best = randomSource(field, random);
    match[p] = best;
    rgb[p * 3] = rgb[best * 3]!;
    rgb[p * 3 + 1] = rgb[best * 3 + 1]!;
    rgb[p * 3 + 2] = rgb[best * 3 + 2]!;
    known[p] = 1;
  }
  return match;
}
