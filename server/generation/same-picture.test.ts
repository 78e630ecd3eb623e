import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { samePicture } from "./same-picture.ts";

async function picture(headline: string, format: "png" | "jpeg" = "png"): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="640" height="360" fill="#1e6ff2"/><text x="40" y="200" font-size="80" fill="#ffd60a">${headline}</text></svg>`;
  const image = sharp(Buffer.from(svg));
  return format === "png" ? image.png().toBuffer() : image.jpeg({ quality: 95 }).toBuffer();
}

describe("samePicture", () => {
  it("holds the same bytes and the same pixels re-encoded as the same picture", async () => {
    const png = await picture("HELLO");
    expect(await samePicture(png, Buffer.from(png))).toBe(true);
    const reencoded = await sharp(png).png({ compressionLevel: 1 }).toBuffer();
    expect(reencoded.equals(png)).toBe(false);
    expect(await samePicture(reencoded, png)).toBe(true);
  });

  it("tells a changed word, a new size or unreadable bytes apart", async () => {
    const png = await picture("HELLO");
    expect(await samePicture(await picture("HELLA"), png)).toBe(false);
    expect(await samePicture(await sharp(png).resize(320, 180).png().toBuffer(), png)).toBe(false);
    expect(await samePicture(Buffer.from("not a picture"), png)).toBe(false);
  });
});
