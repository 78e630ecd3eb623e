import sharp, { type OverlayOptions } from "sharp";
import type { SubjectLayer } from "./scene.ts";

/**
 * Persona cut-outs as composite layers: a soft drop shadow, a solid outline grown from the alpha channel, then
 * the cut-out itself, fitted into its box and standing on the box's bottom edge.
 */
export interface Cutout {
  png: Buffer;
}

export async function subjectOverlays(layer: SubjectLayer, cutout: Cutout, canvas: { width: number; height: number }): Promise<OverlayOptions[]> {
  const fitted = await sharp(cutout.png, { limitInputPixels: 40_000_000 })
    .ensureAlpha()
    .trim({ threshold: 1 })
    .resize({ width: Math.max(1, layer.box.w), height: Math.max(1, layer.box.h), fit: "inside" })
    .png()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = fitted.info;
  const pad = layer.outline.width + layer.shadow.blur * 2 + Math.max(layer.shadow.dx, layer.shadow.dy);
  const w = width + 2 * pad;
  const h = height + 2 * pad;
  const alpha = await sharp(fitted.data).extractChannel("alpha").extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } }).raw().toBuffer();
  const raw = { width: w, height: h, channels: 1 as const };
  // Blur then threshold grows the silhouette by about the outline width. sharp runs one blur per pipeline (a
  // second call replaces the first), so the softening blur gets a pipeline of its own.
  const thresholded = await sharp(alpha, { raw }).blur(Math.max(0.3, layer.outline.width * 0.6)).threshold(8).extractChannel(0).raw().toBuffer();
  const grown = await sharp(thresholded, { raw }).blur(0.8).extractChannel(0).raw().toBuffer();
  const shadowMask = await sharp(grown, { raw }).blur(Math.max(0.3, layer.shadow.blur)).linear(layer.shadow.opacity, 0).extractChannel(0).raw().toBuffer();
  const outline = await solid(w, h, layer.outline.color, grown);
  const shadow = await solid(w, h, "#000000", shadowMask);

  // Bottom-centred in the box; clip to the canvas because sharp refuses overlays that stick out.
  const left = Math.round(layer.box.x + (layer.box.w - width) / 2) - pad;
  const top = Math.round(layer.box.y + layer.box.h - height) - pad + layer.outline.width;
  const place = async (input: Buffer, dx: number, dy: number): Promise<OverlayOptions | undefined> => clip(input, left + dx, top + dy, canvas);
  const layers = await Promise.all([
    place(shadow, layer.shadow.dx, layer.shadow.dy),
    place(outline, 0, 0),
    place(await sharp(fitted.data).extend({ top: pad, bottom: pad, left: pad, right: pad, background: { r: 0, g: 0, b: 0, alpha: 0 } }).png().toBuffer(), 0, 0),
  ]);
  return layers.filter((l): l is OverlayOptions => l !== undefined);
}

async function solid(width: number, height: number, hex: string, alpha: Buffer): Promise<Buffer> {
  const n = Number.parseInt(hex.slice(1), 16);
  return sharp({ create: { width, height, channels: 3, background: { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 } } })
    .joinChannel(alpha, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
}

async function clip(input: Buffer, left: number, top: number, canvas: { width: number; height: number }): Promise<OverlayOptions | undefined> {
  const meta = await sharp(input).metadata();
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(canvas.width, left + meta.width);
  const y1 = Math.min(canvas.height, top + meta.height);
  if (x1 <= x0 || y1 <= y0) return undefined;
  const cropped = await sharp(input).extract({ left: x0 - left, top: y0 - top, width: x1 - x0, height: y1 - y0 }).png().toBuffer();
  return { input: cropped, left: x0, top: y0 };
}
