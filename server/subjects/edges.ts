import sharp from "sharp";
import type { Box } from "./mask.ts";
import type { Photo } from "./preprocess.ts";

/** The part of the photo and of its mask inside `box`. */
export async function cropPhoto(photo: Photo, mask: Uint8Array, box: Box): Promise<{ photo: Photo; mask: Uint8Array }> {
  const rgb = await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } }).extract(box).raw().toBuffer();
  const cropped = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y++) {
    const from = (box.top + y) * photo.width + box.left;
    cropped.set(mask.subarray(from, from + box.width), y * box.width);
  }
  return { photo: { width: box.width, height: box.height, rgb }, mask: cropped };
}

/**
 * Colours for the cut-out's soft edge. A half-opaque hair pixel's colour is part background (green grass behind blond
 * hair); kept as it is, the old background shows as a halo on the new one. Each edge pixel is unmixed,
 * I = αF + (1 − α)B ⇒ F = (I − (1 − α)B) / α, with B the mean colour of the confident background nearby and, where α
 * is too small for the division to be trusted, faded toward the mean colour of the confident subject nearby. Both
 * means come from one blur each of the photo with the confident pixels as alpha: sharp blurs RGBA premultiplied, so the
 * blurred RGB is the mean of the weighted pixels and the blurred alpha says how many there were.
 *
 * Returns RGBA at the photo's size.
 */
export async function cutoutPixels(photo: Photo, mask: Uint8Array): Promise<Buffer> {
  const { width, height, rgb } = photo;
  const pixels = width * height;
  // ISNet's edges are a few pixels wide at 1024 px and grow with the photo; the blur must reach past them.
  const sigma = Math.max(4, Math.max(width, height) / 200);
  const around = (confident: (alpha: number) => boolean) => {
    const rgba = Buffer.allocUnsafe(pixels * 4);
    for (let i = 0, s = 0, d = 0; i < pixels; i++, s += 3, d += 4) {
      rgba[d] = rgb[s] as number;
      rgba[d + 1] = rgb[s + 1] as number;
      rgba[d + 2] = rgb[s + 2] as number;
      rgba[d + 3] = confident(mask[i] as number) ? 255 : 0;
    }
    // minAmplitude: sharp cuts the kernel at a fifth of its peak by default, which would not reach past a wide edge.
    return sharp(rgba, { raw: { width, height, channels: 4 } }).blur({ sigma, minAmplitude: 0.01 }).raw().toBuffer();
  };
  const [background, subject] = await Promise.all([around((a) => a <= CONFIDENT_BACKGROUND), around((a) => a >= CONFIDENT_SUBJECT)]);
  const out = Buffer.allocUnsafe(pixels * 4);
  for (let i = 0, s = 0, d = 0; i < pixels; i++, s += 3, d += 4) {
    const alpha = mask[i] as number;
    out[d + 3] = alpha;
    const hasSubject = (subject[d + 3] as number) >= MIN_WEIGHT;
    if (alpha === 255 || (alpha === 0 && !hasSubject)) {
      out[d] = rgb[s] as number;
      out[d + 1] = rgb[s + 1] as number;
      out[d + 2] = rgb[s + 2] as number;
      continue;
    }
    if (alpha === 0) {
      // Invisible, but a viewer that scales without premultiplying blends it in: the subject's colour is safest.
      out[d] = subject[d] as number;
      out[d + 1] = subject[d + 1] as number;
      out[d + 2] = subject[d + 2] as number;
      continue;
    }
    const a = alpha / 255;
    const hasBackground = (background[d + 3] as number) >= MIN_WEIGHT;
    // Below a third opaque the unmixing divides noise by a small number: fade to the neighbourhood's subject colour.
    const trust = a >= 1 / 3 || !hasSubject ? 1 : a * 3;
    for (let c = 0; c < 3; c++) {
      const seen = rgb[s + c] as number;
      const unmixed = hasBackground ? (seen - (1 - a) * (background[d + c] as number)) / a : seen;
      const clamped = unmixed < 0 ? 0 : unmixed > 255 ? 255 : unmixed;
      out[d + c] = Math.round(trust * clamped + (1 - trust) * (subject[d + c] as number));
    }
  }
  return out;
}

/** Mask values taken as surely background and surely subject when estimating their colours. */
const CONFIDENT_BACKGROUND = 16;
const CONFIDENT_SUBJECT = 240;
/** Below this blurred weight (of 255) too few confident pixels are near for their mean colour to mean anything. */
const MIN_WEIGHT = 2;
