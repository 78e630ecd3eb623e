/**
 * Subject swap: the base image's subject (given as its mask and box, from the subject extractor) is removed, the hole
 * is filled from the surrounding background, and a persona cut-out takes its place, scale, light and shadow. Decoding,
 * resizing and encoding are sharp's (off the event loop in libvips threads); the pixel work runs in the worker pool.
 */
import sharp from "sharp";
import { AppError } from "../errors/app-error.ts";
import type { SwapWorkerPool } from "./inpaint-pool.ts";
import { alphaBounds, type Box, placePersona } from "./swap-compose.ts";

/** Past this share of the frame, too little background is left to rebuild the hole from. */
const MAX_SUBJECT_SHARE = 0.85;

export type SwapFormat = "png" | "webp" | "jpeg";

export interface SwapSubjectInput {
  /** The base image, any format sharp reads. */
  base: Buffer;
  /** The subject's 8-bit alpha, one byte a pixel, base size (0 background, 255 subject). */
  subjectMask: Uint8Array;
  /** The subject's bounding box in base pixels. */
  subjectBox: Box;
  /** The persona cut-out: RGBA PNG, trimmed to its opaque pixels. */
  persona: Buffer;
  format?: SwapFormat;
  /** Same inputs and seed give the same bytes. */
  seed?: number;
  signal?: AbortSignal;
}

export interface SwapSubjectResult {
  image: Buffer;
  format: SwapFormat;
  width: number;
  height: number;
  /** Where the persona was placed, in base pixels. */
  personaBox: Box;
}

async function decodeRgba(input: Buffer, code: "unprocessable:base_image" | "unprocessable:persona", what: string, crop?: Box, size?: Box) {
  try {
    const cropped = crop ? sharp(input).extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height }) : sharp(input);
    // sharp premultiplies alpha while resizing, so the cut-out's transparent pixels do not bleed into its edge.
    const resized = size ? cropped.resize(size.width, size.height, { fit: "fill", kernel: "lanczos3" }) : cropped;
    const { data, info } = await resized.toColourspace("srgb").ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (cause) {
    throw new AppError(code, `The ${what} could not be read as an image.`, undefined, { cause });
  }
}

/** The box cut to the image; refused when nothing of it is left. */
function clampBox(box: Box, width: number, height: number): Box {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.width));
  const y1 = Math.min(height, Math.ceil(box.y + box.height));
  if (x1 - x0 < 2 || y1 - y0 < 2) throw new AppError("unprocessable:base_image", "The subject's box lies outside the base image.");
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

function encode(data: Uint8Array, width: number, height: number, format: SwapFormat): Promise<Buffer> {
  const image = sharp(data, { raw: { width, height, channels: 4 } });
  if (format === "webp") return image.webp({ quality: 90 }).toBuffer();
  if (format === "jpeg") return image.flatten().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  return image.png().toBuffer();
}

export async function swapSubject(input: SwapSubjectInput, pool: SwapWorkerPool): Promise<SwapSubjectResult> {
  const format = input.format ?? "png";
  input.signal?.throwIfAborted();
  const base = await decodeRgba(input.base, "unprocessable:base_image", "base image");
  if (input.subjectMask.length !== base.width * base.height) {
    throw new AppError("unprocessable:base_image", "The subject mask is not the size of the base image.");
  }
  // An indexed loop: this runs on the event loop, and for…of over a typed array is several times slower.
  const mask = input.subjectMask;
  let covered = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]! > 8) covered++;
  if (covered > MAX_SUBJECT_SHARE * base.width * base.height) {
    throw new AppError("unprocessable:base_image", "The subject fills almost the whole image: there is no background to rebuild around it.");
  }
  const subjectBox = clampBox(input.subjectBox, base.width, base.height);
  // A transparent margin left on the cut-out would make it float above the floor: place its opaque pixels only.
  const alpha = await sharp(input.persona)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((cause: unknown) => {
      throw new AppError("unprocessable:persona", "The persona could not be read as an image.", undefined, { cause });
    });
  const opaque = alphaBounds(alpha.data, alpha.info.width, alpha.info.height);
  if (!opaque) throw new AppError("unprocessable:persona", "The persona has no visible pixels.");
  const placement = placePersona(subjectBox, opaque, base);
  const persona = await decodeRgba(input.persona, "unprocessable:persona", "persona", opaque, placement);
  input.signal?.throwIfAborted();
  // Fresh copies: their buffers move to the worker, and sharp's may share memory with others.
  const data = await pool.run(
    {
      base: { data: new Uint8Array(base.data), width: base.width, height: base.height },
      subjectMask: new Uint8Array(input.subjectMask),
      persona: { data: new Uint8Array(persona.data), width: persona.width, height: persona.height },
      placement,
      seed: input.seed ?? 1,
    },
    input.signal,
  );
  const image = await encode(data, base.width, base.height, format);
  const { x, y, width, height } = placement;
  return { image, format, width: base.width, height: base.height, personaBox: { x, y, width, height } };
}
