/** What the finder keeps of one sampled frame: numbers only, never its pixels. */
export interface FrameStats {
  index: number;
  timeMs: number;
  /** Variance of the Laplacian on luma: high for crisp edges, near zero for a blurred or flat picture. */
  laplacianVariance: number;
  /** Mean luma, 0–1. */
  meanLuma: number;
  /** Share of pixels crushed to black or blown to white. */
  clippedShare: number;
  /** Almost all pixels dark (a fade, a black frame) or almost all bright (a flash, a white card). */
  blank: boolean;
  /** Difference hash (HASH_BITS bits): near-duplicates differ in few bits. */
  hash: Uint32Array;
  /** Half the L1 distance between this colour histogram and the previous sample's: 0 same, 1 nothing shared. */
  histogramChange: number;
}

const HIST_BINS = 4;

/** Reads one RGB24 frame: luma, its Laplacian, exposure, a difference hash and a coarse colour histogram. */
export function measureFrame(
  rgb: Uint8Array,
  width: number,
  height: number,
  at: { index: number; timeMs: number },
  previousHistogram: Float64Array | undefined,
): { stats: FrameStats; histogram: Float64Array } {
  const pixels = width * height;
  const luma = new Uint8Array(pixels);
  const histogram = new Float64Array(HIST_BINS ** 3);
  let sum = 0;
  let dark = 0;
  let bright = 0;
  for (let p = 0, i = 0; p < pixels; p++, i += 3) {
    const r = rgb[i] ?? 0;
    const g = rgb[i + 1] ?? 0;
    const b = rgb[i + 2] ?? 0;
    const y = (77 * r + 150 * g + 29 * b) >> 8;
    luma[p] = y;
    sum += y;
    if (y <= 16) dark++;
    else if (y >= 240) bright++;
    const bin = ((r >> 6) * HIST_BINS + (g >> 6)) * HIST_BINS + (b >> 6);
    histogram[bin] = (histogram[bin] ?? 0) + 1;
  }
  for (let k = 0; k < histogram.length; k++) histogram[k] = (histogram[k] ?? 0) / pixels;
  let change = 0;
  if (previousHistogram) {
    for (let k = 0; k < histogram.length; k++) change += Math.abs((histogram[k] ?? 0) - (previousHistogram[k] ?? 0));
    change /= 2;
  }
  return {
    histogram,
    stats: {
      ...at,
      laplacianVariance: laplacianVariance(luma, width, height),
      meanLuma: sum / pixels / 255,
      clippedShare: (dark + bright) / pixels,
      blank: dark / pixels > 0.92 || bright / pixels > 0.92,
      hash: differenceHash(luma, width, height),
      histogramChange: change,
    },
  };
}

/** The 4-neighbour Laplacian's variance over the inner pixels. */
function laplacianVariance(luma: Uint8Array, width: number, height: number): number {
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let y = 1; y < height - 1; y++) {
    const row = y * width;
    for (let x = 1; x < width - 1; x++) {
      const p = row + x;
      const value = (luma[p - 1] ?? 0) + (luma[p + 1] ?? 0) + (luma[p - width] ?? 0) + (luma[p + width] ?? 0) - 4 * (luma[p] ?? 0);
      sum += value;
      squares += value * value;
      count++;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  return squares / count - mean * mean;
}

/** Cells a side of the difference hash: 16 × 16 bits tell apart a pose or a gesture that 8 × 8 would merge. */
const HASH_SIDE = 16;
export const HASH_BITS = HASH_SIDE * HASH_SIDE;

/** dHash: luma averaged into (side + 1) × side cells, one bit per cell brighter than its right neighbour. */
function differenceHash(luma: Uint8Array, width: number, height: number): Uint32Array {
  const across = HASH_SIDE + 1;
  const cells = new Float64Array(across * HASH_SIDE);
  for (let cy = 0; cy < HASH_SIDE; cy++) {
    const y0 = Math.floor((cy * height) / HASH_SIDE);
    const y1 = Math.max(y0 + 1, Math.floor(((cy + 1) * height) / HASH_SIDE));
    for (let cx = 0; cx < across; cx++) {
      const x0 = Math.floor((cx * width) / across);
      const x1 = Math.max(x0 + 1, Math.floor(((cx + 1) * width) / across));
      let total = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) total += luma[y * width + x] ?? 0;
      cells[cy * across + cx] = total / ((y1 - y0) * (x1 - x0));
    }
  }
  const hash = new Uint32Array(HASH_BITS / 32);
  for (let bit = 0; bit < HASH_BITS; bit++) {
    const cell = Math.floor(bit / HASH_SIDE) * across + (bit % HASH_SIDE);
    if ((cells[cell] ?? 0) > (cells[cell + 1] ?? 0)) hash[bit >> 5] = ((hash[bit >> 5] ?? 0) | (1 << (bit & 31))) >>> 0;
  }
  return hash;
}

/** Bits that differ between two difference hashes (0 = the same picture). */
export function hashDistance(a: Uint32Array, b: Uint32Array): number {
  let bits = 0;
  for (let i = 0; i < a.length; i++) bits += popCount(((a[i] ?? 0) ^ (b[i] ?? 0)) >>> 0);
  return bits;
}

function popCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
