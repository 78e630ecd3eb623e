/**
 * Hides the tone seam a patch fill can leave on smooth backgrounds (a wall, a sky): patches copied from a lighter or
 * warmer part of the gradient match in texture but not in level. The mismatch is measured on the known ring around
 * the hole (what the fill's patches would paint there, against what is there) and carried smoothly into the hole by
 * membrane interpolation (push-pull, Gortler et al. 1996), a cheap stand-in for Poisson blending.
 */

/** Larger mismatches are texture, not tone: they are clamped so one odd patch cannot tint the fill. */
const MAX_OFFSET = 40;

/**
 * Fills every pixel whose weight is below 1 from its surroundings, smoothly: pull (average into ever coarser grids
 * until everything is covered), then push (blend each level with the bilinear upsampling of the one below).
 * `values` has 3 channels; `weight` is 0–1 per pixel. Both are changed in place.
 */
export function pushPull(values: Float32Array, weight: Float32Array, w: number, h: number): void {
  if (w <= 1 && h <= 1) return;
  const cw = Math.ceil(w / 2);
  const ch = Math.ceil(h / 2);
  const coarse = new Float32Array(cw * ch * 3);
  const coarseWeight = new Float32Array(cw * ch);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const wt = weight[i]!;
      if (wt <= 0) continue;
      const c = (y >> 1) * cw + (x >> 1);
      coarseWeight[c] = coarseWeight[c]! + wt;
      for (let k = 0; k < 3; k++) coarse[c * 3 + k] = coarse[c * 3 + k]! + wt * values[i * 3 + k]!;
    }
  }
  for (let c = 0; c < cw * ch; c++) {
    const wt = coarseWeight[c]!;
    if (wt <= 0) continue;
    for (let k = 0; k < 3; k++) coarse[c * 3 + k] = coarse[c * 3 + k]! / wt;
    coarseWeight[c] = Math.min(1, wt);
  }
  pushPull(coarse, coarseWeight, cw, ch);
  for (let y = 0; y < h; y++) {
    const v = Math.max(0, Math.min(ch - 1, (y + 0.5) / 2 - 0.5));
    const y0 = Math.floor(v);
    const y1 = Math.min(ch - 1, y0 + 1);
    const fy = v - y0;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const wt = weight[i]!;
      if (wt >= 1) continue;
      const u = Math.max(0, Math.min(cw - 1, (x + 0.5) / 2 - 0.5));
      const x0 = Math.floor(u);
      const x1 = Math.min(cw - 1, x0 + 1);
      const fx = u - x0;
      for (let k = 0; k < 3; k++) {
        const top = coarse[(y0 * cw + x0) * 3 + k]! * (1 - fx) + coarse[(y0 * cw + x1) * 3 + k]! * fx;
        const bottom = coarse[(y1 * cw + x0) * 3 + k]! * (1 - fx) + coarse[(y1 * cw + x1) * 3 + k]! * fx;
        const up = top * (1 - fy) + bottom * fy;
        values[i * 3 + k] = wt * values[i * 3 + k]! + (1 - wt) * up;
      }
      weight[i] = 1;
    }
  }
}

/**
 * Shifts the hole's pixels of `rgb` (float RGB, in place) by the ring's mismatch (`rgb` − `painted` on `ring` pixels),
 * interpolated smoothly across the hole. Works on the bounding box of the ring only.
 */
export function blendSeams(rgb: Float32Array, w: number, h: number, hole: Uint8Array, ring: Uint8Array, painted: Float32Array): void {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let i = 0; i < w * h; i++) {
    if (!ring[i]) continue;
    const x = i % w;
    const y = (i - x) / w;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  if (x1 < 0) return;
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const offsets = new Float32Array(bw * bh * 3);
  const weight = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const i = (y + y0) * w + x + x0;
      if (!ring[i]) continue;
      const o = y * bw + x;
      weight[o] = 1;
      for (let k = 0; k < 3; k++) offsets[o * 3 + k] = Math.max(-MAX_OFFSET, Math.min(MAX_OFFSET, rgb[i * 3 + k]! - painted[i * 3 + k]!));
    }
  }
  pushPull(offsets, weight, bw, bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const i = (y + y0) * w + x + x0;
      if (!hole[i]) continue;
      const o = (y * bw + x) * 3;
      for (let k = 0; k < 3; k++) rgb[i * 3 + k] = Math.max(0, Math.min(255, rgb[i * 3 + k]! + offsets[o + k]!));
    }
  }
}
