import sharp, { type OverlayOptions } from "sharp";
import { colourMask } from "./color.ts";
import type { SubjectLayer } from "./scene.ts";
import { MAX_IMAGE_PIXELS } from "../../contract/images.ts";

/**
 * Persona cut-outs as composite layers: a soft drop shadow, a solid outline grown from the alpha channel, then
 * the cut-out itself, fitted into its box and standing on the box's bottom edge. Layers stay raw (no PNG round
 * trips) because this stage is most of a render's time.
 */
export interface Cutout {
  png: Buffer;
}

/** Everything about a layer that changes its pixels (not its position): the key for reusing a prepared subject. */
export function subjectKey(layer: SubjectLayer): string {
  return JSON.stringify([layer.box.w, layer.box.h, layer.outline, layer.shadow]);
}

interface RawLayer {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The fitted cut-out and its outline and shadow, coloured (RGBA), before they are placed on a canvas. The colours are
 * part of the cache key (subjectKey), so they are filled in once here rather than on every render.
 */
export interface PreparedSubject {
  padded: Buffer;
  outline: Buffer;
  shadow: Buffer;
  /** Padded size, and the cut-out's own size inside it. */
  w: number;
  h: number;
  width: number;
  height: number;
  pad: number;
}

export async function prepareSubject(layer: SubjectLayer, cutout: Cutout): Promise<PreparedSubject> {
  const decoded = await sharp(cutout.png, { limitInputPixels: MAX_IMAGE_PIXELS }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const source = { width: decoded.info.width, height: decoded.info.height, channels: 4 as const };
  const pad = layer.outline.width + layer.shadow.blur * 2 + Math.max(layer.shadow.dx, layer.shadow.dy);
  const fitted = await sharp(decoded.data, { raw: source })
    .extract(opaqueBounds(decoded.data, source.width, source.height))
    .resize({ width: Math.max(1, layer.box.w), height: Math.max(1, layer.box.h), fit: "inside" })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const padded = fitted.data;
  const w = fitted.info.width;
  const h = fitted.info.height;
  const width = w - 2 * pad;
  const height = h - 2 * pad;
  const alpha = channel(padded, 3);
  const mask = { width: w, height: h, channels: 1 as const };
  // Blur then threshold grows the silhouette by about the outline width. sharp applies its operations in a fixed
  // order (threshold before blur, one blur per pipeline), so each step runs on its own; the threshold is done here.
  // The growing is done at half size, where it costs a quarter.
  const half = { width: Math.max(1, Math.round(w / 2)), height: Math.max(1, Math.round(h / 2)), channels: 1 as const };
  const blurred = await sharp(alpha, { raw: mask }).resize(half.width, half.height).blur(Math.max(0.3, layer.outline.width * 0.3)).extractChannel(0).raw().toBuffer();
  // A steep ramp rather than a hard threshold keeps the edge anti-aliased once the mask is scaled back up.
  for (let i = 0; i < blurred.length; i++) blurred[i] = Math.min(255, Math.max(0, ((blurred[i] ?? 0) - 3) * 20));
  const grown = await sharp(blurred, { raw: half }).resize(w, h, { kernel: "linear" }).extractChannel(0).raw().toBuffer();
  // The shadow is soft, so it is blurred at a quarter of the size and scaled back: same look, a tenth of the work.
  const small = { width: Math.max(1, Math.round(w / 4)), height: Math.max(1, Math.round(h / 4)) };
  const smallShadow = await sharp(blurred, { raw: half }).resize(small.width, small.height).blur(Math.max(0.3, layer.shadow.blur / 4)).extractChannel(0).raw().toBuffer();
  const shadowMask = await sharp(smallShadow, { raw: { ...small, channels: 1 } }).resize(w, h, { kernel: "linear" }).extractChannel(0).raw().toBuffer();
  return { padded, outline: colourMask(layer.outline.color, grown, 1), shadow: colourMask("#000000", shadowMask, layer.shadow.opacity), w, h, width, height, pad };
}

/** Places a prepared subject: bottom-centred in its box, shadow, outline and cut-out back to front. */
export function placeSubject(layer: SubjectLayer, prepared: PreparedSubject, canvas: { width: number; height: number }): OverlayOptions[] {
  const { padded, outline, shadow, w, h, width, height, pad } = prepared;
  const left = Math.round(layer.box.x + (layer.box.w - width) / 2) - pad;
  const top = Math.round(layer.box.y + layer.box.h - height) - pad + layer.outline.width;
  const layers = [
    clip({ data: shadow, width: w, height: h }, left + layer.shadow.dx, top + layer.shadow.dy, canvas),
    clip({ data: outline, width: w, height: h }, left, top, canvas),
    clip({ data: padded, width: w, height: h }, left, top, canvas),
  ];
  return layers.filter((l): l is OverlayOptions => l !== undefined);
}

/** The box around the visible pixels, so transparent margins do not shrink the subject (sharp's trim is 4× slower). */
function opaqueBounds(rgba: Buffer, width: number, height: number): { left: number; top: number; width: number; height: number } {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width * 4;
    for (let x = 0; x < width; x++) {
      if ((rgba[row + x * 4 + 3] ?? 0) > 8) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        y1 = y;
      }
    }
  }
  if (x1 < 0) return { left: 0, top: 0, width, height };
  return { left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

function channel(rgba: Buffer, index: number): Buffer {
  const out = Buffer.alloc(rgba.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = rgba[i * 4 + index] ?? 0;
  return out;
}

/** sharp refuses overlays that stick out of the canvas, so the part outside is cut off here. */
export function clip(image: RawLayer, left: number, top: number, canvas: { width: number; height: number }): OverlayOptions | undefined {
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(canvas.width, left + image.width);
  const y1 = Math.min(canvas.height, top + image.height);
  if (x1 <= x0 || y1 <= y0) return undefined;
  const cw = x1 - x0;
  const out = Buffer.alloc(cw * (y1 - y0) * 4);
  for (let y = y0; y < y1; y++) {
    const from = ((y - top) * image.width + (x0 - left)) * 4;
    image.data.copy(out, (y - y0) * cw * 4, from, from + cw * 4);
  }
  return { input: out, raw: { width: cw, height: y1 - y0, channels: 4 }, left: x0, top: y0 };
}
