import sharp from "sharp";
import { MAX_IMAGE_PIXELS } from "../../contract/images.ts";

/** Width both pictures are compared at: enough for a changed word or object to show, small enough to be quick. */
const COMPARE_WIDTH = 128;
/**
 * Largest difference of any channel of any compared pixel that still counts as the same picture. Re-encoding (PNG to
 * JPEG and back, colour profiles) moves pixels by a few levels; any edit a person could see moves some pixel by far
 * more at this size (docs/decisions/029-edits-report-a-scene-diff.md).
 */
const SAME_TOLERANCE = 6;

/**
 * Whether a provider's result is the picture it was given: the same bytes, or the same pixels give or take
 * re-encoding. Pictures of different sizes are different; bytes that do not decode are left for storing to judge.
 */
export async function samePicture(a: Buffer, b: Buffer): Promise<boolean> {
  if (a.equals(b)) return true;
  try {
    const [ma, mb] = await Promise.all([a, b].map((bytes) => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata()));
    if (!ma?.width || !ma.height || ma.width !== mb?.width || ma.height !== mb.height) return false;
    const height = Math.max(1, Math.round((COMPARE_WIDTH * ma.height) / ma.width));
    const small = (bytes: Buffer) =>
      sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).flatten({ background: "#ffffff" }).removeAlpha().resize(COMPARE_WIDTH, height, { fit: "fill" }).raw().toBuffer();
    const [pa, pb] = await Promise.all([small(a), small(b)]);
    if (pa.length !== pb.length) return false;
    for (let i = 0; i < pa.length; i++) if (Math.abs((pa[i] ?? 0) - (pb[i] ?? 0)) > SAME_TOLERANCE) return false;
    return true;
  } catch {
    return false;
  }
}
