import { describe, expect, it } from "vitest";
import { boxOf, maskBytes, padBox } from "./mask.ts";

describe("mask helpers", () => {
  it("turns probabilities into alpha, with the model's near-0 and near-1 noise snapped", () => {
    expect([...maskBytes(new Float32Array([-0.1, 0.01, 0.5, 0.99, 1.2]))]).toEqual([0, 0, 128, 255, 255]);
  });
  it("boxes the pixels at or above a threshold and pads the box inside the image", () => {
    const mask = new Uint8Array(10 * 8);
    mask[2 * 10 + 3] = 200;
    mask[5 * 10 + 6] = 128;
    mask[7 * 10 + 9] = 100; // below the threshold
    expect(boxOf(mask, 10, 8, 128)).toEqual({ left: 3, top: 2, width: 4, height: 4 });
    expect(boxOf(new Uint8Array(80), 10, 8, 128)).toBeUndefined();
    expect(padBox({ left: 3, top: 2, width: 4, height: 4 }, 3, 10, 8)).toEqual({ left: 0, top: 0, width: 10, height: 8 });
    expect(padBox({ left: 3, top: 2, width: 4, height: 4 }, 1, 10, 8)).toEqual({ left: 2, top: 1, width: 6, height: 6 });
  });
});
