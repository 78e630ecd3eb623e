import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { completeHugePng } from "../testing/png-bomb.ts";
import { processUpload } from "./processing.ts";

/** The IDAT of a one-IDAT PNG, inflated: proves the picture is whole before the test relies on it. */
function inflatedRows(png: Buffer): Buffer {
  const at = png.indexOf("IDAT", 8, "latin1");
  return inflateSync(png.subarray(at + 4, at + 4 + png.readUInt32BE(at - 4)));
}

describe("processUpload", () => {
  it("refuses a complete, valid 20000×20000 PNG by its pixel limit (40 megapixels), not by a decoding warning", async () => {
    const png = completeHugePng(20_000, 20_000);
    // Every row is there (filter byte + 2500 bytes of 1-bit grey), so failOn has nothing to object to.
    expect(inflatedRows(png).length).toBe(20_000 * 2501);
    const refused = await processUpload(png).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("unprocessable:image");
    // docs/product/images.md: 40 megapixels at most; the cause is sharp's limit, read from the header.
    expect(String(((refused as AppError).cause as Error | undefined)?.message)).toMatch(/exceeds pixel limit/);
  });

  it("takes a picture of exactly 40 megapixels and refuses one a row taller", async () => {
    const atLimit = completeHugePng(8000, 5000);
    await expect(processUpload(atLimit)).resolves.toMatchObject({ format: "png", width: 8000, height: 5000 });
    await expect(processUpload(completeHugePng(8000, 5001))).rejects.toMatchObject({ code: "unprocessable:image" });
  });
});
