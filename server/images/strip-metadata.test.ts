import sharp, { type Sharp } from "sharp";
import { describe, expect, it } from "vitest";
import { processUpload } from "./processing.ts";
import { stripMetadata } from "./strip-metadata.ts";

const base = () => sharp({ create: { width: 96, height: 64, channels: 3, background: "#3366cc" } });
const withExif = (image: Sharp) => image.withExif({ IFD0: { Copyright: "Jane, 48.8584 N 2.2945 E", Make: "PhoneCo" } });

/** The bytes after a JPEG's start-of-scan marker: the picture itself. */
const scanOf = (jpeg: Buffer) => jpeg.subarray(jpeg.indexOf(Buffer.from([0xff, 0xda])));

describe("stripMetadata", () => {
  it("drops a JPEG's EXIF and comments but keeps its picture byte for byte", async () => {
    const jpeg = await withExif(base().jpeg()).toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const stripped = stripMetadata(jpeg, "jpeg");
    expect(stripped).toBeDefined();
    const meta = await sharp(stripped).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta).toMatchObject({ format: "jpeg", width: 96, height: 64 });
    expect(scanOf(stripped as Buffer).equals(scanOf(jpeg))).toBe(true);
    expect((stripped as Buffer).includes("PhoneCo")).toBe(false);
  });

  it("drops a PNG's EXIF and text chunks", async () => {
    const png = await withExif(base().png()).toBuffer();
    expect(png.includes("PhoneCo")).toBe(true);
    const stripped = stripMetadata(png, "png") as Buffer;
    expect(stripped.includes("PhoneCo")).toBe(false);
    const [a, b] = await Promise.all([sharp(png).raw().toBuffer(), sharp(stripped).raw().toBuffer()]);
    expect(a.equals(b)).toBe(true);
  });

  it("drops a WebP's EXIF chunk and clears its flag", async () => {
    const webp = await withExif(base().webp({ lossless: true })).toBuffer();
    expect(webp.includes("PhoneCo")).toBe(true);
    const stripped = stripMetadata(webp, "webp") as Buffer;
    expect(stripped.includes("PhoneCo")).toBe(false);
    expect((await sharp(stripped).metadata()).exif).toBeUndefined();
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
  });

  it("answers undefined for a container that is not what it claims", () => {
    expect(stripMetadata(Buffer.from("not a jpeg"), "jpeg")).toBeUndefined();
    expect(stripMetadata(Buffer.from("not a png at all"), "png")).toBeUndefined();
  });
});

describe("processUpload keeps the uploaded original", () => {
  it("stores an upright JPEG as the same JPEG, less its metadata", async () => {
    const jpeg = await withExif(base().jpeg({ quality: 90 })).toBuffer();
    const { format, bytes, width, height } = await processUpload(jpeg);
    expect({ format, width, height }).toEqual({ format: "jpeg", width: 96, height: 64 });
    expect(scanOf(bytes.original).equals(scanOf(jpeg))).toBe(true);
    expect((await sharp(bytes.original).metadata()).exif).toBeUndefined();
  });
});
