import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { inpaint, type RawImage } from "./inpaint.ts";
import { dilateSquare, distanceInside, holeFromAlpha } from "./masks.ts";
import { SUBJECT_RGB, testScene } from "./test-scenes.ts";

const W = 480;
const H = 270;

/** Mean absolute vertical + horizontal step over the pixels `include` picks: how much texture a region carries. */
function gradientEnergy(image: RawImage, include: (p: number) => boolean): number {
  const { width: w, height: h, data } = image;
  let sum = 0;
  let n = 0;
  for (let y = 0; y < h - 1; y++) {
    for (let x = 0; x < w - 1; x++) {
      const p = y * w + x;
      if (!include(p)) continue;
      for (let c = 0; c < 3; c++) sum += Math.abs(data[p * 4 + c]! - data[(p + 1) * 4 + c]!) + Math.abs(data[p * 4 + c]! - data[(p + w) * 4 + c]!);
      n++;
    }
  }
  return sum / n;
}

/** What a plain blur would put in the hole: the ring's mean colour in the hole, then a wide Gaussian over it all. */
async function blurredFill(image: RawImage, hole: Uint8Array, ring: (p: number) => boolean): Promise<RawImage> {
  const mean = [0, 0, 0];
  let n = 0;
  for (let p = 0; p < image.width * image.height; p++) {
    if (!ring(p)) continue;
    for (let c = 0; c < 3; c++) mean[c]! += image.data[p * 4 + c]!;
    n++;
  }
  const seeded = new Uint8Array(image.data);
  for (let p = 0; p < hole.length; p++) if (hole[p]) for (let c = 0; c < 3; c++) seeded[p * 4 + c] = Math.round(mean[c]! / n);
  const blurred = await sharp(seeded, { raw: { width: image.width, height: image.height, channels: 4 } }).blur(6).raw().toBuffer();
  const out = new Uint8Array(image.data);
  for (let p = 0; p < hole.length; p++) if (hole[p]) for (let c = 0; c < 3; c++) out[p * 4 + c] = blurred[p * 4 + c]!;
  return { data: out, width: image.width, height: image.height };
}

async function stripesCase() {
  const scene = await testScene({ width: W, height: H, backdrop: "stripes", pose: "bust" });
  const hole = holeFromAlpha(scene.mask, W, H, 4);
  const near = dilateSquare(hole, W, H, 12);
  const ring = (p: number) => near[p] === 1 && hole[p] === 0;
  const filled: RawImage = { data: inpaint(scene.raw, hole, { seed: 3 }), width: W, height: H };
  return { scene, hole, ring, filled };
}

describe("inpaint", () => {
  it("continues horizontal stripes across the hole, row by row", async () => {
    const { scene, hole, filled } = await stripesCase();
    // Each row's stripe colour, read left of the subject where the background is untouched.
    let matching = 0;
    let total = 0;
    for (let y = 0; y < H; y++) {
      const reference = (y * W + 2) * 4;
      for (let x = 0; x < W; x++) {
        const p = y * W + x;
        if (!hole[p]) continue;
        let d = 0;
        for (let c = 0; c < 3; c++) d += Math.abs(filled.data[p * 4 + c]! - scene.raw.data[reference + c]!);
        if (d < 60) matching++;
        total++;
      }
    }
    expect(total).toBeGreaterThan(W * H * 0.15);
    expect(matching / total).toBeGreaterThan(0.9);
  });

  it("keeps the texture of the ring around the hole, which a blurred fill loses", async () => {
    const { scene, hole, ring, filled } = await stripesCase();
    const blurred = await blurredFill(scene.raw, hole, ring);
    const inHole = (p: number) => hole[p] === 1;
    const ringEnergy = gradientEnergy(filled, ring);
    const fillEnergy = gradientEnergy(filled, inHole);
    const blurEnergy = gradientEnergy(blurred, inHole);
    expect(fillEnergy / ringEnergy).toBeGreaterThan(0.6);
    expect(blurEnergy / ringEnergy).toBeLessThan(0.3);
    let difference = 0;
    let n = 0;
    for (let p = 0; p < hole.length; p++) {
      if (!hole[p]) continue;
      for (let c = 0; c < 3; c++) difference += Math.abs(filled.data[p * 4 + c]! - blurred.data[p * 4 + c]!);
      n += 3;
    }
    expect(difference / n).toBeGreaterThan(30);
  });

  it("leaves no trace of the old subject's colour, and no pixel outside the hole changed", async () => {
    const scene = await testScene({ width: W, height: H, backdrop: "scene", pose: "standing" });
    const hole = holeFromAlpha(scene.mask, W, H, 4);
    const filled = inpaint(scene.raw, hole, { seed: 5 });
    let subjectLike = 0;
    let changedOutside = 0;
    for (let p = 0; p < W * H; p++) {
      const [r, g, b] = [filled[p * 4]!, filled[p * 4 + 1]!, filled[p * 4 + 2]!];
      if (Math.abs(r - SUBJECT_RGB[0]) + Math.abs(g - SUBJECT_RGB[1]) + Math.abs(b - SUBJECT_RGB[2]) < 240) subjectLike++;
      if (!hole[p] && filled.subarray(p * 4, p * 4 + 4).some((v, c) => v !== scene.raw.data[p * 4 + c])) changedOutside++;
    }
    // Before the fill, the subject's pixels (and its anti-aliased edge) are there to be found.
    expect(scene.raw.data.some((v, i) => i % 4 === 0 && v === 255 && scene.raw.data[i + 1] === 0 && scene.raw.data[i + 2] === 255)).toBe(true);
    expect(subjectLike).toBe(0);
    expect(changedOutside).toBe(0);
  });

  it("gives the same bytes for the same input and seed", async () => {
    const scene = await testScene({ width: W, height: H, backdrop: "scene", pose: "bust" });
    const hole = holeFromAlpha(scene.mask, W, H, 4);
    const a = inpaint(scene.raw, hole, { seed: 9 });
    const b = inpaint(scene.raw, hole, { seed: 9 });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("fills holes that touch the frame's edges and corners, every pixel from the image", () => {
    const w = 160;
    const h = 120;
    const data = new Uint8Array(w * h * 4);
    for (let p = 0; p < w * h; p++) data.set([(p % w) + 40, Math.floor(p / w) + 60, 90, 255], p * 4);
    const hole = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) for (let x = 0; x < 50; x++) hole[y * w + x] = 1;
    for (let y = 80; y < h; y++) for (let x = 120; x < w; x++) hole[y * w + x] = 1;
    const out = inpaint({ data, width: w, height: h }, hole);
    let unfilled = 0;
    for (let p = 0; p < w * h; p++) if (hole[p] && (out[p * 4 + 2] !== 90 || out[p * 4 + 3] !== 255)) unfilled++;
    expect(unfilled).toBe(0);
  });

  it("refuses a hole that leaves no whole patch of background", () => {
    const image: RawImage = { data: new Uint8Array(20 * 20 * 4), width: 20, height: 20 };
    expect(() => inpaint(image, new Uint8Array(400).fill(1))).toThrow(RangeError);
  });

  it("refuses buffers that do not match the stated size", () => {
    const image: RawImage = { data: new Uint8Array(10 * 10 * 4), width: 10, height: 10 };
    expect(() => inpaint(image, new Uint8Array(99))).toThrow(RangeError);
    expect(() => inpaint({ ...image, width: 11 }, new Uint8Array(110))).toThrow(RangeError);
  });
});

describe("holeFromAlpha", () => {
  it("grows the subject's mask by the dilation, roughly round", () => {
    const w = 41;
    const alpha = new Uint8Array(w * w);
    alpha[20 * w + 20] = 255;
    const hole = holeFromAlpha(alpha, w, w, 5);
    expect(hole[20 * w + 25]).toBe(1);
    expect(hole[20 * w + 26]).toBe(0);
    // The diagonal reaches ~5 px of Euclidean distance, not the square's corner at 7 px.
    expect(hole[24 * w + 24]).toBe(0);
    expect(hole[23 * w + 23]).toBe(1);
  });

  it("ignores faint alpha below the threshold", () => {
    const alpha = new Uint8Array(25).fill(4);
    expect(holeFromAlpha(alpha, 5, 5, 2).includes(1)).toBe(false);
  });
});

describe("distanceInside", () => {
  it("measures close to Euclidean distance to the outside", () => {
    const w = 21;
    const inside = new Uint8Array(w * w).fill(1);
    inside[0] = 0;
    const d = distanceInside(inside, w, w);
    expect(d[20]).toBeCloseTo(20, 0);
    expect(Math.abs(d[20 * w + 20]! - 20 * Math.SQRT2)).toBeLessThan(2);
  });
});
