import sharp from "sharp";
import type { FeedTheme } from "../../contract/feed-check.ts";

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The page YouTube draws the feed on, by theme. */
export const pageColours: Record<FeedTheme, string> = { dark: "#0f0f0f", light: "#ffffff" };

/** What the duration badge says: a typical ten-minute video's length, as wide as most badges are. */
export const BADGE_TEXT = "10:24";

/**
 * The duration badge as YouTube draws it in a slot of this width: a dark rounded rectangle inset from the bottom
 * right corner. Desktop and phone feeds set it in 12 px type (11 px in the 168 px lists), the TV app in 14 px;
 * its width follows the text (about 0.62 em a character) plus its padding.
 */
export function badgeRect(slot: { width: number; height: number }): Rect & { fontSize: number; radius: number } {
  const [fontSize, height, inset, padding] = slot.width >= 400 ? [14, 22, 6, 5] : slot.width >= 300 ? [12, 18, 4, 4] : [11, 16, 4, 4];
  const w = Math.round(0.62 * fontSize * BADGE_TEXT.length + 2 * padding);
  return { x: slot.width - inset - w, y: slot.height - inset - height, w, h: height, fontSize, radius: 4 };
}

/** Rounded corners of the slot, showing the page behind: 12 px in the large feeds, 8 px in the small lists. */
const cornerRadius = (width: number) => (width >= 300 ? 12 : 8);

/** Where an image of this size lands in a slot: scaled to fit, centred, black bars beside or above it (never cropped). */
export function placement(image: { width: number; height: number }, slot: { width: number; height: number }): { scale: number; x: number; y: number; w: number; h: number } {
  const scale = Math.min(slot.width / image.width, slot.height / image.height);
  const w = Math.max(1, Math.round(image.width * scale));
  const h = Math.max(1, Math.round(image.height * scale));
  return { scale, x: Math.floor((slot.width - w) / 2), y: Math.floor((slot.height - h) / 2), w, h };
}

/** A rectangle of the image, in the slot's pixels. */
export function toSlot(rect: Rect, place: ReturnType<typeof placement>): Rect {
  return { x: rect.x * place.scale + place.x, y: rect.y * place.scale + place.y, w: rect.w * place.scale, h: rect.h * place.scale };
}

export interface RenderedSlot {
  /** The slot as a viewer sees it, RGB, row by row. */
  rgb: Buffer;
  png: Buffer;
  width: number;
  height: number;
  place: ReturnType<typeof placement>;
  badge: Rect;
}

/** The image in one feed slot: letterboxed on black, duration badge drawn, corners rounded onto the page. */
export async function renderSlot(original: Buffer, image: { width: number; height: number }, slot: { width: number; height: number }, theme: FeedTheme): Promise<RenderedSlot> {
  const place = placement(image, slot);
  const badge = badgeRect(slot);
  const shrunk = await sharp(original).removeAlpha().resize(place.w, place.h, { kernel: "lanczos3", fit: "fill" }).png().toBuffer();
  const r = cornerRadius(slot.width);
  const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${slot.width}" height="${slot.height}">
<path fill="${pageColours[theme]}" fill-rule="evenodd" d="M0 0H${slot.width}V${slot.height}H0Z M${r} 0H${slot.width - r}A${r} ${r} 0 0 1 ${slot.width} ${r}V${slot.height - r}A${r} ${r} 0 0 1 ${slot.width - r} ${slot.height}H${r}A${r} ${r} 0 0 1 0 ${slot.height - r}V${r}A${r} ${r} 0 0 1 ${r} 0Z"/>
<rect x="${badge.x}" y="${badge.y}" width="${badge.w}" height="${badge.h}" rx="${badge.radius}" fill="#000000" fill-opacity="0.8"/>
<text x="${badge.x + badge.w / 2}" y="${badge.y + badge.h / 2}" dy="0.35em" text-anchor="middle" font-family="Roboto, DejaVu Sans, sans-serif" font-weight="500" font-size="${badge.fontSize}" fill="#ffffff">${BADGE_TEXT}</text>
</svg>`;
  const png = await sharp({ create: { width: slot.width, height: slot.height, channels: 3, background: "#000000" } })
    .composite([
      { input: shrunk, left: place.x, top: place.y },
      { input: Buffer.from(overlay), left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgb: data, png, width: slot.width, height: slot.height, place, badge: { x: badge.x, y: badge.y, w: badge.w, h: badge.h } };
}

/**
 * OCR reads small type better enlarged: every slot is upscaled (cubic) to this width, 4× the smallest slot, so
 * letters reach tesseract at the size it reads best, and what differs between sizes is only what shrinking blurred.
 */
export const OCR_WIDTH = 672;

export function ocrScale(slot: { width: number }): number {
  return OCR_WIDTH / slot.width;
}

export function upscaleForOcr(slot: RenderedSlot): Promise<Buffer> {
  return sharp(slot.png)
    .resize(OCR_WIDTH, Math.round(slot.height * ocrScale(slot)), { kernel: "cubic" })
    .png()
    .toBuffer();
}

/**
 * The headline's own box in a slot, with a margin, upscaled like a whole slot and levelled to grey: where the scene
 * says the words are, OCR reads them as one block, undistracted by the art around them (a drawn "100" on a badge,
 * a laptop's keys), which at these sizes throws its layout analysis off far more than the blur does.
 */
export function headlineCropForOcr(slot: RenderedSlot, box: Rect): Promise<Buffer> {
  // Wide at the sides: a scaled headline's lines may run past the box they were fitted to.
  const side = Math.max(3, box.h * 0.4);
  const margin = Math.max(2, box.h * 0.15);
  const left = Math.max(0, Math.floor(box.x - side));
  const top = Math.max(0, Math.floor(box.y - margin));
  const width = Math.max(1, Math.min(slot.width, Math.ceil(box.x + box.w + side)) - left);
  const height = Math.max(1, Math.min(slot.height, Math.ceil(box.y + box.h + margin)) - top);
  const factor = ocrScale(slot);
  return sharp(slot.png)
    .extract({ left, top, width, height })
    .resize(Math.round(width * factor), Math.round(height * factor), { kernel: "cubic", fit: "fill" })
    .greyscale()
    .normalise()
    .png()
    .toBuffer();
}
