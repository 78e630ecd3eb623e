import sharp from "sharp";
import type { ImageStyle } from "../../contract/images.ts";
import { artSvg } from "./art/art-svg.ts";
import { colourMask } from "./color.ts";
import { createRandom, hashString } from "./random.ts";
import type { ArtLayer } from "./scene-layers.ts";

/**
 * An art layer rasterised from its SVG and given its style's treatment, as raw RGBA placed relative to the layer's
 * box (docs/product/studio-engine.md, What Studio draws): cartoon — a thick ink outline and a hard offset shadow;
 * vintage — sepia, halftone dots and grain, and an inked edge; realistic — soft light from the top left, a contact shadow and an
 * out-of-focus copy behind for depth; abstract — a disc, a ring and dots of the palette built around it, and a glow.
 * Everything is drawn from the layer and the treatment only, so the same input gives the same bytes.
 */
export interface ArtTreatment {
  style: ImageStyle;
  ink: string;
  /** The glow's colour (abstract). */
  outline: string;
  /** Abstract's shapes. */
  accents: readonly string[];
}

export interface RawPiece {
  data: Buffer;
  width: number;
  height: number;
  /** Offset of the piece's top-left corner from the layer box's top-left corner. */
  dx: number;
  dy: number;
}

/**
 * The treated art, upright, flattened into one piece: the turn is applied when it is placed, so another seed (which
 * only turns the art another way) reuses what the cache holds.
 */
export interface PreparedArt {
  piece: RawPiece;
  bytes: number;
}

/** Everything that changes an upright art layer's pixels (not where it goes, nor its turn): the cache key. */
export function artKey(layer: ArtLayer, treatment: ArtTreatment): string {
  return JSON.stringify([layer.id, Math.round(layer.box.w), layer.flip === true, layer.muted === true, layer.role, treatment]);
}

export async function prepareArt(layer: ArtLayer, treatment: ArtTreatment): Promise<PreparedArt> {
  const s = Math.max(8, Math.round(layer.box.w));
  // Room around the art for its turn, outline, shadow and the shapes behind it.
  const pad = Math.round(s * 0.28);
  const size = s + 2 * pad;
  const art = await rasterise(layer, s, pad);
  if (layer.muted) mute(art);
  const pieces: RawPiece[] = [];
  const at = (data: Buffer, offset = 0): RawPiece => ({ data, width: size, height: size, dx: offset - pad, dy: offset - pad });
  const shifted = (data: Buffer, dx: number, dy: number): RawPiece => ({ data, width: size, height: size, dx: dx - pad, dy: dy - pad });
  switch (treatment.style) {
    case "cartoon": {
      const grown = await grow(art, size, s * 0.035);
      pieces.push(shifted(colourMask(treatment.ink, grown, 0.85), Math.round(s * 0.045), Math.round(s * 0.05)));
      pieces.push(at(colourMask(treatment.ink, grown, 1)), at(art));
      break;
    }
    case "vintage": {
      sepiaHalftone(art, size, s, layer.id);
      // An inked edge, as on a printed poster: sepia art on warm paper otherwise melts into it.
      const edge = await grow(art, size, s * 0.02);
      pieces.push(shifted(colourMask(treatment.ink, await soften(edge, size, s * 0.03), 0.4), Math.round(s * 0.02), Math.round(s * 0.03)));
      pieces.push(at(colourMask(treatment.ink, edge, 0.9)), at(art));
      break;
    }
    case "realistic": {
      const echo = await depthEcho(art, size, s);
      pieces.push(echo);
      const shadow = await soften(alphaOf(art), size, s * 0.05);
      pieces.push(shifted(colourMask("#000000", shadow, 0.55), Math.round(s * 0.02), Math.round(s * 0.05)));
      softLight(art, size);
      pieces.push(at(art));
      break;
    }
    case "abstract": {
      pieces.push(at(await shapesBehind(layer, treatment, size, s)));
      const glow = await soften(await grow(art, size, s * 0.03), size, s * 0.02);
      pieces.push(at(colourMask(treatment.outline, glow, 0.9)), at(art));
      break;
    }
  }
  const piece = await flatten(pieces);
  return { piece, bytes: piece.data.length };
}

/** The pieces, back to front, as one raw image over their union: one layer to turn and composite instead of three. */
async function flatten(pieces: readonly RawPiece[]): Promise<RawPiece> {
  const x0 = Math.min(...pieces.map((p) => p.dx));
  const y0 = Math.min(...pieces.map((p) => p.dy));
  const width = Math.max(...pieces.map((p) => p.dx + p.width)) - x0;
  const height = Math.max(...pieces.map((p) => p.dy + p.height)) - y0;
  const data = await sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(pieces.map((p) => ({ input: p.data, raw: { width: p.width, height: p.height, channels: 4 as const }, left: p.dx - x0, top: p.dy - y0 })))
    .raw()
    .toBuffer();
  return { data, width, height, dx: x0, dy: y0 };
}

/** The prepared art turned by `degrees` about the layer box's centre, for placing at the box's corner. */
export async function turned(prepared: PreparedArt, box: { w: number; h: number }, degrees: number): Promise<RawPiece> {
  const { piece } = prepared;
  if (Math.abs(degrees) < 0.05) return piece;
  const { data, info } = await sharp(piece.data, { raw: { width: piece.width, height: piece.height, channels: 4 } })
    .rotate(degrees, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Turned about the box's centre: where that centre sits in the piece, carried through the turn.
  const cx = box.w / 2 - piece.dx - piece.width / 2;
  const cy = box.h / 2 - piece.dy - piece.height / 2;
  const a = (degrees * Math.PI) / 180;
  const rx = cx * Math.cos(a) - cy * Math.sin(a);
  const ry = cx * Math.sin(a) + cy * Math.cos(a);
  return { data, width: info.width, height: info.height, dx: Math.round(box.w / 2 - (info.width / 2 + rx)), dy: Math.round(box.h / 2 - (info.height / 2 + ry)) };
}

/** The icon drawn `s` pixels square in the middle of a padded transparent square, turned and mirrored by librsvg. */
async function rasterise(layer: ArtLayer, s: number, pad: number): Promise<Buffer> {
  const size = s + 2 * pad;
  const c = size / 2;
  const doc = /^<svg[^>]*\sviewBox="([^"]+)"[^>]*>([\s\S]*)<\/svg>$/u.exec(artSvg(layer.id));
  if (!doc) throw new Error(`art ${layer.id} is not an SVG document`);
  const inner = `<svg x="${pad}" y="${pad}" width="${s}" height="${s}" viewBox="${doc[1] ?? ""}" preserveAspectRatio="xMidYMid meet">${doc[2] ?? ""}</svg>`;
  const turn = `translate(${c} ${c})${layer.flip ? " scale(-1 1)" : ""} translate(${-c} ${-c})`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${size}" height="${size}"><g transform="${turn}">${inner}</g></svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
}

function alphaOf(rgba: Buffer): Buffer {
  const out = Buffer.alloc(rgba.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = rgba[i * 4 + 3] ?? 0;
  return out;
}

/** The silhouette grown by about `by` pixels: blurred at half size, then a steep ramp keeps its edge smooth. */
async function grow(rgba: Buffer, size: number, by: number): Promise<Buffer> {
  const half = Math.max(1, Math.round(size / 2));
  const blurred = await sharp(alphaOf(rgba), { raw: { width: size, height: size, channels: 1 } })
    .resize(half, half)
    .blur(Math.max(0.3, by * 0.45))
    .extractChannel(0)
    .raw()
    .toBuffer();
  for (let i = 0; i < blurred.length; i++) blurred[i] = Math.min(255, Math.max(0, ((blurred[i] ?? 0) - 4) * 16));
  return sharp(blurred, { raw: { width: half, height: half, channels: 1 } }).resize(size, size, { kernel: "linear" }).extractChannel(0).raw().toBuffer();
}

/** A soft mask, blurred at a quarter of the size where it costs a sixteenth. */
async function soften(mask: Buffer, size: number, radius: number): Promise<Buffer> {
  const q = Math.max(1, Math.round(size / 4));
  const small = await sharp(mask, { raw: { width: size, height: size, channels: 1 } }).resize(q, q).blur(Math.max(0.3, radius / 4)).extractChannel(0).raw().toBuffer();
  return sharp(small, { raw: { width: q, height: q, channels: 1 } }).resize(size, size, { kernel: "linear" }).extractChannel(0).raw().toBuffer();
}

/** Grey and flattened: the "before" half reads as the dull one. */
function mute(rgba: Buffer): void {
  for (let i = 0; i < rgba.length; i += 4) {
    const l = 0.299 * (rgba[i] ?? 0) + 0.587 * (rgba[i + 1] ?? 0) + 0.114 * (rgba[i + 2] ?? 0);
    const v = Math.round(70 + l * 0.55);
    rgba[i] = v;
    rgba[i + 1] = v;
    rgba[i + 2] = v;
  }
}

/** Sepia toned, printed as halftone dots (darker where the art is darker) with grain seeded by the art's id. */
function sepiaHalftone(rgba: Buffer, size: number, s: number, id: string): void {
  const cell = Math.max(4, Math.round(s / 70));
  const random = createRandom(hashString(id)).fork("grain");
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      if ((rgba[i + 3] ?? 0) === 0) continue;
      const r = rgba[i] ?? 0;
      const g = rgba[i + 1] ?? 0;
      const b = rgba[i + 2] ?? 0;
      const l = (0.299 * r + 0.587 * g + 0.114 * b) / 255;
      // Distance to the cell's centre against a dot radius that grows with darkness.
      const dx = (x % cell) - cell / 2 + 0.5;
      const dy = (y % cell) - cell / 2 + 0.5;
      const inDot = Math.hypot(dx, dy) < (cell / 2) * Math.sqrt(1 - l) * 1.25;
      const shade = (inDot ? 0.78 : 1.06) + (random.next() - 0.5) * 0.12;
      rgba[i] = clamp8(punch((0.393 * r + 0.769 * g + 0.189 * b) * 0.92) * shade);
      rgba[i + 1] = clamp8(punch((0.349 * r + 0.686 * g + 0.168 * b) * 0.92) * shade);
      rgba[i + 2] = clamp8(punch((0.272 * r + 0.534 * g + 0.131 * b) * 0.92) * shade);
    }
  }
}

/** Light from the top left: pixels there are lifted toward white, the far corner is left a touch darker. */
function softLight(rgba: Buffer, size: number): void {
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 4;
      if ((rgba[i + 3] ?? 0) === 0) continue;
      const t = 1 - (x + y) / (2 * size);
      const lift = Math.max(0, t - 0.45) * 0.5;
      const dim = Math.max(0, 0.4 - t) * 0.35;
      for (let c = 0; c < 3; c++) {
        const v = rgba[i + c] ?? 0;
        rgba[i + c] = clamp8((v + (255 - v) * lift) * (1 - dim));
      }
    }
  }
}

/** A larger, blurred, dimmed copy behind the art: the out-of-focus depth a lens gives an object close to it. */
async function depthEcho(rgba: Buffer, size: number, s: number): Promise<RawPiece> {
  const big = Math.round(size * 1.12);
  const q = Math.max(1, Math.round(big / 4));
  const small = await sharp(rgba, { raw: { width: size, height: size, channels: 4 } }).resize(q, q).blur(Math.max(0.3, s * 0.012)).raw().toBuffer();
  const data = await sharp(small, { raw: { width: q, height: q, channels: 4 } }).resize(big, big, { kernel: "linear" }).raw().toBuffer();
  for (let i = 3; i < data.length; i += 4) data[i] = Math.round((data[i] ?? 0) * 0.45);
  const pad = Math.round(s * 0.28);
  const offset = Math.round((size - big) / 2) - pad;
  return { data, width: big, height: big, dx: offset + Math.round(s * 0.06), dy: offset - Math.round(s * 0.04) };
}

/** Abstract's disc, ring and dots around the art, in the palette's accents, placed by the art's id. */
async function shapesBehind(layer: ArtLayer, treatment: ArtTreatment, size: number, s: number): Promise<Buffer> {
  const random = createRandom(hashString(layer.id)).fork("shapes");
  const [a, b, c] = [0, 1, 2].map((i) => treatment.accents[i % treatment.accents.length] ?? treatment.outline);
  const mid = size / 2;
  const angle = random.range(0, Math.PI * 2);
  const ox = Math.cos(angle) * s * 0.1;
  const oy = Math.sin(angle) * s * 0.1;
  const dots: string[] = [];
  for (let i = 0; i < 9; i++) {
    const t = angle + Math.PI + (i - 4) * 0.16;
    dots.push(`<circle cx="${(mid + Math.cos(t) * s * 0.62).toFixed(1)}" cy="${(mid + Math.sin(t) * s * 0.62).toFixed(1)}" r="${(s * 0.022).toFixed(1)}"/>`);
  }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">` +
    `<circle cx="${(mid + ox).toFixed(1)}" cy="${(mid + oy).toFixed(1)}" r="${(s * 0.5).toFixed(1)}" fill="${a}" opacity="0.9"/>` +
    `<circle cx="${(mid - ox).toFixed(1)}" cy="${(mid - oy).toFixed(1)}" r="${(s * 0.58).toFixed(1)}" fill="none" stroke="${b}" stroke-width="${(s * 0.035).toFixed(1)}"/>` +
    `<g fill="${c}">${dots.join("")}</g></svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
}

/** More contrast around the middle grey: sepia flattens colours that differed only in hue. */
function punch(v: number): number {
  return (v - 128) * 1.25 + 118;
}

function clamp8(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}
