/**
 * Thumbnails with known colours and layouts, drawn at test time, for the style kits' tests, browser spec and
 * screenshots: a flat backdrop with a second colour's band, a person-like shape on one side and a headline in the
 * bundled Anton on the other, its fill, outline and drop shadow as given.
 */
import sharp from "sharp";
import { createFontStore } from "../studio/fonts.ts";

export interface StyleThumbnail {
  background: string;
  band: string;
  /** The headline's words, its lines one under the other. */
  lines: readonly string[];
  fill: string;
  outline: string;
  side: "left" | "right";
  /** The second line's colour, when it has its own. */
  highlight?: string;
}

/** The set the tests learn from: orange and navy, white words with a black outline, on the left. */
export const orangeLeft: readonly StyleThumbnail[] = [
  { background: "#ff7a00", band: "#1b2a6b", lines: ["HUGE", "MISTAKE"], fill: "#ffffff", outline: "#000000", side: "left" },
  { background: "#ff7a00", band: "#1b2a6b", lines: ["NEVER", "AGAIN"], fill: "#ffffff", outline: "#000000", side: "left" },
  { background: "#ff7a00", band: "#1b2a6b", lines: ["I QUIT", "TODAY"], fill: "#ffffff", outline: "#000000", side: "left" },
];

export async function drawStyleThumbnail(t: StyleThumbnail, width = 1280, height = 720): Promise<Buffer> {
  const anton = (await createFontStore().face("anton")).font;
  const size = height * 0.2;
  const textX = t.side === "left" ? width * 0.05 : width * 0.55;
  const paths = t.lines.map((line, i) => ({
    d: anton.getPath(line, textX, height * 0.3 + i * size * 1.05, size).toPathData(2),
    fill: i === 1 && t.highlight ? t.highlight : t.fill,
  }));
  const stroke = height * 0.012;
  const personX = t.side === "left" ? width * 0.72 : width * 0.25;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="${t.background}"/>
    <rect y="${height * 0.82}" width="${width}" height="${height * 0.18}" fill="${t.band}"/>
    <g fill="#e0a27c"><ellipse cx="${personX}" cy="${height * 0.38}" rx="${height * 0.14}" ry="${height * 0.17}"/>
    <rect x="${personX - height * 0.26}" y="${height * 0.56}" width="${height * 0.52}" height="${height * 0.5}" rx="${height * 0.1}"/></g>
    <g transform="translate(${stroke * 1.5} ${stroke * 2})" opacity="0.8">${paths.map((p) => `<path d="${p.d}" fill="${t.outline}" stroke="${t.outline}" stroke-width="${stroke * 2}" stroke-linejoin="round"/>`).join("")}</g>
    ${paths.map((p) => `<path d="${p.d}" fill="${t.outline}" stroke="${t.outline}" stroke-width="${stroke * 2}" stroke-linejoin="round"/>`).join("")}
    ${paths.map((p) => `<path d="${p.d}" fill="${p.fill}"/>`).join("")}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
