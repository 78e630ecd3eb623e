// How far one subject mask is from another (bench/subjects-quality.bench.ts): the IoU of their subjects (pixels at
// least half opaque) and the mean distance, in pixels, between their outlines.

/** Intersection over union of the pixels ≥ 128 in each mask. */
export function maskIoU(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    const inA = (a[i] as number) >= 128;
    const inB = (b[i] as number) >= 128;
    if (inA && inB) both++;
    if (inA || inB) either++;
  }
  return either === 0 ? 1 : both / either;
}

/** Subject pixels with a 4-neighbour outside the subject (or on the image's border). */
function outline(mask: Uint8Array, width: number, height: number): Uint8Array {
  const edge = new Uint8Array(width * height);
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height && (mask[y * width + x] as number) >= 128;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (inside(x, y) && !(inside(x - 1, y) && inside(x + 1, y) && inside(x, y - 1) && inside(x, y + 1))) edge[y * width + x] = 1;
    }
  }
  return edge;
}

/** Squared distance to the nearest set pixel, exact (Felzenszwalb and Huttenlocher's two passes of 1-D envelopes). */
function squaredDistance(set: Uint8Array, width: number, height: number): Float64Array {
  const INF = 1e20;
  const d = new Float64Array(width * height);
  for (let i = 0; i < d.length; i++) d[i] = set[i] ? 0 : INF;
  const n = Math.max(width, height);
  const f = new Float64Array(n);
  const out = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  const pass = (length: number, read: (i: number) => number, write: (i: number, value: number) => void) => {
    for (let i = 0; i < length; i++) f[i] = read(i);
    let k = 0;
    v[0] = 0;
    z[0] = -INF;
    z[1] = INF;
    for (let q = 1; q < length; q++) {
      let s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      while (s <= z[k]!) {
        k--;
        s = (f[q]! + q * q - (f[v[k]!]! + v[k]! * v[k]!)) / (2 * q - 2 * v[k]!);
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = INF;
    }
    k = 0;
    for (let q = 0; q < length; q++) {
      while (z[k + 1]! < q) k++;
      out[q] = (q - v[k]!) ** 2 + f[v[k]!]!;
    }
    for (let i = 0; i < length; i++) write(i, out[i]!);
  };
  for (let x = 0; x < width; x++) pass(height, (y) => d[y * width + x]!, (y, value) => (d[y * width + x] = value));
  for (let y = 0; y < height; y++) pass(width, (x) => d[y * width + x]!, (x, value) => (d[y * width + x] = value));
  return d;
}

/** Mean distance from each outline pixel of one mask to the other mask's outline, both ways (pixels). */
export function meanEdgeError(a: Uint8Array, b: Uint8Array, width: number, height: number): number {
  const edgeA = outline(a, width, height);
  const edgeB = outline(b, width, height);
  const toA = squaredDistance(edgeA, width, height);
  const toB = squaredDistance(edgeB, width, height);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < edgeA.length; i++) {
    if (edgeA[i]) {
      sum += Math.sqrt(toB[i]!);
      count++;
    }
    if (edgeB[i]) {
      sum += Math.sqrt(toA[i]!);
      count++;
    }
  }
  return count === 0 ? 0 : sum / count;
}
