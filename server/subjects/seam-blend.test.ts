import { describe, expect, it } from "vitest";
import { blendSeams, pushPull } from "./seam-blend.ts";

describe("pushPull", () => {
  it("spreads a few known values over every unknown pixel, smoothly between them", () => {
    const w = 32;
    const h = 8;
    const values = new Float32Array(w * h * 3);
    const weight = new Float32Array(w * h);
    for (let y = 0; y < h; y++) {
      weight[y * w] = 1;
      weight[y * w + w - 1] = 1;
      values.fill(10, y * w * 3, y * w * 3 + 3);
      values.fill(50, (y * w + w - 1) * 3, (y * w + w) * 3);
    }
    pushPull(values, weight, w, h);
    const row = Array.from({ length: w }, (_, x) => values[(3 * w + x) * 3]!);
    expect(row[0]).toBe(10);
    expect(row[w - 1]).toBe(50);
    expect(row.every((v) => v >= 10 && v <= 50)).toBe(true);
    expect(row[w / 2]!).toBeGreaterThan(20);
    expect(row[w / 2]!).toBeLessThan(40);
  });
});

describe("blendSeams", () => {
  it("takes a tone step at the hole's rim out of the fill", () => {
    const w = 40;
    const h = 40;
    const rgb = new Float32Array(w * h * 3).fill(100);
    const hole = new Uint8Array(w * h);
    const ring = new Uint8Array(w * h);
    const painted = new Float32Array(w * h * 3);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const inside = x >= 10 && x < 30 && y >= 10 && y < 30;
        const near = x >= 7 && x < 33 && y >= 7 && y < 33;
        // The fill copied patches from a part of the wall 30 levels lighter, and would paint the ring that way too.
        if (inside) hole[i] = 1;
        if (inside) rgb.fill(130, i * 3, i * 3 + 3);
        if (near && !inside) ring[i] = 1;
        painted.fill(130, i * 3, i * 3 + 3);
      }
    }
    blendSeams(rgb, w, h, hole, ring, painted);
    for (let i = 0; i < w * h; i++) if (hole[i]) expect(Math.abs(rgb[i * 3]! - 100)).toBeLessThan(1);
    expect(rgb[0]).toBe(100);
  });
});
