import { describe, expect, it } from "vitest";
import { pixelVerdict, sceneVerdict, shrinkToSmallest } from "./legibility.ts";
import { drawHeadline, solid } from "../../testing/pixel-fixtures.ts";

const at = (image: { width: number; data: Uint8ClampedArray }, x: number, y: number) => Array.from(image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3));

describe("shrinkToSmallest", () => {
  it("averages a 16:9 image down to 168×94", () => {
    const image = solid(1280, 720, [200, 40, 10]);
    const small = shrinkToSmallest(image);
    expect([small.width, small.height]).toEqual([168, 94]);
    expect(at(small, 84, 47)).toEqual([200, 40, 10]);
  });

  it("letterboxes a portrait image with black bars, as YouTube does", () => {
    const small = shrinkToSmallest(solid(1080, 1920, [255, 255, 255]));
    expect(at(small, 2, 47)).toEqual([0, 0, 0]);
    expect(at(small, 84, 47)).toEqual([255, 255, 255]);
  });
});

describe("pixelVerdict", () => {
  it("finds a big white headline on black readable", () => {
    const image = drawHeadline(solid(1280, 720, [12, 12, 16]), { x: 80, y: 260, cap: 160, letters: 8, colour: [255, 255, 255] });
    const verdict = pixelVerdict(shrinkToSmallest(image));
    expect(verdict).toMatchObject({ basis: "pixels", level: "good" });
    expect(verdict.level !== "none" && verdict.contrast).toBeGreaterThan(7);
  });

  it("finds grey text on grey too faint", () => {
    const image = drawHeadline(solid(1280, 720, [110, 110, 110]), { x: 80, y: 260, cap: 160, letters: 8, colour: [150, 150, 150] });
    const verdict = pixelVerdict(shrinkToSmallest(image));
    expect(verdict.level).toBe("poor");
  });

  it("finds tiny text blurred away: no text-like detail survives at 168 px", () => {
    const image = drawHeadline(solid(1280, 720, [12, 12, 16]), { x: 80, y: 300, cap: 12, letters: 30, colour: [255, 255, 255] });
    const verdict = pixelVerdict(shrinkToSmallest(image));
    expect(verdict.level === "none" || verdict.level === "poor").toBe(true);
  });

  it("finds nothing text-like in a flat image", () => {
    expect(pixelVerdict(shrinkToSmallest(solid(1280, 720, [90, 30, 120])))).toMatchObject({ level: "none", textCells: 0 });
  });
});

describe("sceneVerdict", () => {
  const scene = (layer: Record<string, unknown>) => ({ width: 1280, height: 720, text: [layer] });

  it("scales the headline's font size to 168 px wide and reads its stored contrast", () => {
    // Anton caps are 0.859 of the size; 120 px at 1280 wide is 120 × 0.859 × 168/1280 ≈ 13.5 px.
    expect(sceneVerdict(scene({ text: "BUILD IT FAST", face: "anton", script: "latin", size: 120, contrast: 8.2 }))).toEqual({
      basis: "scene",
      level: "good",
      capHeight: 13.5,
      cjk: false,
      contrast: 8.2,
      headline: "BUILD IT FAST",
    });
  });

  it("calls a small headline poor however strong its contrast", () => {
    expect(sceneVerdict(scene({ text: "A LONG HEADLINE", face: "anton", size: 40, contrast: 12 }))?.level).toBe("poor");
  });

  it("calls a big headline with weak contrast fair or poor", () => {
    expect(sceneVerdict(scene({ text: "BIG", face: "anton", size: 150, contrast: 3.4 }))?.level).toBe("fair");
    expect(sceneVerdict(scene({ text: "BIG", face: "anton", size: 150, contrast: 2.1 }))?.level).toBe("poor");
  });

  it("uses the largest layer, letterboxes portrait scenes, and gives up on scenes without measured text", () => {
    const portrait = { width: 1080, height: 1920, text: [{ text: "small", size: 30 }, { text: "TALL", face: "anton", size: 300, contrast: 9 }] };
    // 94/1920 of 300 × 0.859 ≈ 12.6 px.
    expect(sceneVerdict(portrait)).toMatchObject({ headline: "TALL", capHeight: 12.6 });
    expect(sceneVerdict({ width: 1280, height: 720, text: [{ text: "unmeasured" }] })).toBeUndefined();
    expect(sceneVerdict(null)).toBeUndefined();
  });
});
