/**
 * Synthetic scenes for the swap's tests and bench, drawn with sharp: a textured background whose continuation across
 * a hole can be checked, a magenta subject (a colour no background here uses) and a persona cut-out.
 */
import sharp from "sharp";
import type { RawImage } from "./inpaint.ts";
import type { Box } from "./swap-compose.ts";

export const SUBJECT_RGB = [255, 0, 255] as const;

export type Backdrop = "stripes" | "scene";

function backdropSvg(kind: Backdrop, w: number, h: number): string {
  const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`;
  if (kind === "stripes") {
    const band = Math.max(4, Math.round(h / 30));
    return svg(
      `<defs><pattern id="p" width="${w}" height="${2 * band}" patternUnits="userSpaceOnUse"><rect width="${w}" height="${band}" fill="#2b6cb0"/><rect y="${band}" width="${w}" height="${band}" fill="#f6e05e"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/>`,
    );
  }
  const cell = Math.round(w / 40);
  return svg(
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#88b8e8"/><stop offset="0.6" stop-color="#dfe8f0"/><stop offset="0.6" stop-color="#6b8e3a"/><stop offset="1" stop-color="#3e5a1c"/></linearGradient><pattern id="c" width="${2 * cell}" height="${2 * cell}" patternUnits="userSpaceOnUse"><rect width="${cell}" height="${cell}" fill="#000" opacity="0.15"/><rect x="${cell}" y="${cell}" width="${cell}" height="${cell}" fill="#000" opacity="0.15"/></pattern></defs><rect width="100%" height="100%" fill="url(#g)"/><rect width="100%" height="100%" fill="url(#c)"/><rect y="${Math.round(h * 0.42)}" width="${w}" height="${Math.round(h * 0.04)}" fill="#555"/>`,
  );
}

/** A person-like shape in magenta: head and torso, cut by the frame's bottom (a bust) or standing on legs. */
function subjectSvg(w: number, h: number, pose: "bust" | "standing", scale: number): string {
  const u = (h / 720) * scale;
  const cx = pose === "bust" ? w / 2 : w * 0.3;
  const shape =
    pose === "bust"
      ? `<g transform="translate(0 ${h - 720 * u})"><ellipse cx="${cx}" cy="${260 * u}" rx="${100 * u}" ry="${110 * u}"/><rect x="${cx - 200 * u}" y="${340 * u}" width="${400 * u}" height="${400 * u}" rx="${80 * u}"/></g>`
      : `<ellipse cx="${cx}" cy="${200 * u}" rx="${50 * u}" ry="${60 * u}"/><rect x="${cx - 90 * u}" y="${255 * u}" width="${180 * u}" height="${240 * u}" rx="${40 * u}"/><rect x="${cx - 70 * u}" y="${480 * u}" width="${55 * u}" height="${170 * u}"/><rect x="${cx + 15 * u}" y="${480 * u}" width="${55 * u}" height="${170 * u}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><g fill="rgb(${SUBJECT_RGB.join(",")})">${shape}</g></svg>`;
}

export interface TestScene {
  /** The base image as PNG: backdrop with the subject on it. */
  base: Buffer;
  /** The base's RGBA pixels. */
  raw: RawImage;
  /** The subject's 8-bit alpha, base size. */
  mask: Uint8Array;
  box: Box;
}

export interface TestSceneOptions {
  width: number;
  height: number;
  backdrop: Backdrop;
  pose: "bust" | "standing";
  /** Grows the subject (a bust stays on the frame's bottom): 1 covers ~20% of a 16:9 frame, 1.12 ~25%. */
  subjectScale?: number;
}

export async function testScene(options: TestSceneOptions): Promise<TestScene> {
  const { width: w, height: h } = options;
  const subject = Buffer.from(subjectSvg(w, h, options.pose, options.subjectScale ?? 1));
  const base = await sharp(Buffer.from(backdropSvg(options.backdrop, w, h)))
    .composite([{ input: subject }])
    .png()
    .toBuffer();
  const raw = await sharp(base).ensureAlpha().raw().toBuffer();
  const mask = new Uint8Array(await sharp(subject).ensureAlpha().extractChannel(3).raw().toBuffer());
  return { base, raw: { data: new Uint8Array(raw), width: w, height: h }, mask, box: boxOf(mask, w, h) };
}

/** The bounding box of a mask's pixels above 8. */
export function boxOf(mask: Uint8Array, w: number, h: number): Box {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (mask[y * w + x]! <= 8) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** A trimmed RGBA persona: a figure (head, shirt, legs) on transparency; `shirt` varies the colour between runs. */
export function testPersona(shirt = "#c0392b"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="600"><ellipse cx="150" cy="90" rx="70" ry="85" fill="#e0ac82"/><rect x="30" y="170" width="240" height="260" rx="60" fill="${shirt}"/><rect x="55" y="410" width="80" height="190" fill="#2c3e50"/><rect x="165" y="410" width="80" height="190" fill="#2c3e50"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
