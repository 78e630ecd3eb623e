import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { artSvg, isArtId } from "./art-svg.ts";

async function rasterise(id: string, px: number) {
  return sharp(Buffer.from(artSvg(id)), { density: (72 * px) / 32 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

function meanDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
}

describe("artSvg", () => {
  it("gives a standalone SVG that sharp rasterises at the size the density asks for, with something drawn", async () => {
    const svg = artSvg("trophy");
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 32 32"/u);
    const raster = await rasterise("trophy", 240);
    expect(raster.info.width).toBe(240);
    expect(raster.info.height).toBe(240);
    const stats = await sharp(raster.data, { raw: raster.info }).stats();
    expect(stats.channels[3]?.mean).toBeGreaterThan(40);
    expect(stats.isOpaque).toBe(false);
  });

  it("throws for an id the set does not have", () => {
    expect(() => artSvg("no-such-icon")).toThrow(/no-such-icon/u);
    expect(() => artSvg("toString")).toThrow();
    expect(isArtId("toString")).toBe(false);
    expect(isArtId("video-game")).toBe(true);
    expect(isArtId("")).toBe(false);
  });

  it("never serves the hidden skin-tone leftovers", () => {
    expect(isArtId("man-wrestling-dark")).toBe(false);
  });

  it("draws an alias as its parent mirrored", async () => {
    expect(isArtId("backhand-index-pointing-right")).toBe(true);
    const left = await rasterise("backhand-index-pointing-left", 64);
    const right = await rasterise("backhand-index-pointing-right", 64);
    const mirrored = await sharp(left.data, { raw: left.info }).flop().raw().toBuffer();
    expect(meanDifference(right.data, mirrored)).toBeLessThan(1);
    expect(meanDifference(right.data, left.data)).toBeGreaterThan(10);
  });
});
