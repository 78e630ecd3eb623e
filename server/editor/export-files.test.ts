import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { attachmentHeader, fitUnder, headlineSlug } from "./export-files.ts";

describe("headlineSlug", () => {
  it("keeps letters and digits of every script, lower case, dashes between words", () => {
    expect(headlineSlug("I tried 100 DAYS of coding!")).toBe("i-tried-100-days-of-coding");
    expect(headlineSlug("我用了100天学编程")).toBe("我用了100天学编程");
    expect(headlineSlug("100日間 コーディング／挑戦")).toBe("100日間-コーディング-挑戦");
    expect(headlineSlug('../../etc/passwd "x" <y>')).toBe("etc-passwd-x-y");
    expect(headlineSlug("Café crème")).toBe("café-crème");
  });

  it("falls back to the app's name and cuts long headlines at a word, within 60 characters", () => {
    expect(headlineSlug("")).toBe("thumbforge");
    expect(headlineSlug("🔥🔥🔥")).toBe("thumbforge");
    expect(headlineSlug(null)).toBe("thumbforge");
    const long = headlineSlug("the quick brown fox jumps over the lazy dog again and again and again forever");
    expect([...long].length).toBeLessThanOrEqual(60);
    expect(long).toBe("the-quick-brown-fox-jumps-over-the-lazy-dog-again-and-again");
  });
});

describe("attachmentHeader", () => {
  it("names the file in UTF-8 and in ASCII", () => {
    expect(attachmentHeader("我用了100天-1280x720.png")).toBe(`attachment; filename="100-1280x720.png"; filename*=UTF-8''%E6%88%91%E7%94%A8%E4%BA%86100%E5%A4%A9-1280x720.png`);
    expect(attachmentHeader("我用了-1280x720.png")).toBe(`attachment; filename="1280x720.png"; filename*=UTF-8''%E6%88%91%E7%94%A8%E4%BA%86-1280x720.png`);
  });
});

describe("fitUnder", () => {
  it("keeps a PNG that fits lossless, and finds the best JPEG for one that does not", async () => {
    const flat = await sharp({ create: { width: 1280, height: 720, channels: 3, background: "#336699" } }).png().toBuffer();
    expect((await fitUnder(flat, 2 * 1024 * 1024)).format).toBe("png");
    const noise = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    const limit = Math.round(noise.length / 3);
    const fitted = await fitUnder(noise, limit);
    expect(fitted.format).toBe("jpeg");
    expect(fitted.bytes.length).toBeLessThanOrEqual(limit);
    // The highest quality that fits, as counting down from the top finds it.
    const encode = (quality: number) => sharp(noise).jpeg({ quality, optimiseCoding: true, chromaSubsampling: "4:4:4" }).toBuffer();
    let best = 94;
    while ((await encode(best)).length > limit) best--;
    expect(fitted.bytes.equals(await encode(best))).toBe(true);
  });
});
