import { describe, expect, it } from "vitest";
import { imageRecord } from "../../testing/image-fixture.ts";
import { layoutGrid, ratioOf } from "./layout.ts";

const now = new Date(2026, 10, 26, 15);
const today = new Date(2026, 10, 26, 10).toISOString();
const lastMonth = new Date(2026, 9, 5, 10).toISOString();
const metrics = { width: 1000, rowHeight: 200, gap: 8, headingHeight: 40 };

describe("layoutGrid", () => {
  it("keeps every image in its own shape and fills each full row to the exact width", () => {
    const wide = imageRecord("w", { width: 1280, height: 720, createdAt: today });
    const tall = imageRecord("t", { width: 1080, height: 1920, aspect: "9:16", createdAt: today });
    const square = imageRecord("s", { width: 1080, height: 1080, aspect: "1:1", createdAt: today });
    const lines = layoutGrid([wide, tall, square, wide, wide, tall], now, metrics);
    const rows = lines.filter((l) => l.type === "row");
    expect(lines[0]).toMatchObject({ type: "heading", group: { kind: "today" } });
    const first = rows[0];
    if (first?.type !== "row") throw new Error("no row");
    // Each tile's width over the row's height is the image's own ratio (within rounding).
    for (const tile of first.tiles) expect(Math.abs(tile.width / first.height - ratioOf(tile.image))).toBeLessThan(0.02);
    const used = first.tiles.reduce((sum, t) => sum + t.width, 0) + metrics.gap * (first.tiles.length - 1);
    expect(used).toBeGreaterThan(metrics.width - first.tiles.length - 1);
    expect(used).toBeLessThanOrEqual(metrics.width);
  });

  it("starts a heading for each date group and never stretches a group's last row", () => {
    const images = [imageRecord("a", { createdAt: today }), imageRecord("b", { createdAt: lastMonth }), imageRecord("c", { createdAt: lastMonth })];
    const lines = layoutGrid(images, now, metrics);
    expect(lines.map((l) => (l.type === "heading" ? l.group.key : l.tiles.map((t) => t.image.id).join("")))).toEqual(["today", "a", "2026-10", "bc"]);
    expect(lines.filter((l) => l.type === "row").every((l) => l.height === 200)).toBe(true);
  });

  it("gives pending and failed images the shape they were asked for, never narrower than a square (their words must fit)", () => {
    expect(ratioOf(imageRecord("p", { width: null, height: null, aspect: "9:16" }))).toBe(1);
    expect(ratioOf(imageRecord("q", { width: null, height: null, aspect: null }))).toBeCloseTo(16 / 9);
    expect(ratioOf(imageRecord("r", { status: "failed", width: null, height: null, aspect: "16:9" }))).toBeCloseTo(16 / 9);
    expect(ratioOf(imageRecord("s", { status: "ready", width: 1080, height: 1920, aspect: "9:16" }))).toBeCloseTo(9 / 16);
    expect(layoutGrid([imageRecord("x")], now, { ...metrics, width: 0 })).toEqual([]);
  });
});
