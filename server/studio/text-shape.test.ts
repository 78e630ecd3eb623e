import { describe, expect, it } from "vitest";
import { createFontStore } from "./fonts.ts";
import { fitText } from "./text-fit.ts";
import { pathData } from "./text-shape.ts";

describe("pathData", () => {
  it("writes a coordinate a hair off a whole number as that number, never NaN", () => {
    expect(pathData([{ type: "M", x: 320.00000000000006, y: -0.0000000000001 }, { type: "Q", x1: 1.005, y1: 2.5, x: 3, y: 4.129 }, { type: "Z" }])).toBe("M320 0Q1 2.50 3 4.13Z");
  });

  it("draws every glyph of a headline whose fitted size put a point there", async () => {
    // The size and box at which opentype.js's own writer wrote "QNaN" inside the D and the rest went undrawn.
    const face = await createFontStore().face("anton");
    const fit = fitText("GRANDMA'S SECRET RECIPE", [face], { box: { x: 40, y: 29, w: 1200, h: 216 }, align: "center", maxSize: 187.2, minSize: 50.4, leading: 0.06, cjk: false });
    const d = fit.shaped.map((line) => line.d).join("");
    expect(d).not.toMatch(/NaN|Infinity/u);
    expect(d.match(/M/gu)?.length).toBeGreaterThanOrEqual(20);
  });
});
