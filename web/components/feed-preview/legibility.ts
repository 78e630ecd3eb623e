/**
 * Is a thumbnail's text readable at YouTube's smallest size (168×94 CSS px, the "up next" list)? Two ways to tell,
 * both pure so they run the same in the browser and in tests:
 * - from a Studio scene's headline layer: its font size scaled to 168 px wide gives the cap height in pixels, and
 *   the renderer stored the WCAG contrast it measured behind the text;
 * - from pixels: the image shrunk to 168×94 the way YouTube letterboxes it, cut into cells, and the contrast of the
 *   cells with sharp, text-like detail. Pixels cannot tell text from other detail, so the page says so.
 */

export const SMALLEST = { width: 168, height: 94 } as const;

import { CAP_FAIR, CAP_GOOD, CJK_FAIR, CJK_GOOD, CONTRAST_FAIR, CONTRAST_GOOD } from "../../../contract/legibility.ts";

export { CAP_FAIR, CAP_GOOD, CJK_FAIR, CJK_GOOD, CONTRAST_FAIR, CONTRAST_GOOD };

export type Level = "good" | "fair" | "poor";

export type Verdict =
  | { basis: "scene"; level: Level; capHeight: number; cjk: boolean; contrast: number | null; headline: string }
  | { basis: "pixels"; level: Level; contrast: number; textCells: number; cells: number }
  | { basis: "pixels"; level: "none"; textCells: 0; cells: number };

/** The parts of a stored Studio scene this reads; everything is optional because the record may come from elsewhere. */
export interface SceneTextLayer {
  text?: unknown;
  script?: unknown;
  face?: unknown;
  size?: unknown;
  contrast?: unknown;
}

// Cap height as a share of the font size, from the bundled faces' OS/2 tables (Anton 1760/2048, Abril Fatface
// 700/1000); CJK glyphs fill about 0.88 of the em.
const ANTON_SHARE = 0.859;
const capShare: Record<string, number> = { anton: ANTON_SHARE, abril: 0.7 };
const CJK_SHARE = 0.88;

const worse = (a: Level, b: Level): Level => (a === "poor" || b === "poor" ? "poor" : a === "fair" || b === "fair" ? "fair" : "good");
const contrastLevel = (ratio: number): Level => (ratio >= CONTRAST_GOOD ? "good" : ratio >= CONTRAST_FAIR ? "fair" : "poor");

/** The scale YouTube draws an image of this size at in a 168×94 slot (letterboxed, never cropped). */
export function smallestScale(width: number, height: number): number {
  return Math.min(SMALLEST.width / width, SMALLEST.height / height);
}

/**
 * The verdict from a scene's largest text layer (its headline), or undefined when the scene has no measured text
 * layer (an older image, a provider image, a scene from another engine).
 */
export function sceneVerdict(scene: { width?: unknown; height?: unknown; text?: unknown } | null | undefined): Verdict | undefined {
  if (!scene || typeof scene.width !== "number" || typeof scene.height !== "number" || !Array.isArray(scene.text)) return undefined;
  const layers = (scene.text as SceneTextLayer[]).filter((layer): layer is SceneTextLayer & { size: number } => typeof layer?.size === "number" && layer.size > 0);
  if (layers.length === 0 || scene.width <= 0 || scene.height <= 0) return undefined;
  const headline = layers.reduce((a, b) => (b.size > a.size ? b : a));
  const cjk = headline.script === "cjk";
  const share = cjk ? CJK_SHARE : (capShare[String(headline.face)] ?? ANTON_SHARE);
  const capHeight = Math.round(headline.size * share * smallestScale(scene.width, scene.height) * 10) / 10;
  const [good, fair] = cjk ? [CJK_GOOD, CJK_FAIR] : [CAP_GOOD, CAP_FAIR];
  const sizeLevel: Level = capHeight >= good ? "good" : capHeight >= fair ? "fair" : "poor";
  const contrast = typeof headline.contrast === "number" ? headline.contrast : null;
  const level = contrast === null ? sizeLevel : worse(sizeLevel, contrastLevel(contrast));
  return { basis: "scene", level, capHeight, cjk, contrast, headline: typeof headline.text === "string" ? headline.text : "" };
}

/** RGBA pixels, row by row: what a canvas's getImageData returns. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/**
 * Shrinks an image to 168×94 as YouTube shows it: scaled to fit, centred, black bars around a portrait or square
 * image. Each small pixel is the mean of the source pixels under it (in sRGB, as browsers scale).
 */
export function shrinkToSmallest(source: Pixels): Pixels {
  const { width: W, height: H } = SMALLEST;
  const out = new Uint8ClampedArray(W * H * 4);
  const scale = smallestScale(source.width, source.height);
  const w = Math.max(1, Math.round(source.width * scale));
  const h = Math.max(1, Math.round(source.height * scale));
  const ox = Math.floor((W - w) / 2);
  const oy = Math.floor((H - h) / 2);
  for (let i = 3; i < out.length; i += 4) out[i] = 255;
  for (let ty = 0; ty < h; ty++) {
    const y0 = Math.floor((ty * source.height) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((ty + 1) * source.height) / h));
    for (let tx = 0; tx < w; tx++) {
      const x0 = Math.floor((tx * source.width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((tx + 1) * source.width) / w));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          const i = (y * source.width + x) * 4;
          r += source.data[i]!;
          g += source.data[i + 1]!;
          b += source.data[i + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = ((oy + ty) * W + ox + tx) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
    }
  }
  return { width: W, height: H, data: out };
}

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of every pixel. */
function luminances(pixels: Pixels): Float64Array {
  const table = Float64Array.from({ length: 256 }, (_, c) => linear(c));
  const out = new Float64Array(pixels.width * pixels.height);
  for (let p = 0; p < out.length; p++) {
    const i = p * 4;
    out[p] = 0.2126 * table[pixels.data[i]!]! + 0.7152 * table[pixels.data[i + 1]!]! + 0.0722 * table[pixels.data[i + 2]!]!;
  }
  return out;
}

const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** Cells of 12×12 small pixels: about one capital letter of a headline that reads at this size. */
const CELL = 12;
/** Two pixels two apart that differ this much make an edge: shrinking smears a letter's edge over two pixels. */
const EDGE_RATIO = 1.3;
/** A cell is text-like when this share of its pixel pairs are edges: the dense, sharp strokes of letters. */
const TEXT_EDGE_SHARE = 0.12;

/**
 * The verdict from a 168×94 image: the contrast between the light and dark parts (10th and 90th percentile
 * luminance) of its text-like cells, the upper quartile of them, so a readable headline is not outvoted by a busy
 * background. No text-like cell at all: "none" — any text there has blurred away, or there is none.
 */
export function pixelVerdict(small: Pixels): Verdict {
  const lum = luminances(small);
  const { width, height } = small;
  const contrasts: number[] = [];
  let cells = 0;
  for (let cy = 0; cy < height; cy += CELL) {
    for (let cx = 0; cx < width; cx += CELL) {
      cells++;
      const values: number[] = [];
      let edges = 0;
      let pairs = 0;
      for (let y = cy; y < Math.min(cy + CELL, height); y++) {
        for (let x = cx; x < Math.min(cx + CELL, width); x++) {
          const here = lum[y * width + x]!;
          values.push(here);
          if (x + 2 < width) {
            pairs++;
            if (ratio(here, lum[y * width + x + 2]!) >= EDGE_RATIO) edges++;
          }
          if (y + 2 < height) {
            pairs++;
            if (ratio(here, lum[(y + 2) * width + x]!) >= EDGE_RATIO) edges++;
          }
        }
      }
      if (pairs === 0 || edges / pairs < TEXT_EDGE_SHARE) continue;
      values.sort((a, b) => a - b);
      const lo = values[Math.floor(values.length * 0.1)]!;
      const hi = values[Math.min(values.length - 1, Math.floor(values.length * 0.9))]!;
      contrasts.push(ratio(lo, hi));
    }
  }
  if (contrasts.length === 0) return { basis: "pixels", level: "none", textCells: 0, cells };
  contrasts.sort((a, b) => a - b);
  const contrast = Math.round(contrasts[Math.floor(contrasts.length * 0.75)]! * 10) / 10;
  return { basis: "pixels", level: contrastLevel(contrast), contrast, textCells: contrasts.length, cells };
}
