import { randomBytes } from "node:crypto";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PACK_MAX_FILE_BYTES } from "../../contract/images.ts";
import { testPhoto } from "../testing/images.ts";
import { fitForYouTube, packZip } from "./pack-zip.ts";

/** Noise compresses to nothing: a provider original far over YouTube's 2 MB. */
async function noise(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png().toBuffer();
}

describe("fitForYouTube", () => {
  it("keeps a 1280×720 PNG under the limit byte for byte", async () => {
    const png = await testPhoto(1280, 720);
    const fitted = await fitForYouTube(png);
    expect(fitted.extension).toBe("png");
    expect(fitted.bytes.equals(png)).toBe(true);
  });

  it("re-encodes a 1280×720 original over 2 MB as a JPEG that fits", async () => {
    const big = await noise(1280, 720);
    expect(big.length).toBeGreaterThan(PACK_MAX_FILE_BYTES);
    const fitted = await fitForYouTube(big);
    expect(fitted.extension).toBe("jpg");
    expect(fitted.bytes.length).toBeLessThan(PACK_MAX_FILE_BYTES);
    expect(await sharp(fitted.bytes).metadata()).toMatchObject({ format: "jpeg", width: 1280, height: 720 });
  });

  it("crops a provider original of another shape to 1280×720, stepping the JPEG quality down until it fits", async () => {
    const big = await noise(1536, 1024);
    // At a 400 kB limit the first qualities are too big for noise: only a lower one fits.
    const limit = 400 * 1024;
    const first = await sharp(big).resize(1280, 720, { fit: "cover" }).jpeg({ quality: 92, mozjpeg: true }).toBuffer();
    expect(first.length).toBeGreaterThan(limit);
    const fitted = await fitForYouTube(big, limit);
    expect(fitted.extension).toBe("jpg");
    expect(fitted.bytes.length).toBeLessThanOrEqual(limit);
    expect(await sharp(fitted.bytes).metadata()).toMatchObject({ format: "jpeg", width: 1280, height: 720 });
  });

  it("turns a small original of another size into a 1280×720 PNG", async () => {
    const fitted = await fitForYouTube(await testPhoto(1024, 1024, "webp"));
    expect(fitted.extension).toBe("png");
    expect(await sharp(fitted.bytes).metadata()).toMatchObject({ format: "png", width: 1280, height: 720 });
  });
});

describe("packZip", () => {
  it("names the entries a, b and c in order, with their own extensions, bytes unchanged", async () => {
    const files = [
      { bytes: Buffer.from("first"), extension: "png" as const },
      { bytes: Buffer.from("second"), extension: "jpg" as const },
      { bytes: Buffer.from("third"), extension: "png" as const },
    ];
    const entries = unzipSync(new Uint8Array(packZip(files)));
    expect(Object.keys(entries)).toEqual(["a.png", "b.jpg", "c.png"]);
    expect(Buffer.from(entries["b.jpg"] ?? new Uint8Array()).toString()).toBe("second");
  });
});
