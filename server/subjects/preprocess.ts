import sharp from "sharp";
import { MAX_UPLOAD_PIXELS } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";

export interface Photo {
  width: number;
  height: number;
  /** Interleaved RGB, upright, width × height × 3. */
  rgb: Buffer;
}

// Outside bytes: a pixel bomb stops at the header, a truncated file at the first warning (as uploads do).
const untrusted = { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: "warning" } as const;

/** The photo as upright RGB pixels; transparency is laid on white (the model never saw alpha). */
export async function decodePhoto(bytes: Buffer): Promise<Photo> {
  try {
    const { data, info } = await sharp(bytes, untrusted).rotate().flatten({ background: "#ffffff" }).removeAlpha().toColourspace("srgb").raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`decoded to ${info.channels} channels`);
    return { width: info.width, height: info.height, rgb: data };
  } catch (err) {
    // The same code and words as an upload that does not decode: the web already explains it.
    throw new AppError("unprocessable:image", "That image could not be read. It may be damaged or too large (40 megapixels at most).", undefined, {
      cause: err,
    });
  }
}

/** The model's input: the photo stretched to the model's square (as it was trained), planar and normalised. */
export async function modelInput(photo: Photo, edge: number): Promise<Float32Array> {
  const square = await sharp(photo.rgb, { raw: { width: photo.width, height: photo.height, channels: 3 } })
    .resize(edge, edge, { fit: "fill", kernel: "lanczos3" })
    .raw()
    .toBuffer();
  const plane = edge * edge;
  const input = new Float32Array(3 * plane);
  for (let pixel = 0, at = 0; pixel < plane; pixel++, at += 3) {
    input[pixel] = ((square[at] as number) - 128) / 256;
    input[pixel + plane] = ((square[at + 1] as number) - 128) / 256;
    input[pixel + 2 * plane] = ((square[at + 2] as number) - 128) / 256;
  }
  return input;
}
