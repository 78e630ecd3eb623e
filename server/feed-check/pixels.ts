import sharp from "sharp";
import type { Rect } from "./feed-slot.ts";

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const LINEAR = Float64Array.from({ length: 256 }, (_, c) => linear(c));

/** WCAG relative luminance of an sRGB colour. */
export function luminance(r: number, g: number, b: number): number {
  return 0.2126 * LINEAR[Math.round(r)]! + 0.7152 * LINEAR[Math.round(g)]! + 0.0722 * LINEAR[Math.round(b)]!;
}

export const contrastOf = (a: number, b: number): number => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The WCAG contrast of the text in a rectangle of an RGB image against what is behind it: the 10th and 90th
 * percentile luminance of its pixels, the letters' side and the backdrop's. The rectangle is the text's own box, so
 * both are in it; percentiles rather than extremes, so a few pixels of outline or noise do not decide.
 */
export function boxContrast(rgb: Buffer, width: number, height: number, box: Rect): number | null {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.w));
  const y1 = Math.min(height, Math.ceil(box.y + box.h));
  const values: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * width + x) * 3;
      values.push(luminance(rgb[i]!, rgb[i + 1]!, rgb[i + 2]!));
    }
  }
  if (values.length < 4) return null;
  values.sort((a, b) => a - b);
  return contrastOf(values[Math.floor(values.length * 0.1)]!, values[Math.floor(values.length * 0.9)]!);
}

/** The mean colour of a rectangle of an RGB image. */
export function meanColour(rgb: Buffer, width: number, height: number, box: Rect): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(height, Math.ceil(box.y + box.h)); y++) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(width, Math.ceil(box.x + box.w)); x++) {
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) sum[c]! += rgb[i + c]!;
      n++;
    }
  }
  return n === 0 ? [0, 0, 0] : [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

/** The share of `box` that lies inside `area`. */
export function overlapShare(box: Rect, area: Rect): number {
  const w = Math.min(box.x + box.w, area.x + area.w) - Math.max(box.x, area.x);
  const h = Math.min(box.y + box.h, area.y + area.h) - Math.max(box.y, area.y);
  if (w <= 0 || h <= 0 || box.w <= 0 || box.h <= 0) return 0;
  return (w * h) / (box.w * box.h);
}

/** An image's look at a glance: 32×18 greyscale, what two thumbnails side by side are told apart by in a feed. */
export async function glance(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().greyscale().resize(32, 18, { fit: "fill", kernel: "cubic" }).raw().toBuffer();
}

/** Mean absolute difference of two glances, 0 (the same) to 1. */
export function glanceDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - (b[i] ?? 0));
  return sum / (a.length * 255);
}

/** A darker version of a colour for a backdrop the headline must stand out from, as #rrggbb. */
export function darker([r, g, b]: [number, number, number], factor = 0.35): string {
  const hex = (c: number) => Math.round(c * factor).toString(16).padStart(2, "0");
  return `#${hex(r)}${hex(g)}${hex(b)}`;
}
