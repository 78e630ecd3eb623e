import { describe, expect, it } from "vitest";
import { MAX_SCALE, zoomAt } from "./use-zoom-pan.ts";

describe("zoomAt", () => {
  it("keeps the point under the cursor in place, stays within bounds and centres again at 1×", () => {
    const start = { scale: 1, x: 0, y: 0 };
    const zoomed = zoomAt(start, 2, 100, 50);
    // The picture point at (100, 50) from the centre is (100 - x) / scale before and after.
    expect((100 - zoomed.x) / zoomed.scale).toBeCloseTo(100);
    expect((50 - zoomed.y) / zoomed.scale).toBeCloseTo(50);
    expect(zoomAt(zoomed, 100, 0, 0).scale).toBe(MAX_SCALE);
    expect(zoomAt(zoomed, 0.2, 30, 30)).toEqual({ scale: 1, x: 0, y: 0 });
  });
});
