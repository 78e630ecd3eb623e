import type { Pixels } from "./legibility.ts";

/** Reads an image's pixels; the browser's is `readImagePixels`, tests hand in their own (jsdom has no canvas). */
export type PixelReader = (src: string, signal: AbortSignal) => Promise<Pixels>;

/**
 * Decodes an image and reads its pixels at its own size from a canvas; the shrinking to 168×94 is done by
 * legibility.ts, the same in every browser. Image bytes are same-origin, so the canvas is never tainted.
 */
export const readImagePixels: PixelReader = async (src, signal) => {
  const image = new Image();
  image.decoding = "async";
  image.src = src;
  await image.decode();
  if (signal.aborted) throw signal.reason;
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (!context) throw new Error("No 2D canvas");
  context.drawImage(image, 0, 0);
  return context.getImageData(0, 0, canvas.width, canvas.height);
};
