import sharp, { type OutputInfo, type Sharp } from "sharp";
import { MAX_UPLOAD_PIXELS, type ImageVariant } from "../../contract/images.ts";
import { AppError } from "../http/app-error.ts";

export type SniffedType = "image/png" | "image/jpeg" | "image/webp";

/** The type the bytes say they are, whatever the file name or header claims (issue 5: HTML named .png → 415). */
export function sniffImageType(bytes: Buffer): SniffedType | undefined {
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return "image/png";
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return undefined;
}

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

/**
 * An upload, checked and normalised: orientation applied, metadata (EXIF, GPS) dropped because sharp writes none
 * unless asked, then the three stored variants. Throws 415 for bytes that are no PNG/JPEG/WebP, 422 for ones that
 * do not decode within the limits.
 */
export async function processUpload(bytes: Buffer): Promise<Variants> {
  if (!sniffImageType(bytes)) {
    throw new AppError("unsupported_media_type:image", "Upload a PNG, JPEG or WebP image.");
  }
  let raw: { data: Buffer; info: OutputInfo };
  try {
    const meta = await sharp(bytes, untrusted).metadata();
    if (!meta.width || !meta.height) throw new Error("no dimensions");
    raw = await sharp(bytes, untrusted).rotate().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new AppError("unprocessable:image", "That image could not be read. It may be damaged or too large (40 megapixels at most).", undefined, {
      cause: err,
    });
  }
  const { width, height, channels } = raw.info;
  return { width, height, bytes: await encodeVariants(sharp(raw.data, { raw: { width, height, channels } })) };
}

/** The variants of a PNG our own engines produced (trusted, already oriented). */
export async function variantsOfPng(png: Buffer): Promise<Variants> {
  const image = sharp(png);
  const { width, height } = await image.metadata();
  if (!width || !height) throw new Error("engine produced an image without dimensions");
  return { width, height, bytes: await encodeVariants(image, png) };
}

/** `original` is passed when the PNG exists already (engine output), so it is stored byte for byte. */
async function encodeVariants(image: Sharp, original?: Buffer): Promise<Record<ImageVariant, Buffer>> {
  const shrink = (edge: number) => image.clone().resize(edge, edge, { fit: "inside", withoutEnlargement: true });
  const [png, preview, thumb] = await Promise.all([
    original ?? image.clone().png().toBuffer(),
    shrink(PREVIEW_EDGE).webp({ quality: 82 }).toBuffer(),
    shrink(THUMB_EDGE).webp({ quality: 78 }).toBuffer(),
  ]);
  return { original: png, preview, thumb };
}
