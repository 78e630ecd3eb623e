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
  /** 64-bit difference hash, as two 32-bit halves. */
  hash: [number, number];
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

/** dHash: luma averaged into 9×8 cells, one bit per cell brighter than its right neighbour. */
function differenceHash(luma: Uint8Array, width: number, height: number): [number, number] {
  const cells = new Float64Array(9 * 8);
  for (let cy = 0; cy < 8; cy++) {
    const y0 = Math.floor((cy * height) / 8);
    const y1 = Math.max(y0 + 1, Math.floor(((cy + 1) * height) / 8));
    for (let cx = 0; cx < 9; cx++) {
      const x0 = Math.floor((cx * width) / 9);
      const x1 = Math.max(x0 + 1, Math.floor(((cx + 1) * width) / 9));
      let total = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) total += luma[y * width + x] ?? 0;
      cells[cy * 9 + cx] = total / ((y1 - y0) * (x1 - x0));
    }
  }
  let low = 0;
  let high = 0;
  for (let bit = 0; bit < 64; bit++) {
    const cell = Math.floor(bit / 8) * 9 + (bit % 8);
    if ((cells[cell] ?? 0) <= (cells[cell + 1] ?? 0)) continue;
    if (bit < 32) low = (low | (1 << bit)) >>> 0;
    else high = (high | (1 << (bit - 32))) >>> 0;
  }
  return [low, high];
}

/** Bits that differ between two difference hashes (0 = the same picture, ≥ 20 or so = different pictures). */
export function hashDistance(a: [number, number], b: [number, number]): number {
  return popCount((a[0] ^ b[0]) >>> 0) + popCount((a[1] ^ b[1]) >>> 0);
}

function popCount(value: number): number {
  let v = value - ((value >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
