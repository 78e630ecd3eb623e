/**
 * The pixel work of a subject swap after the layout is known: fill the old subject's hole, match the persona's colour
 * to the scene around it, soften its edge, lay a contact shadow and paste it. Pure and synchronous on raw RGBA (it runs
 * in the worker thread); placement is decided beforehand by `placePersona`, so the caller can resize with sharp.
 */
import { labStats, matchColours } from "./colour-match.ts";
import { inpaint, type RawImage } from "./inpaint.ts";
import { dilateSquare, holeFromAlpha } from "./masks.ts";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the persona goes, and whether it stands (feet on the box's floor) or is a bust cut by the frame's bottom. */
export interface Placement extends Box {
  bust: boolean;
}

export interface SwapJob {
  base: RawImage;
  /** The old subject's 8-bit alpha, base size. */
  subjectMask: Uint8Array;
  /** The persona already resized to the placement's size. */
  persona: RawImage;
  placement: Placement;
  seed: number;
}

/** How far the hole grows past the subject's mask: halos and soft edges of the old subject go with it. */
const HOLE_DILATION_PX = 4;
/** Width of the background ring the scene colours are read from. */
const RING_PX = 24;
const COLOUR_STRENGTH = 0.35;
/** Within this many px of the frame's bottom, a subject is cut by the frame: a bust. */
const BOTTOM_TOUCH_PX = 2;

/**
 * The persona at the old subject's place and scale: as large as fits the subject's box, centred on it, feet on the
 * box's floor, or, when the subject runs off the bottom of the frame, shoulders on the frame's bottom edge.
 */
export function placePersona(subjectBox: Box, persona: { width: number; height: number }, image: { width: number; height: number }): Placement {
  const scale = Math.min(subjectBox.width / persona.width, subjectBox.height / persona.height);
  const width = Math.max(1, Math.min(subjectBox.width, Math.round(persona.width * scale)));
  const height = Math.max(1, Math.min(subjectBox.height, Math.round(persona.height * scale)));
  const bust = subjectBox.y + subjectBox.height >= image.height - BOTTOM_TOUCH_PX;
  const floor = bust ? image.height : subjectBox.y + subjectBox.height;
  return { x: Math.round(subjectBox.x + (subjectBox.width - width) / 2), y: floor - height, width, height, bust };
}

/** One box-blur pass along rows (step 1) or columns (step w) with a running sum, edges clamped. */
function boxPass(src: Float32Array, dst: Float32Array, lines: number, length: number, lineStep: number, step: number, r: number): void {
  const norm = 1 / (2 * r + 1);
  const last = length - 1;
  for (let line = 0; line < lines; line++) {
    const base = line * lineStep;
    let sum = (r + 1) * src[base]!;
    for (let i = 1; i <= r; i++) sum += src[base + Math.min(i, last) * step]!;
    for (let i = 0; i < length; i++) {
      dst[base + i * step] = sum * norm;
      const add = i + r + 1 < length ? i + r + 1 : last;
      const drop = i - r > 0 ? i - r : 0;
      sum += src[base + add * step]! - src[base + drop * step]!;
    }
  }
}

/** The bounding box of the pixels whose alpha exceeds `threshold`, or undefined when there are none. */
export function alphaBounds(alpha: Uint8Array, w: number, h: number, threshold = 8): Box | undefined {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      if (alpha[row + x]! <= threshold) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  return x1 < 0 ? undefined : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** Box blur of one channel, `passes` times (three passes are close to a Gaussian), radius r, edges clamped. */
export function blurChannel(values: Float32Array, w: number, h: number, r: number, passes: number): Float32Array {
  let src = values;
  const tmp = new Float32Array(w * h);
  for (let pass = 0; pass < passes; pass++) {
    const dst = new Float32Array(w * h);
    boxPass(src, tmp, h, w, w, 1, r);
    boxPass(tmp, dst, w, h, 1, w, r);
    src = dst;
  }
  return src;
}

/** Softens the cut-out's edge over ~1–2 px, inwards only, so no fringe of its old background spills onto the scene. */
export function featherAlpha(persona: RawImage): void {
  const { width: w, height: h, data } = persona;
  const alpha = new Float32Array(w * h);
  for (let p = 0; p < w * h; p++) alpha[p] = data[p * 4 + 3]!;
  const soft = blurChannel(alpha, w, h, 1, 2);
  for (let p = 0; p < w * h; p++) data[p * 4 + 3] = Math.round(Math.min(alpha[p]!, soft[p]!));
}

/** Darkens `base` toward black by `shadow` (0–1 per pixel of a w×h field placed at ox, oy). */
function darken(base: RawImage, shadow: Float32Array, w: number, h: number, ox: number, oy: number): void {
  for (let y = 0; y < h; y++) {
    const by = oy + y;
    if (by < 0 || by >= base.height) continue;
    for (let x = 0; x < w; x++) {
      const bx = ox + x;
      const s = shadow[y * w + x]!;
      if (bx < 0 || bx >= base.width || s <= 0) continue;
      const i = (by * base.width + bx) * 4;
      for (let c = 0; c < 3; c++) base.data[i + c] = Math.round(base.data[i + c]! * (1 - s));
    }
  }
}

/** A standing persona gets a flattened soft ellipse under its feet, as wide as its footing and a bit more. */
function footShadow(base: RawImage, persona: RawImage, place: Placement): void {
  const { width: w, height: h, data } = persona;
  let left = w;
  let right = -1;
  for (let y = Math.floor(h * 0.95); y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (data[(y * w + x) * 4 + 3]! < 128) continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  if (right < 0) {
    left = 0;
    right = w - 1;
  }
  const rx = Math.max(4, ((right - left + 1) / 2) * 1.3, w * 0.2);
  const ry = Math.max(3, rx * 0.2);
  const cx = place.x + (left + right) / 2;
  // Centred on the soles, so about half of it shows in front of the feet, as on a floor seen slightly from above.
  const cy = place.y + h - 1;
  const fw = Math.ceil(2 * rx) + 1;
  const fh = Math.ceil(2 * ry) + 1;
  const ox = Math.floor(cx - rx);
  const oy = Math.floor(cy - ry);
  const shadow = new Float32Array(fw * fh);
  for (let y = 0; y < fh; y++) {
    for (let x = 0; x < fw; x++) {
      const d = ((ox + x - cx) / rx) ** 2 + ((oy + y - cy) / ry) ** 2;
      shadow[y * fw + x] = d < 1 ? 0.5 * (1 - d) ** 1.5 : 0;
    }
  }
  darken(base, shadow, fw, fh, ox, oy);
}

/** A bust gets a soft copy of its silhouette behind it, nudged down and to the side like a key light would cast it. */
function bustShadow(base: RawImage, persona: RawImage, place: Placement): void {
  const { width: w, height: h, data } = persona;
  const r = Math.max(3, Math.round(Math.min(w, h) * 0.025));
  const pad = 3 * r;
  const fw = w + 2 * pad;
  const fh = h + 2 * pad;
  const field = new Float32Array(fw * fh);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) field[(y + pad) * fw + x + pad] = data[(y * w + x) * 4 + 3]! / 255;
  const soft = blurChannel(field, fw, fh, r, 3);
  for (let i = 0; i < soft.length; i++) soft[i] = soft[i]! * 0.35;
  const offset = Math.max(2, Math.round(w * 0.02));
  darken(base, soft, fw, fh, place.x - pad + offset, place.y - pad + offset);
}

/** Straight-alpha "over" of the persona onto `base` at the placement. */
function pasteOver(base: RawImage, persona: RawImage, place: Placement): void {
  for (let y = 0; y < persona.height; y++) {
    const by = place.y + y;
    if (by < 0 || by >= base.height) continue;
    for (let x = 0; x < persona.width; x++) {
      const bx = place.x + x;
      if (bx < 0 || bx >= base.width) continue;
      const s = (y * persona.width + x) * 4;
      const a = persona.data[s + 3]! / 255;
      if (a === 0) continue;
      const d = (by * base.width + bx) * 4;
      for (let c = 0; c < 3; c++) base.data[d + c] = Math.round(persona.data[s + c]! * a + base.data[d + c]! * (1 - a));
    }
  }
}

/** The whole swap on raw pixels; returns the base-sized RGBA result (the inputs' buffers are reused). */
export function composeSwap(job: SwapJob): { image: RawImage; filled: RawImage } {
  const { base, subjectMask, persona, placement } = job;
  if (subjectMask.length !== base.width * base.height) throw new RangeError("the subject mask is not the base image's size");
  if (persona.data.length !== persona.width * persona.height * 4) throw new RangeError("the persona bytes do not match its size");
  const hole = holeFromAlpha(subjectMask, base.width, base.height, HOLE_DILATION_PX);
  const filled: RawImage = { data: inpaint(base, hole, { seed: job.seed }), width: base.width, height: base.height };
  const near = dilateSquare(hole, base.width, base.height, RING_PX);
  const scene = labStats(filled, (p) => near[p] === 1 && hole[p] === 0);
  if (scene) matchColours(persona, scene, COLOUR_STRENGTH);
  featherAlpha(persona);
  const image: RawImage = { data: new Uint8Array(filled.data), width: base.width, height: base.height };
  if (placement.bust) bustShadow(image, persona, placement);
  else footShadow(image, persona, placement);
  pasteOver(image, persona, placement);
  return { image, filled };
}
