import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { type LearnDeps, readPicture } from "./learn.ts";

// The pixel reading on its own, OCR answered with no words: the bounds that keep a tiny but absurd upload from
// blocking the process (decision 041).
const noWords: LearnDeps = { readText: async () => ({ text: "", words: [] }) };

const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#ff7a00" } }).png().toBuffer();

describe("readPicture", () => {
  it("refuses a picture far too tall for a thumbnail with unprocessable:style_kit_images", async () => {
    const error = await readPicture(await flat(100, 2000), noWords).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe("unprocessable:style_kit_images");
  });

  it("reads a Shorts-shaped frame inside the 320 px box", async () => {
    const reading = await readPicture(await flat(720, 1280), noWords);
    expect(reading.background[0]?.color).toBe("#ff7a00");
  });
});
