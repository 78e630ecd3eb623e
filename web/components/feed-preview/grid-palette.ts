import { BLENDS_IN_DISTANCE, clusterPalette, paletteDistance, STANDS_OUT_DISTANCE, type Swatch } from "../../../contract/style-kits.ts";
import type { Pixels } from "./legibility.ts";

/** Pixels read for a palette: every n-th, so a 320 px thumbnail is a few thousand points. */
const SAMPLE_PIXELS = 4000;

/** A thumbnail's palette, clustered in Lab the way style kits are learned (contract/style-kits.ts). */
export function paletteOf(pixels: Pixels): Swatch[] {
  const step = Math.max(1, Math.floor((pixels.width * pixels.height) / SAMPLE_PIXELS));
  return clusterPalette(pixels.data, 4, 5, (i) => i % step === 0);
}

export type GridFit = "stands-out" | "blends-in" | "between";

/**
 * How a thumbnail sits among the creator's recent ones: its palette's mean distance from theirs. Far apart, it stands
 * out of the channel page; close, it blends in (which may be the point, for a series).
 */
export function gridFit(yours: readonly Swatch[], recent: readonly (readonly Swatch[])[]): { fit: GridFit; distance: number } | undefined {
  if (recent.length === 0) return undefined;
  const distance = Math.round(recent.reduce((sum, other) => sum + paletteDistance(yours, other), 0) / recent.length);
  return { fit: distance >= STANDS_OUT_DISTANCE ? "stands-out" : distance <= BLENDS_IN_DISTANCE ? "blends-in" : "between", distance };
}
