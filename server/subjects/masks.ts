/** Masks on raw pixel grids: the hole from a subject's alpha, distances and dilations, and a seeded generator. */

/** mulberry32: a small seeded generator, so fills are reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Approximate Euclidean distance (in px) from every pixel to the nearest pixel where `inside` is 0, by the two-pass
 * 3-4 chamfer transform on integers; pixels outside get 0, and with no outside pixel at all everything stays far.
 */
export function distanceInside(inside: Uint8Array, w: number, h: number): Float32Array {
  const far = 1 << 29;
  const d = new Int32Array(w * h);
  for (let i = 0; i < w * h; i++) d[i] = inside[i] ? far : 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      let v = d[i]!;
      if (v === 0) continue;
      if (x > 0 && d[i - 1]! + 3 < v) v = d[i - 1]! + 3;
      if (y > 0) {
        if (d[i - w]! + 3 < v) v = d[i - w]! + 3;
        if (x > 0 && d[i - w - 1]! + 4 < v) v = d[i - w - 1]! + 4;
        if (x < w - 1 && d[i - w + 1]! + 4 < v) v = d[i - w + 1]! + 4;
      }
      d[i] = v;
    }
  }
  const out = new Float32Array(w * h);
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      let v = d[i]!;
      if (v !== 0) {
        if (x < w - 1 && d[i + 1]! + 3 < v) v = d[i + 1]! + 3;
        if (y < h - 1) {
          if (d[i + w]! + 3 < v) v = d[i + w]! + 3;
          if (x < w - 1 && d[i + w + 1]! + 4 < v) v = d[i + w + 1]! + 4;
          if (x > 0 && d[i + w - 1]! + 4 < v) v = d[i + w - 1]! + 4;
        }
        d[i] = v;
      }
      out[i] = v / 3;
    }
  }
  return out;
}

/**
 * The hole to fill from a subject's 8-bit alpha mask: every pixel the subject touches at all, grown by `dilate` px so
 * no outline or fringe of the old subject survives around the fill.
 */
export function holeFromAlpha(alpha: Uint8Array, w: number, h: number, dilate: number, threshold = 8): Uint8Array {
  const outside = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) outside[i] = alpha[i]! > threshold ? 0 : 1;
  const distance = distanceInside(outside, w, h);
  const hole = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) hole[i] = distance[i]! <= dilate ? 1 : 0;
  return hole;
}

/** Chebyshev dilation by r: 1 wherever a set pixel lies within r in both axes. Two separable passes over running counts. */
export function dilateSquare(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let count = 0;
    for (let x = 0; x < Math.min(r, w); x++) count += mask[row + x]!;
    for (let x = 0; x < w; x++) {
      if (x + r < w) count += mask[row + x + r]!;
      if (x - r - 1 >= 0) count -= mask[row + x - r - 1]!;
      rows[row + x] = count > 0 ? 1 : 0;
    }
  }
  // The vertical pass keeps one running count per column and walks rows, so memory is read in order.
  const counts = new Int32Array(w);
  for (let y = 0; y < Math.min(r, h); y++) for (let x = 0; x < w; x++) counts[x]! += rows[y * w + x]!;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const add = y + r < h ? (y + r) * w : -1;
    const sub = y - r - 1 >= 0 ? (y - r - 1) * w : -1;
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let c = counts[x]!;
      if (add >= 0) c += rows[add + x]!;
      if (sub >= 0) c -= rows[sub + x]!;
      counts[x] = c;
      out[row + x] = c > 0 ? 1 : 0;
    }
  }
  return out;
}

export function countOnes(mask: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) n += mask[i]!;
  return n;
}
