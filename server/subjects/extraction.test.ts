// The real ISNet model on the fixtures (README.md beside them), in the extraction worker as the app runs it: one
// extractor for the file, so the model loads once.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pino } from "pino";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { createSubjectExtractor, type Extraction } from "./engine.ts";
import { boxOf } from "./mask.ts";

const fixture = (name: string) => readFile(join(import.meta.dirname, "fixtures", name));
const readMask = async (name: string) => sharp(await fixture(name)).extractChannel(0).toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });

// The worker loads the model; the extractor logs each load it reports.
let loads = 0;
const logger = pino(
  { level: "info" },
  {
    write(line: string) {
      if (line.includes("subject model loaded")) loads++;
    },
  },
);
const extractor = createSubjectExtractor({ logger });
afterAll(() => extractor.close());

const results = new Map<string, Extraction>();
async function extracted(photo: string): Promise<Extraction> {
  const known = results.get(photo);
  if (known) return known;
  const result = await extractor.extract(await fixture(photo));
  results.set(photo, result);
  return result;
}

const RUN = 180_000;

describe.each([
  ["astronaut.png", "astronaut-mask.png"],
  ["astronaut-composite.jpg", "astronaut-composite-mask.png"],
  ["figure-composite.jpg", "figure-composite-mask.png"],
])("%s", (photo, reference) => {
  it(
    "matches the reference mask (IoU ≥ 0.9) with under 1 % of the foreground outside the reference's box",
    async () => {
      const result = await extracted(photo);
      const { data: truth, info } = await readMask(reference);
      expect([result.width, result.height]).toEqual([info.width, info.height]);
      expect(result.mask.length).toBe(info.width * info.height);
      let both = 0;
      let either = 0;
      let foreground = 0;
      let outside = 0;
      const box = boxOf(truth, info.width, info.height, 128);
      if (!box) throw new Error("empty reference mask");
      for (let i = 0; i < truth.length; i++) {
        const ours = (result.mask[i] as number) >= 128;
        const theirs = (truth[i] as number) >= 128;
        if (ours && theirs) both++;
        if (ours || theirs) either++;
        if (!ours) continue;
        foreground++;
        const x = i % info.width;
        const y = (i - x) / info.width;
        if (x < box.left || x >= box.left + box.width || y < box.top || y >= box.top + box.height) outside++;
      }
      expect(both / either).toBeGreaterThanOrEqual(0.9);
      expect(outside / foreground).toBeLessThan(0.01);
    },
    RUN,
  );

  it(
    "cuts out an RGBA PNG at the photo's resolution, trimmed to the subject with padding",
    async () => {
      const result = await extracted(photo);
      const meta = await sharp(result.cutoutPng).metadata();
      expect(meta.format).toBe("png");
      expect(meta.channels).toBe(4);
      // Not resized: the cut-out is exactly its box of the photo.
      expect([meta.width, meta.height]).toEqual([result.cutoutBox.width, result.cutoutBox.height]);
      const { box, cutoutBox, width, height } = result;
      // Padding on each side the photo leaves room for, and the whole subject inside.
      expect(cutoutBox.left).toBeLessThanOrEqual(box.left);
      expect(cutoutBox.top).toBeLessThanOrEqual(box.top);
      expect(cutoutBox.left + cutoutBox.width).toBeGreaterThanOrEqual(box.left + box.width);
      expect(cutoutBox.top + cutoutBox.height).toBeGreaterThanOrEqual(box.top + box.height);
      if (box.left >= 8) expect(box.left - cutoutBox.left).toBeGreaterThanOrEqual(8);
      if (width - box.left - box.width >= 8) expect(cutoutBox.left + cutoutBox.width - box.left - box.width).toBeGreaterThanOrEqual(8);
      if (box.top >= 8) expect(box.top - cutoutBox.top).toBeGreaterThanOrEqual(8);
      if (height - box.top - box.height >= 8) expect(cutoutBox.top + cutoutBox.height - box.top - box.height).toBeGreaterThanOrEqual(8);
      // Trimmed: the cut-out is far smaller than the photo when the subject is.
      expect(cutoutBox.width * cutoutBox.height).toBeLessThan(width * height + 1);
      // Its alpha is the mask, cropped.
      const alpha = await sharp(result.cutoutPng).extractChannel(3).toColourspace("b-w").raw().toBuffer();
      const row = Math.floor(cutoutBox.height / 2);
      for (let x = 0; x < cutoutBox.width; x += 7) {
        expect(alpha[row * cutoutBox.width + x]).toBe(result.mask[(cutoutBox.top + row) * width + cutoutBox.left + x]);
      }
    },
    RUN,
  );
});

describe("edges", () => {
  it(
    "takes the old background out of the soft edge (no blue halo around the red figure)",
    async () => {
      const result = await extracted("figure-composite.jpg");
      const { cutoutBox, width, mask } = result;
      const photo = await sharp(await fixture("figure-composite.jpg")).extract(cutoutBox).removeAlpha().raw().toBuffer();
      const cut = await sharp(result.cutoutPng).raw().toBuffer();
      let edge = 0;
      let blueBefore = 0;
      let blueAfter = 0;
      for (let y = 0; y < cutoutBox.height; y++) {
        for (let x = 0; x < cutoutBox.width; x++) {
          const alpha = mask[(cutoutBox.top + y) * width + cutoutBox.left + x] as number;
          if (alpha < 64 || alpha > 192) continue;
          const i = y * cutoutBox.width + x;
          edge++;
          blueBefore += (photo[3 * i + 2] as number) - (photo[3 * i] as number);
          blueAfter += (cut[4 * i + 2] as number) - (cut[4 * i] as number);
        }
      }
      expect(edge).toBeGreaterThan(100);
      // The backdrop is blue-grey, the sweater and skin red: mixed edge pixels lean blue, unmixed ones must not.
      expect(blueAfter / edge).toBeLessThan(blueBefore / edge - 20);
    },
    RUN,
  );
});

describe("no subject", () => {
  it.each(["flat.png", "texture.jpg"])(
    "%s is refused with invalid:no_subject",
    async (photo) => {
      const error = await extractor.extract(await fixture(photo)).catch((err: unknown) => err);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "invalid:no_subject", status: 400 });
      expect((error as AppError).message).toMatch(/could not find a person or object/);
    },
    RUN,
  );
});

describe("input", () => {
  it("answers a truncated file with unprocessable:image (422), as an upload does", async () => {
    const png = await fixture("astronaut.png");
    const error = await extractor.extract(png.subarray(0, Math.floor(png.length / 2))).catch((err: unknown) => err);
    expect(error).toMatchObject({ code: "unprocessable:image", status: 422 });
  });

  it("answers bytes that are no image the same way", async () => {
    const error = await extractor.extract(Buffer.from("<html>not a photo</html>")).catch((err: unknown) => err);
    expect(error).toMatchObject({ code: "unprocessable:image", status: 422 });
  });
});

describe("model", () => {
  it(
    "is loaded once for every photo and the warm-up",
    async () => {
      await extracted("astronaut.png"); // and the five photos before it in this file, when run whole
      await extractor.warmUp();
      expect(loads).toBe(1);
    },
    RUN,
  );
});
