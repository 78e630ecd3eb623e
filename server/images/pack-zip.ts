import { zipSync } from "fflate";
import sharp from "sharp";
import { imageAspects, MAX_IMAGE_PIXELS, PACK_ASPECT, PACK_MAX_FILE_BYTES } from "../../contract/images.ts";
import { sniffImageType } from "../image-type.ts";

/** A file of the pack's zip, fitted to what YouTube's Test & Compare takes. */
export interface PackFile {
  bytes: Buffer;
  extension: "png" | "jpg";
}

const { width: PACK_WIDTH, height: PACK_HEIGHT } = imageAspects[PACK_ASPECT];

/** JPEG qualities tried in turn until the file fits: high first, so a picture loses only what the limit demands. */
const JPEG_QUALITIES = [92, 86, 80, 74, 68, 60, 50, 40] as const;

/**
 * One original as YouTube takes a thumbnail: 1280×720 and under 2 MB. A Studio PNG already fits and is kept byte for
 * byte; a provider's original of another size is cropped to the frame, and one over the limit becomes a JPEG, its
 * quality stepped down until it fits. Stored originals passed the engine's checks, yet the pixel limit still holds.
 */
export async function fitForYouTube(original: Buffer, maxBytes = PACK_MAX_FILE_BYTES): Promise<PackFile> {
  const meta = await sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  const framed = meta.width === PACK_WIDTH && meta.height === PACK_HEIGHT;
  if (framed && original.length <= maxBytes && sniffImageType(original) === "image/png") return { bytes: original, extension: "png" };
  const pixels = sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate().resize(PACK_WIDTH, PACK_HEIGHT, { fit: "cover", position: "attention" });
  if (!framed) {
    const png = await pixels.clone().png({ compressionLevel: 9 }).toBuffer();
    if (png.length <= maxBytes) return { bytes: png, extension: "png" };
  }
  for (const quality of JPEG_QUALITIES) {
    const jpeg = await pixels.clone().flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: true }).toBuffer();
    if (jpeg.length <= maxBytes) return { bytes: jpeg, extension: "jpg" };
  }
  // 1280×720 at quality 40 is a few hundred kilobytes whatever the picture; reaching this means the limit was set absurdly low.
  throw new Error(`a pack image does not fit in ${maxBytes} bytes`);
}

/**
 * The pack's zip: a.png, b.png, c.png (or .jpg) in variant order. Stored, not deflated: PNG and JPEG are compressed
 * already, and deflating them again costs time for nothing.
 */
export function packZip(files: readonly PackFile[]): Buffer {
  const entries = Object.fromEntries(files.map((file, index) => [`${String.fromCharCode(97 + index)}.${file.extension}`, file.bytes]));
  const zipped = zipSync(entries, { level: 0 });
  return Buffer.from(zipped.buffer, zipped.byteOffset, zipped.byteLength);
}
