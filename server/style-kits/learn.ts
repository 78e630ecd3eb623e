import sharp, { type Sharp } from "sharp";
import { type ImageStyle, MAX_IMAGE_PIXELS } from "../../contract/images.ts";
import { clusterPalette, deltaE, type KitFont, type KitSide, labOfHex, type StyleKit, type Swatch } from "../../contract/style-kits.ts";
import { AppError } from "../errors/app-error.ts";
import type { OcrReading, OcrWord } from "../feed-check/engine.ts";

/** The pictures are measured inside this square: colours and layout need no more (320×180 for a 16:9 thumbnail). */
const GRID_BOX = 320;
/** What OCR reads, inside this square: wide enough for a headline's letters, small enough to read in a tenth of a second or so. */
const OCR_BOX = 960;
/** Pixels clustered for a palette: the main thread's k-means stays a few ms whatever the picture (as web grid-palette.ts). */
const SAMPLE_PIXELS = 4000;
/** Longest side over shortest past which a picture is no thumbnail (16:9 is 1.8, a Shorts frame 9:16 the same). */
const MAX_ASPECT = 4;
/** A word counts as headline text at this OCR confidence, with two letters or more and this share of the height. */
const MIN_CONFIDENCE = 60;
const MIN_WORD_HEIGHT = 0.04;
/** Two colours this far apart in Lab (CIE76) are different colours to the eye, not shades of one. */
const DISTINCT = 25;

/** The pixel work a kit needs from outside: reading the words (the feed check's OCR engine). */
export interface LearnDeps {
  readText(png: Buffer): Promise<OcrReading>;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** What one picture says about the style. */
export interface PictureReading {
  background: Swatch[];
  headline?: {
    fill: string;
    outline: string | null;
    /** Another line's fill, when it differs from the main one. */
    highlight: string | null;
    upperShare: number;
    /** The fill's share of the words' boxes: heavy letters fill more of their box. */
    inkShare: number;
    /** Glyph width over height, per letter: Anton is condensed, Abril Fatface wide. */
    letterAspect: number;
    /** The outline colour below the letters over above them: a drop shadow adds below. */
    shadowLean: number;
    centreX: number;
  };
  subjectShare: number;
}

/**
 * The headline's words: OCR reads the picture as it is, its light parts alone and its dark parts alone (thresholded),
 * since outlined, shadowed display letters on loud colours defeat a plain read; a word found twice keeps its surest read.
 */
async function readWords(bytes: Buffer, deps: LearnDeps): Promise<{ words: OcrWord[]; width: number }> {
  // The original is decoded once; the two thresholded reads start from the small copy.
  const { data: small, info } = await decoded(bytes).resize(OCR_BOX, OCR_BOX, { fit: "inside" }).png().toBuffer({ resolveWithObject: true });
  const versions = [small, ...(await Promise.all([sharp(small).greyscale().threshold(200).png().toBuffer(), sharp(small).greyscale().negate().threshold(200).png().toBuffer()]))];
  const words: OcrWord[] = [];
  for (const png of versions) {
    const reading = await deps.readText(png);
    for (const w of reading.words) {
      if (w.confidence < MIN_CONFIDENCE || !/\p{L}.*\p{L}/u.test(w.text) || w.box.h / info.height < MIN_WORD_HEIGHT) continue;
      const same = words.findIndex((o) => overlap(o.box, w.box) > 0.5);
      if (same === -1) words.push(w);
      else if ((words[same]?.confidence ?? 0) < w.confidence) words[same] = w;
    }
  }
  return { words, width: info.width };
}

/** The shared area of two boxes over the smaller one's. */
function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? (w * h) / Math.max(1, Math.min(a.w * a.h, b.w * b.h)) : 0;
}

/** A picture decoded as the app's other decoders do: bounded in pixels, and a damaged file refused rather than guessed. */
function decoded(bytes: Buffer): Sharp {
  return sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "warning" }).rotate();
}

/** Every `step`-th kept pixel, so at most about SAMPLE_PIXELS of `among` are clustered. */
function sampled(among: number, keep: (index: number) => boolean): (index: number) => boolean {
  const step = Math.max(1, Math.floor(among / SAMPLE_PIXELS));
  return step === 1 ? keep : (i) => i % step === 0 && keep(i);
}

/** Reads one picture: its background palette, its headline's look and place, its subject's share. */
export async function readPicture(bytes: Buffer, deps: LearnDeps): Promise<PictureReading> {
  const meta = await decoded(bytes).metadata();
  const long = Math.max(meta.width, meta.height);
  const short = Math.max(1, Math.min(meta.width, meta.height));
  if (long / short > MAX_ASPECT) {
    throw new AppError("unprocessable:style_kit_images", "One of the pictures is far too tall or wide for a thumbnail. Try another.");
  }
  const grid = await decoded(bytes).resize(GRID_BOX, GRID_BOX, { fit: "inside" }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = grid.info;
  const pixels = grid.data;
  const found = await readWords(bytes, deps);
  const scale = width / found.width;
  const words = found.words.map((w) => ({ text: w.text, box: scaleBox(w.box, scale, width, height) }));
  const inText = new Uint8Array(width * height);
  for (const w of words) {
    const pad = Math.round(w.box.h * 0.15);
    for (let y = Math.max(0, w.box.y - pad); y < Math.min(height, w.box.y + w.box.h + pad); y++) {
      for (let x = Math.max(0, w.box.x - pad); x < Math.min(width, w.box.x + w.box.w + pad); x++) inText[y * width + x] = 1;
    }
  }
  const subjectShare = skinShare(pixels, inText);
  // Faces are the subject, not the backdrop: their pixels stay out of the palette unless they are most of the frame.
  const skin = subjectShare < 0.6 ? skinMask(pixels, inText.length) : new Uint8Array(inText.length);
  const background = clusterPalette(pixels, 3, 5, sampled(inText.length, (i) => inText[i] === 0 && skin[i] === 0));
  if (words.length === 0) return { background, subjectShare };
  const backdrop = background[0]?.color ?? "#000000";

  const fills: Swatch[] = [];
  const outlines: Swatch[] = [];
  let ink = 0;
  let boxArea = 0;
  let below = 0;
  let above = 0;
  let letters = 0;
  let upper = 0;
  let glyphWidth = 0;
  let weighedX = 0;
  for (const w of words) {
    const inBox = (i: number) => {
      const x = i % width;
      const y = Math.floor(i / width);
      return x >= w.box.x && x < w.box.x + w.box.w && y >= w.box.y && y < w.box.y + w.box.h;
    };
    // The box holds the backdrop, the fill and (with one) the outline: the cluster nearest the backdrop is not text.
    const parts = clusterPalette(pixels, 3, 3, sampled(w.box.w * w.box.h, inBox)).filter((s) => deltaE(labOfHex(s.color), labOfHex(backdrop)) >= 12);
    const [fill, outline] = parts;
    if (!fill) continue;
    const area = w.box.w * w.box.h;
    fills.push({ color: fill.color, share: area });
    if (outline && outline.share >= 0.04 && deltaE(labOfHex(outline.color), labOfHex(fill.color)) >= DISTINCT) {
      outlines.push({ color: outline.color, share: area });
      const lean = outlineLean(pixels, width, w.box, outline.color);
      below += lean.below;
      above += lean.above;
    }
    ink += fill.share * area;
    boxArea += area;
    const chars = [...w.text].filter((c) => /\p{L}/u.test(c));
    letters += chars.length;
    upper += chars.filter((c) => c === c.toLocaleUpperCase() && c !== c.toLocaleLowerCase()).length;
    glyphWidth += w.box.w / Math.max(1, chars.length) / Math.max(1, w.box.h) * chars.length;
    weighedX += (w.box.x + w.box.w / 2) * area;
  }
  if (fills.length === 0 || boxArea === 0) return { background, subjectShare };
  const fillGroups = groupColours(fills);
  const main = fillGroups[0] as Swatch;
  const second = fillGroups[1];
  return {
    background,
    subjectShare,
    headline: {
      fill: main.color,
      outline: groupColours(outlines)[0]?.color ?? null,
      highlight: second && deltaE(labOfHex(second.color), labOfHex(main.color)) >= DISTINCT ? second.color : null,
      upperShare: letters > 0 ? upper / letters : 1,
      inkShare: ink / boxArea,
      letterAspect: letters > 0 ? glyphWidth / letters : 0.5,
      shadowLean: above > 0 ? below / above : below > 0 ? 2 : 1,
      centreX: weighedX / boxArea / width,
    },
  };
}

/**
 * The kit of a set of pictures: their palettes merged, and each headline trait as most of the pictures have it.
 * Pictures without a readable headline still give their colours and subject share.
 */
export function kitOf(readings: readonly PictureReading[]): StyleKit {
  const palette = mergePalettes(readings.map((r) => r.background));
  const heads = readings.flatMap((r) => (r.headline ? [r.headline] : []));
  const text = groupColours(heads.map((h) => ({ color: h.fill, share: 1 })))[0]?.color ?? contrastingText(palette);
  const outlines = heads.flatMap((h) => (h.outline ? [h.outline] : []));
  const highlights = heads.flatMap((h) => (h.highlight ? [h.highlight] : []));
  const most = (count: number) => heads.length > 0 && count * 2 >= heads.length;
  const outline = most(outlines.length) ? (groupColours(outlines.map((color) => ({ color, share: 1 })))[0]?.color ?? null) : null;
  const highlight = most(highlights.length) ? (groupColours(highlights.map((color) => ({ color, share: 1 })))[0]?.color ?? null) : null;
  const median = (values: number[], fallback: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted.length > 0 ? (sorted[Math.floor(sorted.length / 2)] as number) : fallback;
  };
  const sides = heads.map((h): KitSide => (h.centreX < 0.42 ? "left" : h.centreX > 0.58 ? "right" : "center"));
  const side = (["left", "right", "center"] as const).reduce((best, s) => (sides.filter((x) => x === s).length > sides.filter((x) => x === best).length ? s : best), "center" as KitSide);
  // Anton's capitals are about 0.45 of their height wide, Abril Fatface's about 0.75.
  const font: KitFont = median(heads.map((h) => h.letterAspect), 0.5) > 0.62 ? "abril" : "anton";
  const shadow = heads.filter((h) => h.shadowLean > 1.3).length;
  return {
    palette,
    text,
    outline,
    highlight,
    headline: {
      case: median(heads.map((h) => h.upperShare), 1) >= 0.8 ? "upper" : "mixed",
      weight: median(heads.map((h) => h.inkShare), 0.4) >= 0.3 ? "heavy" : "regular",
      outline: outline !== null,
      shadow: most(shadow) && outline !== null,
      highlight: highlight !== null,
    },
    side,
    faceShare: Math.round(median(readings.map((r) => r.subjectShare), 0) * 100) / 100,
    font,
    baseStyle: baseStyleOf(palette, font),
    readHeadlines: heads.length,
  };
}

/** Which of the four looks a palette is nearest: a serif reads as vintage, a dark frame as realistic, a loud one as cartoon. */
function baseStyleOf(palette: readonly Swatch[], font: KitFont): ImageStyle {
  if (font === "abril") return "vintage";
  let lightness = 0;
  let chroma = 0;
  for (const s of palette) {
    const [l, a, b] = labOfHex(s.color);
    lightness += l * s.share;
    chroma += Math.hypot(a, b) * s.share;
  }
  const total = palette.reduce((sum, s) => sum + s.share, 0) || 1;
  if (lightness / total < 35) return "realistic";
  return chroma / total > 35 ? "cartoon" : "abstract";
}

function contrastingText(palette: readonly Swatch[]): string {
  const base = palette[0]?.color ?? "#000000";
  return labOfHex(base)[0] > 60 ? "#111111" : "#ffffff";
}

/** Every picture's palette as one: their swatches grouped by nearness, each group's share the pictures' average. */
function mergePalettes(palettes: readonly Swatch[][]): Swatch[] {
  const n = Math.max(1, palettes.length);
  const grouped = groupColours(palettes.flat().map((s) => ({ color: s.color, share: s.share / n })));
  return grouped.slice(0, 6).map((s) => ({ color: s.color, share: Math.min(1, Math.round(s.share * 1000) / 1000) }));
}

/** Colours within DISTINCT of a group's first (heaviest) colour join it; groups come back heaviest first. */
function groupColours(swatches: readonly Swatch[]): Swatch[] {
  const groups: Swatch[] = [];
  for (const s of [...swatches].sort((a, b) => b.share - a.share)) {
    const near = groups.find((g) => deltaE(labOfHex(g.color), labOfHex(s.color)) < DISTINCT);
    if (near) near.share += s.share;
    else groups.push({ ...s });
  }
  return groups.sort((a, b) => b.share - a.share);
}

/** Pixels near the outline colour in the lower and the upper half of a word's box. */
function outlineLean(pixels: Buffer, width: number, box: Box, colour: string): { below: number; above: number } {
  const target = labOfHex(colour);
  let below = 0;
  let above = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const i = (y * width + x) * 3;
      const hex = `#${[pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
      if (deltaE(labOfHex(hex), target) >= 12) continue;
      if (y - box.y >= box.h / 2) below++;
      else above++;
    }
  }
  return { below, above };
}

/**
 * How much of the frame faces take, as the share of skin-toned pixels outside the headline: the YCbCr skin range
 * (Cb 77–127, Cr 133–173, Chai & Ngan), which holds across skin tones and leaves out the loud oranges and reds of
 * thumbnails' backdrops. The subject model would see people more surely, but takes 10–18 s a picture here (decision 041).
 */
function skinShare(pixels: Buffer, inText: Uint8Array): number {
  const skin = skinMask(pixels, inText.length);
  let found = 0;
  let counted = 0;
  for (let i = 0; i < inText.length; i++) {
    if (inText[i]) continue;
    counted++;
    found += skin[i] ?? 0;
  }
  return counted > 0 ? Math.round((found / counted) * 1000) / 1000 : 0;
}

function skinMask(pixels: Buffer, count: number): Uint8Array {
  const mask = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const r = pixels[i * 3] ?? 0;
    const g = pixels[i * 3 + 1] ?? 0;
    const b = pixels[i * 3 + 2] ?? 0;
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    if (y > 40 && cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173) mask[i] = 1;
  }
  return mask;
}

function scaleBox(box: Box, scale: number, width: number, height: number): Box {
  const x = Math.max(0, Math.round(box.x * scale));
  const y = Math.max(0, Math.round(box.y * scale));
  return { x, y, w: Math.max(1, Math.min(width - x, Math.round(box.w * scale))), h: Math.max(1, Math.min(height - y, Math.round(box.h * scale))) };
}
