import sharp from "sharp";
import { MAX_UPLOAD_PIXELS, type ImageVariant } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import { type SniffedType, sniffImageType } from "../image-type.ts";
import type { OriginalFormat } from "../storage/keys.ts";
import { stripMetadata } from "./strip-metadata.ts";

// Every decode of outside bytes goes through these: a pixel bomb stops at the header, a truncated file at the first
// warning, instead of allocating gigabytes or storing half a picture.
const untrusted = { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: "warning" } as const;

const PREVIEW_EDGE = 1280;
const THUMB_EDGE = 384;

export interface Variants {
  width: number;
  height: number;
  bytes: Record<ImageVariant, Buffer>;
}

export interface UploadVariants extends Variants {
  format: OriginalFormat;
}

const ORIGINAL_FORMATS: Record<SniffedType, OriginalFormat> = { "image/png": "png", "image/jpeg": "jpeg", "image/webp": "webp" };

/**
 * An upload, checked and prepared with one decode: the preview is made straight from the file (JPEG shrinks while
 * it decodes) and the thumb from the preview. The original is kept as it came, less its metadata (EXIF, GPS, XMP,
 * comments), removed without re-encoding; only a picture that relies on EXIF orientation is re-encoded upright.
 * Throws 415 for bytes that are no PNG/JPEG/WebP, 422 for ones that do not decode within the limits.
 */
export async function processUpload(bytes: Buffer): Promise<UploadVariants> {
  const type = sniffImageType(bytes);
  if (!type) throw new AppError("unsupported_media_type:image", "Upload a PNG, JPEG or WebP image.");
  const format = ORIGINAL_FORMATS[type];
  try {
    const meta = await sharp(bytes, untrusted).metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    // Decoding the whole picture (at preview size) is also the check that it is complete: failOn stops at a warning.
    const preview = await sharp(bytes, untrusted)
      .rotate()
      .resize(PREVIEW_EDGE, PREVIEW_EDGE, { fit: "inside", withoutEnlargement: true })
      // Effort 2 encodes in a third of the default's time for a preview that looks the same.
      .webp({ quality: 82, effort: 2 })
      .toBuffer();
    const upright = (meta.orientation ?? 1) <= 1;
    const [original, thumb] = await Promise.all([
      upright ? (stripMetadata(bytes, format) ?? reencode(bytes, format)) : reencode(bytes, format),
      sharp(preview).resize(THUMB_EDGE, THUMB_EDGE, { fit: "inside", withoutEnlargement: true }).webp({ quality: 78, effort: 2 }).toBuffer(),
    ]);
    // Orientations 5–8 swap the sides.
    const swapped = (meta.orientation ?? 1) >= 5;
    return {
      format,
      width: swapped ? meta.height : meta.width,
      height: swapped ? meta.width : meta.height,
      bytes: { original, preview, thumb },
    };
  } catch (err) {
    throw new AppError("unprocessable:image", "That image could not be read. It may be damaged or too large (40 megapixels at most).", undefined, {
      cause: err,
    });
  }
}

/** Upright, in the same format, with no metadata (sharp writes none unless asked). */
function reencode(bytes: Buffer, format: OriginalFormat): Promise<Buffer> {
  const image = sharp(bytes, untrusted).rotate();
  if (format === "jpeg") return image.jpeg({ quality: 92 }).toBuffer();
  if (format === "webp") return image.webp({ quality: 92 }).toBuffer();
  return image.png({ compressionLevel: 6 }).toBuffer();
}

/** The variants of a PNG our own engines produced (trusted, already oriented); the PNG is stored byte for byte. */
export async function variantsOfPng(png: Buffer): Promise<Variants> {
  const image = sharp(png);
  const { width, height } = await image.metadata();
  if (!width || !height) throw new Error("engine produced an image without dimensions");
  const shrink = (edge: number) => image.clone().resize(edge, edge, { fit: "inside", withoutEnlargement: true });
  const [preview, thumb] = await Promise.all([shrink(PREVIEW_EDGE).webp({ quality: 82 }).toBuffer(), shrink(THUMB_EDGE).webp({ quality: 78 }).toBuffer()]);
  return { width, height, bytes: { original: png, preview, thumb } };
}
