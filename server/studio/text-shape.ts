import type opentype from "opentype.js";
import type { Face } from "./fonts.ts";

/** Text turned into SVG path data with per-character font fallback, so nothing depends on system fonts. */
export interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface ShapedLine {
  d: string;
  box: Box;
  advance: number;
  /** Characters no bundled face could draw (they are left out rather than drawn as tofu). */
  missing: string[];
}

const EMPTY: Box = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };

export function union(a: Box, b: Box): Box {
  return { x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1), x2: Math.max(a.x2, b.x2), y2: Math.max(a.y2, b.y2) };
}

export function faceFor(char: string, chain: readonly Face[]): { face: Face; index: number } | undefined {
  for (const face of chain) {
    const index = face.font.charToGlyphIndex(char);
    if (index !== 0) return { face, index };
  }
  return undefined;
}

/** Lays one line out at (x, baseline) and returns its outline and ink box. */
export function shapeLine(text: string, chain: readonly Face[], size: number, x = 0, baseline = 0, tracking = 0): ShapedLine {
  let pen = x;
  let box = EMPTY;
  const parts: string[] = [];
  const missing: string[] = [];
  let previous: { face: Face; index: number } | undefined;
  for (const char of text) {
    const found = faceFor(char, chain);
    if (!found) {
      if (!/\s/u.test(char)) missing.push(char);
      pen += size * 0.3;
      previous = undefined;
      continue;
    }
    const { font } = found.face;
    const scale = size / font.unitsPerEm;
    if (previous && previous.face === found.face) {
      pen += font.getKerningValue(previous.index, found.index) * scale;
    }
    const glyph = font.glyphs.get(found.index);
    const path = glyph.getPath(pen, baseline, size);
    const d = pathData(path.commands);
    if (d) {
      parts.push(d);
      const b = path.getBoundingBox();
      if (Number.isFinite(b.x1)) box = union(box, b);
    }
    pen += (glyph.advanceWidth ?? font.unitsPerEm * 0.5) * scale + tracking * size;
    previous = found;
  }
  if (!Number.isFinite(box.x1)) box = { x1: x, y1: baseline, x2: x, y2: baseline };
  return { d: parts.join(""), box, advance: pen - x, missing };
}

type Command = opentype.Path["commands"][number];

/**
 * SVG path data with two decimals. opentype.js's own writer turns a coordinate a hair off a whole number (320.00000000000006)
 * into "NaN", and librsvg stops drawing a path at the first bad number: half a headline went missing.
 */
export function pathData(commands: readonly Command[]): string {
  const n = (v: number) => {
    const r = Math.round(v * 100) / 100;
    return Number.isInteger(r) ? String(r) : r.toFixed(2);
  };
  return commands
    .map((c) => {
      switch (c.type) {
        case "M":
        case "L":
          return `${c.type}${n(c.x)} ${n(c.y)}`;
        case "Q":
          return `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`;
        case "C":
          return `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`;
        default:
          return "Z";
      }
    })
    .join("");
}

/** Width of a run at size 1, for line breaking: advances and kerning only, no outlines. */
export function measure(text: string, chain: readonly Face[]): number {
  let width = 0;
  let previous: { face: Face; index: number } | undefined;
  for (const char of text) {
    const found = faceFor(char, chain);
    if (!found) {
      width += 0.3;
      previous = undefined;
      continue;
    }
    const { font } = found.face;
    if (previous && previous.face === found.face) width += font.getKerningValue(previous.index, found.index) / font.unitsPerEm;
    width += (font.glyphs.get(found.index).advanceWidth ?? font.unitsPerEm * 0.5) / font.unitsPerEm;
    previous = found;
  }
  return width;
}
