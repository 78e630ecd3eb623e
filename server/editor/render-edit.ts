import sharp, { type OverlayOptions } from "sharp";
import { applyColourTransform, colourTransform, type EditorDocument, outputSize } from "../../contract/editor.ts";
import { MAX_IMAGE_PIXELS } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * The editor's image operations on the base picture (the original, or a Studio backplate with its personas), in a
 * fixed order: colour (adjustments and filter), crop, quarter turns, flips; then the text, drawn by the Studio's
 * text renderer over the result. Each geometric step is its own sharp pipeline, because sharp orders the
 * operations of one pipeline its own way (it flips before it rotates).
 */
export async function renderEdit(
  base: Buffer,
  doc: EditorDocument,
  drawText: (canvas: { width: number; height: number }) => Promise<OverlayOptions[]>,
): Promise<Buffer> {
  const decoded = await sharp(base, { limitInputPixels: MAX_IMAGE_PIXELS }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = decoded.info;
  const { crop } = doc;
  if (crop.x + crop.w > width || crop.y + crop.h > height) {
    throw new AppError("invalid:body", "The crop reaches outside the image.", [{ path: "crop", message: `must lie within ${width}×${height}` }]);
  }
  const transform = colourTransform(doc.adjust, doc.filter);
  if (!isIdentity(transform)) applyColourTransform(decoded.data, transform);
  const raw = (w: number, h: number) => ({ raw: { width: w, height: h, channels: 4 as const } });
  let pixels = await sharp(decoded.data, raw(width, height)).extract({ left: crop.x, top: crop.y, width: crop.w, height: crop.h }).raw().toBuffer();
  if (doc.rotation !== 0) pixels = await sharp(pixels, raw(crop.w, crop.h)).rotate(doc.rotation).raw().toBuffer();
  const size = outputSize(doc);
  if (doc.flipX || doc.flipY) pixels = await sharp(pixels, raw(size.width, size.height)).flop(doc.flipX).flip(doc.flipY).raw().toBuffer();
  const overlays = await drawText(size);
  return sharp(pixels, raw(size.width, size.height)).composite(overlays).removeAlpha().png({ compressionLevel: 6 }).toBuffer();
}

function isIdentity(m: number[]): boolean {
  const id = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
  return m.every((v, i) => Math.abs(v - (id[i] ?? 0)) < 1e-9);
}

/** A rendered PNG as the format asked for, at full resolution. */
export async function encodeAs(png: Buffer, format: "png" | "jpeg" | "webp"): Promise<{ bytes: Buffer; contentType: string }> {
  if (format === "png") return { bytes: png, contentType: "image/png" };
  if (format === "jpeg") return { bytes: await sharp(png).jpeg({ quality: 92 }).toBuffer(), contentType: "image/jpeg" };
  return { bytes: await sharp(png).webp({ quality: 92 }).toBuffer(), contentType: "image/webp" };
}
