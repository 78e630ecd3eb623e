import { describe, expect, it } from "vitest";
import { cropPhoto, cutoutPixels } from "./edges.ts";

describe("cutoutPixels", () => {
  it("recovers the subject's colour in a soft edge mixed with the background", async () => {
    // Left half red subject, right half green background, a 12-pixel alpha ramp (a wide ISNet edge) between: I = αF + (1 − α)B.
    const [width, height] = [200, 40];
    const rgb = Buffer.alloc(width * height * 3);
    const mask = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const alpha = x < 94 ? 255 : x >= 106 ? 0 : Math.round(255 * (1 - (x - 94) / 12));
        const a = alpha / 255;
        const i = y * width + x;
        mask[i] = alpha;
        rgb[3 * i] = Math.round(a * 220 + (1 - a) * 30);
        rgb[3 * i + 1] = Math.round(a * 30 + (1 - a) * 200);
        rgb[3 * i + 2] = 40;
      }
    }
    const out = await cutoutPixels({ width, height, rgb }, mask);
    for (let x = 94; x < 106; x++) {
      const i = 20 * width + x;
      expect(out[4 * i + 3]).toBe(mask[i]);
      if ((mask[i] as number) < 20 || (mask[i] as number) > 200) continue;
      // Unmixed: red stays near 220 and green near 30 where the raw pixel was well on its way to green.
      expect(out[4 * i] as number).toBeGreaterThan(200);
      expect(out[4 * i + 1] as number).toBeLessThan(50);
    }
    // Fully opaque pixels are the photo's own.
    expect([out[0], out[1], out[2], out[3]]).toEqual([220, 30, 40, 255]);
  });
});

describe("cropPhoto", () => {
  it("takes the same box out of the photo and its mask", async () => {
    const [width, height] = [6, 4];
    const rgb = Buffer.alloc(width * height * 3);
    const mask = new Uint8Array(width * height);
    for (let i = 0; i < width * height; i++) {
      rgb[3 * i] = i;
      mask[i] = 100 + i;
    }
    const region = await cropPhoto({ width, height, rgb }, mask, { left: 2, top: 1, width: 3, height: 2 });
    expect([region.photo.width, region.photo.height]).toEqual([3, 2]);
    expect([...region.mask]).toEqual([108, 109, 110, 114, 115, 116]);
    expect([0, 1, 2, 3, 4, 5].map((i) => region.photo.rgb[3 * i])).toEqual([8, 9, 10, 14, 15, 16]);
  });
});
