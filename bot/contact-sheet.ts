import sharp from "sharp";

/** A sheet holds 25 faces (5×5): what a Discord message shows well; the text lists every handle. */
export const SHEET_MAX = 25;
const COLUMNS = 5;
const CELL = 160;
const LABEL = 28;
const GAP = 8;
const BACKGROUND = "#1e1f22";

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * One PNG of faces with their @handles under them (personas, in order), so a member sees every persona in one
 * attachment rather than ten. A face that cannot be read leaves its cell empty, still labelled.
 */
export async function contactSheet(cells: readonly { label: string; png: Buffer | undefined }[]): Promise<Buffer> {
  const shown = cells.slice(0, SHEET_MAX);
  const columns = Math.max(1, Math.min(COLUMNS, shown.length));
  const rows = Math.max(1, Math.ceil(shown.length / columns));
  const width = GAP + columns * (CELL + GAP);
  const height = GAP + rows * (CELL + LABEL + GAP);
  const layers = await Promise.all(
    shown.map(async (cell, i) => {
      const left = GAP + (i % columns) * (CELL + GAP);
      const top = GAP + Math.floor(i / columns) * (CELL + LABEL + GAP);
      const face = cell.png
        ? await sharp(cell.png).resize(CELL, CELL, { fit: "contain", background: BACKGROUND }).flatten({ background: BACKGROUND }).png().toBuffer().catch(() => undefined)
        : undefined;
      const label = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${CELL}" height="${LABEL}"><text x="${CELL / 2}" y="19" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="14" fill="#f2f3f5">${escapeXml(cell.label)}</text></svg>`,
      );
      return [...(face ? [{ input: face, left, top }] : []), { input: label, left, top: top + CELL }];
    }),
  );
  return sharp({ create: { width, height, channels: 3, background: BACKGROUND } }).composite(layers.flat()).png().toBuffer();
}
