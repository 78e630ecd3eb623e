import sharp from "sharp";
import { svgDoc, vignetteSvg } from "./background-svg.ts";
import type { Scene } from "./scene.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "../../contract/images.ts";
import { renderScale } from "./scale-scene.ts";

/**
 * A base image (an upload the user starts from) becomes the scene's backdrop: cover-fitted with the interesting
 * part kept, then treated in the style's look so headline and persona sit on it the way they sit on a drawn one.
 */
export const PHOTO_LIMITS = { maxBytes: MAX_IMAGE_BYTES, maxPixels: MAX_IMAGE_PIXELS } as const;

export async function photoLayer(scene: Scene, photo: Buffer): Promise<Buffer> {
  const { width, height, palette } = scene;
  let image = sharp(photo, { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: "warning" })
    .rotate()
    .resize(width, height, { fit: "cover", position: "attention" });
  // A provider's picture was made in the asked look already; treating it again would only dull it.
  if (scene.background.modelPicture) return image.toColourspace("srgb").ensureAlpha().raw().toBuffer();
  switch (scene.style) {
    case "realistic":
      // Darkened a little so the white headline keeps its contrast without a plate.
      image = image.modulate({ brightness: 0.72, saturation: 1.1 });
      break;
    case "cartoon":
      // The smoothing window grows with a master's scale, so its paint-like look is the 1× picture's.
      image = image.median(oddAtLeast3(3 * renderScale(scene))).modulate({ saturation: 1.5, brightness: 1.05 }).linear(1.15, -12);
      break;
    case "abstract":
      // A duotone in the palette's light colour, so the generative shapes on top belong to the picture.
      image = image.tint(palette.light).linear(0.9, -10);
      break;
    case "vintage":
      image = image.recomb([
        [0.393, 0.769, 0.189],
        [0.349, 0.686, 0.168],
        [0.272, 0.534, 0.131],
      ]).linear(0.95, -4);
      break;
  }
  // The drawn background (and its vignette) lies under the photo, so the vignette is repeated on it.
  const vignette = vignetteSvg(scene);
  if (vignette) image = image.composite([{ input: Buffer.from(svgDoc(width, height, [vignette.def], [vignette.body])) }]);
  // Grey or CMYK uploads come out as RGBA like everything else in the composite.
  return image.toColourspace("srgb").ensureAlpha().raw().toBuffer();
}

/** True when the bytes decode as a PNG, JPEG or WebP within the limits. */
export async function isUsablePhoto(photo: Buffer): Promise<boolean> {
  if (photo.length === 0 || photo.length > PHOTO_LIMITS.maxBytes) return false;
  try {
    const meta = await sharp(photo, { limitInputPixels: PHOTO_LIMITS.maxPixels, failOn: "warning" }).metadata();
    return meta.format === "png" || meta.format === "jpeg" || meta.format === "webp";
  } catch {
    return false;
  }
}

function oddAtLeast3(n: number): number {
  const r = Math.max(3, Math.round(n));
  return r % 2 === 1 ? r : r + 1;
}
