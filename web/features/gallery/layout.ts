import type { ImageRecord } from "../../../contract/images.ts";
import { imageAspects } from "../../../contract/images.ts";
import { type DateGroup, dateGroupOf } from "./date-groups.ts";

/** One line of the virtualised grid: a date heading, or a row of tiles whose widths follow each image's shape. */
export type GridLine =
  | { type: "heading"; key: string; group: DateGroup; height: number }
  | { type: "row"; key: string; height: number; tiles: { image: ImageRecord; width: number }[] };

export interface GridMetrics {
  width: number;
  /** How tall a row is before it is stretched to fill the width. */
  rowHeight: number;
  gap: number;
  headingHeight: number;
}

/**
 * Width over height: a picture's own. A pending or failed image has none to show, only words (progress, a reason and
 * its refund), so it takes the shape it was asked for but never narrower than a square, where those words fit.
 */
export function ratioOf(image: ImageRecord): number {
  if (image.status === "ready" && image.width && image.height) return image.width / image.height;
  const size = image.aspect ? imageAspects[image.aspect] : imageAspects["16:9"];
  return Math.max(1, size.width / size.height);
}

// A row is never stretched past this (a lone portrait next to nothing would otherwise fill the screen).
const MAX_STRETCH = 1.6;

/**
 * Justified rows, like a photo library: tiles keep their own shape (no letterboxing) and each full row is scaled to
 * the exact width; the last row of a date group keeps the plain height. Headings start a group.
 */
export function layoutGrid(images: readonly ImageRecord[], now: Date, m: GridMetrics): GridLine[] {
  const lines: GridLine[] = [];
  if (m.width <= 0) return lines;
  let pending: ImageRecord[] = [];
  let groupKey: string | null = null;

  const flush = (full: boolean) => {
    if (pending.length === 0) return;
    const ratios = pending.map(ratioOf);
    const free = m.width - m.gap * (pending.length - 1);
    const sum = ratios.reduce((a, b) => a + b, 0);
    const height = full ? Math.min(free / sum, m.rowHeight * MAX_STRETCH) : Math.min(m.rowHeight, free / sum);
    lines.push({
      type: "row",
      key: `row-${pending[0]?.id}`,
      height: Math.round(height),
      tiles: pending.map((image, i) => ({ image, width: Math.floor((ratios[i] ?? 1) * height) })),
    });
    pending = [];
  };

  for (const image of images) {
    const group = dateGroupOf(new Date(image.createdAt), now);
    if (group.key !== groupKey) {
      flush(false);
      groupKey = group.key;
      lines.push({ type: "heading", key: `heading-${group.key}`, group, height: m.headingHeight });
    }
    pending.push(image);
    const sum = pending.reduce((a, i) => a + ratioOf(i), 0);
    if (sum * m.rowHeight + m.gap * (pending.length - 1) >= m.width) flush(true);
  }
  flush(false);
  return lines;
}
