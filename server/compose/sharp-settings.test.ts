import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { imageStyles } from "../../contract/images.ts";
import { createStudioEngine } from "../studio/engine.ts";
import { configureSharp } from "./sharp-settings.ts";

const svg = (w: number, h: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><circle cx="${w / 2}" cy="${h / 2}" r="${w / 3}" fill="#e08a4f"/></svg>`);
const made: Record<string, Buffer> = {};

beforeAll(async () => {
  // Every sample is made before the block (encoders stay; only decoders go), in this test file's own process.
  const base = sharp({ create: { width: 16, height: 16, channels: 3, background: "#c0392b" } });
  made.png = await base.clone().png().toBuffer();
  made.jpeg = await base.clone().jpeg().toBuffer();
  made.webp = await base.clone().webp().toBuffer();
  made.tiff = await base.clone().tiff().toBuffer();
  made.gif = await base.clone().gif().toBuffer();
  made.avif = await base.clone().avif().toBuffer();
  configureSharp();
});

const decodes = (bytes: Buffer | undefined) =>
  sharp(bytes)
    .raw()
    .toBuffer()
    .then(
      () => "decoded",
      (err: Error) => err.message,
    );

describe("the decoders the process keeps", () => {
  it("refuses TIFF, GIF and AVIF outright", async () => {
    for (const name of ["tiff", "gif", "avif"]) expect({ name, outcome: await decodes(made[name]) }).toEqual({ name, outcome: "Input buffer contains unsupported image format" });
  });

  it("still decodes PNG, JPEG, WebP and the SVG the Studio draws", async () => {
    for (const name of ["png", "jpeg", "webp"]) expect({ name, outcome: await decodes(made[name]) }).toEqual({ name, outcome: "decoded" });
    expect(await decodes(svg(20, 20))).toBe("decoded");
  });

  it("leaves the Studio able to render every style with a persona, art and a headline", async () => {
    const persona = { name: "me", png: await sharp(svg(240, 300)).png().toBuffer() };
    const engine = createStudioEngine();
    for (const style of imageStyles) {
      const result = await engine.generate({ prompt: 'Make a thumbnail for "I tried 100 days of coding"', style, aspect: "16:9", personas: [persona], seed: 7 });
      expect({ style, ...(await sharp(result.png).metadata()) }).toMatchObject({ style, format: "png", width: 1280, height: 720 });
    }
  });
});
