import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createOcrEngine } from "./engine.ts";

const words = () =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><rect width="400" height="100" fill="#ffffff"/><text x="20" y="70" font-family="DejaVu Sans" font-size="48">HELLO</text></svg>`))
    .png()
    .toBuffer();

describe("the OCR engine", () => {
  it("reads, and once closed fails the reads still queued rather than starting a worker for them", async () => {
    const engine = createOcrEngine();
    const png = await words();
    expect((await engine.read(png, "eng", "block")).text).toContain("HELLO");
    // Queued for a language with no worker yet, then the engine is closed before the read's turn comes.
    const queued = engine.read(png, "chi_sim", "block");
    await engine.close();
    await expect(queued).rejects.toThrow("closed");
    await expect(engine.read(png, "eng", "block")).rejects.toThrow("closed");
  }, 60_000);
});
