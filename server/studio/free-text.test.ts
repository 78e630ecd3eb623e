import { describe, expect, it } from "vitest";
import type { EditorText } from "../../contract/editor.ts";
import { createFontStore } from "./fonts.ts";
import { drawFreeText } from "./free-text.ts";
import { shapeLine } from "./text-shape.ts";

const fonts = createFontStore();
const layer = (over: Partial<EditorText> = {}): EditorText => ({
  id: "t1",
  text: "DAY 100",
  face: "anton",
  size: 100,
  fill: "#ffffff",
  stroke: { color: "#000000", width: 6 },
  shadow: { color: "#000000", blur: 4, dx: 3, dy: 5, opacity: 0.5 },
  x: 50,
  y: 40,
  rotation: 0,
  align: "left",
  ...over,
});

describe("drawFreeText", () => {
  it("draws the Studio's opentype outlines of the face at the chosen size, the first baseline a canvas's", async () => {
    const anton = await fonts.face("anton");
    const { font } = anton;
    const ascent = (font.ascender / font.unitsPerEm) * 100;
    const descent = (-font.descender / font.unitsPerEm) * 100;
    const baseline = 40 + 55 + (ascent - descent) / 2;
    const expected = shapeLine("DAY 100", [anton], 100, 50, baseline).d;
    const drawn = await drawFreeText(layer(), fonts);
    expect(expected.length).toBeGreaterThan(100);
    expect(drawn.svg).toContain(`d="${expected}"`);
    expect(drawn.svg).toContain('fill="#ffffff"');
    expect(drawn.svg).toContain('stroke="#000000" stroke-width="6.00"');
    expect(drawn.region.x).toBeLessThan(50);
    expect(drawn.region.w).toBeGreaterThan(200);
  });

  it("centres shorter lines within the widest and falls back to a CJK face for characters Anton lacks", async () => {
    const left = await drawFreeText(layer({ text: "A\nWIDE LINE" }), fonts);
    const centred = await drawFreeText(layer({ text: "A\nWIDE LINE", align: "center" }), fonts);
    expect(centred.svg).not.toBe(left.svg);
    const cjk = await drawFreeText(layer({ text: "百日コード" }), fonts);
    // Five glyphs drawn: each outline starts with a move.
    const path = /<path d="([^"]+)" fill="#ffffff"/.exec(cjk.svg)?.[1] ?? "";
    expect(path.split("M").length - 1).toBeGreaterThanOrEqual(5);
  });

  it("turns the layer about its top-left corner", async () => {
    const turned = await drawFreeText(layer({ rotation: 30 }), fonts);
    expect(turned.svg).toContain("rotate(30.00 50.00 40.00)");
    expect(turned.region.h).toBeGreaterThan((await drawFreeText(layer(), fonts)).region.h);
  });
});
