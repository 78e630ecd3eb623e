import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "../../contract/images.ts";

const MAX_SLUG_CHARACTERS = 60;
const FALLBACK_NAME = "thumbforge";

/**
 * A file name's stem from a headline: lower case, letters and digits of any script kept (a Chinese or Japanese
 * headline stays readable), everything else a dash, at most 60 characters, cut at a word where it can be.
 * "I tried 100 days of coding!" → "i-tried-100-days-of-coding".
 */
export function headlineSlug(headline: string | null | undefined): string {
  const words = (headline ?? "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  const chars = [...words];
  if (chars.length === 0) return FALLBACK_NAME;
  if (chars.length <= MAX_SLUG_CHARACTERS) return words;
  const cut = chars.slice(0, MAX_SLUG_CHARACTERS).join("");
  const lastDash = cut.lastIndexOf("-");
  return (lastDash >= MAX_SLUG_CHARACTERS / 2 ? cut.slice(0, lastDash) : cut).replace(/-+$/, "");
}

/**
 * `attachment` with the name twice: `filename*` in UTF-8 (RFC 6266, RFC 8187) for every browser of the last decade,
 * and an ASCII `filename` for the rest, with what ASCII cannot say dropped.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "").replace(/["\\]/g, "").replace(/^-+/, "") || `${FALLBACK_NAME}${fileName.slice(fileName.lastIndexOf("."))}`;
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface FittedFile {
  bytes: Buffer;
  format: "png" | "jpeg";
}

/** JPEG qualities searched: below 60 a thumbnail's headline edges ring visibly; 95 and above buys nothing YouTube keeps. */
const JPEG_QUALITY = { min: 40, max: 94 } as const;

/**
 * A picture as YouTube takes a thumbnail: under `maxBytes`. The PNG, losslessly smaller (zlib level 9), when it fits;
 * else the JPEG of the highest quality that fits, found by a binary search over the quality (six encodes at most),
 * its chroma kept at full resolution (4:4:4) so red and yellow headline edges do not bleed.
 */
export async function fitUnder(png: Buffer, maxBytes: number): Promise<FittedFile> {
  const pixels = sharp(png, { limitInputPixels: MAX_IMAGE_PIXELS }).removeAlpha();
  const lossless = await pixels.clone().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  if (lossless.length <= maxBytes) return { bytes: lossless, format: "png" };
  // libjpeg-turbo with optimised Huffman tables, not mozjpeg: mozjpeg saves a fifth of the bytes but takes ten to
  // twenty times as long per encode (0.1 s against 1.5–4.7 s for a noisy 1280×720 frame), and the search encodes six.
  const jpeg = (quality: number) => pixels.clone().jpeg({ quality, optimiseCoding: true, chromaSubsampling: "4:4:4" }).toBuffer();
  let best: Buffer | undefined;
  let low: number = JPEG_QUALITY.min;
  let high: number = JPEG_QUALITY.max;
  while (low <= high) {
    const quality = Math.floor((low + high) / 2);
    const bytes = await jpeg(quality);
    if (bytes.length <= maxBytes) {
      best = bytes;
      low = quality + 1;
    } else {
      high = quality - 1;
    }
  }
  // Chroma subsampled at the lowest quality is the last resort: a 1280×720 frame of pure noise still fits then.
  best ??= await pixels.clone().jpeg({ quality: JPEG_QUALITY.min, optimiseCoding: true }).toBuffer();
  if (best.length > maxBytes) throw new Error(`an export does not fit in ${maxBytes} bytes`);
  return { bytes: best, format: "jpeg" };
}
