import sharp from "sharp";

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Probabilities this close to 0 or 1 are the model's noise, not a soft edge: faint specks in the background. */
const SNAP = 1 / 64;

/** The model's probabilities as 8-bit alpha, in the model's square. */
export function maskBytes(probabilities: Float32Array): Buffer {
  const bytes = Buffer.allocUnsafe(probabilities.length);
  for (let i = 0; i < probabilities.length; i++) {
    const p = probabilities[i] as number;
    bytes[i] = p <= SNAP ? 0 : p >= 1 - SNAP ? 255 : Math.round(p * 255);
  }
  return bytes;
}

/**
 * The mask at the photo's own size. A smooth kernel on the way up keeps hair strands soft instead of blocky; the
 * square is un-stretched back to the photo's aspect in the same resize.
 */
export async function maskAtSize(square: Buffer, edge: number, width: number, height: number): Promise<Buffer> {
  const upscaling = width > edge || height > edge;
  const mask = await sharp(square, { raw: { width: edge, height: edge, channels: 1 } })
    .resize(width, height, { fit: "fill", kernel: upscaling ? "mitchell" : "lanczos3" })
    .extractChannel(0)
    .toColourspace("b-w")
    .raw()
    .toBuffer();
  if (mask.length !== width * height) throw new Error(`mask resized to ${mask.length} bytes, expected ${width * height}`);
  return mask;
}

/** The smallest box holding every pixel at least `threshold` opaque, or undefined for an empty mask. */
export function boxOf(mask: Uint8Array, width: number, height: number, threshold: number): Box | undefined {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if ((mask[row + x] as number) >= threshold) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    if (first < left) left = first;
    if (last > right) right = last;
    if (y < top) top = y;
    bottom = y;
  }
  return right < 0 ? undefined : { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** `box` grown by `padding` on every side, kept inside the image. */
export function padBox(box: Box, padding: number, width: number, height: number): Box {
  const left = Math.max(0, box.left - padding);
  const top = Math.max(0, box.top - padding);
  const right = Math.min(width, box.left + box.width + padding);
  const bottom = Math.min(height, box.top + box.height + padding);
  return { left, top, width: right - left, height: bottom - top };
}
