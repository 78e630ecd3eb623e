import { describe, expect, it } from "vitest";
import type { EditorDocument } from "../../../contract/editor.ts";
import { apply, cropFor, decompose, type Matrix, multiply, snap, sourceToOutput } from "./geometry.ts";
import { moveSelected } from "./move.ts";

const crop = { aspect: "free" as const, x: 100, y: 50, w: 400, h: 300 };
const doc = (over: Partial<EditorDocument>): EditorDocument => ({
  crop,
  rotation: 0,
  flipX: false,
  flipY: false,
  adjust: { brightness: 0, contrast: 0, saturation: 0 },
  filter: "none",
  texts: [],
  subjects: [{ index: 0, box: { x: 10, y: 20, w: 100, h: 200 } }],
  ...over,
});

describe("source to output, in the server's order (crop, turn, flip)", () => {
  it("maps the crop's corners onto the output frame for every turn and flip", () => {
    // The crop's top-left corner goes where sharp puts it: turned clockwise, then mirrored.
    const cases: [Partial<EditorDocument>, { x: number; y: number }][] = [
      [{}, { x: 0, y: 0 }],
      [{ rotation: 90 }, { x: 300, y: 0 }],
      [{ rotation: 180 }, { x: 400, y: 300 }],
      [{ rotation: 270 }, { x: 0, y: 400 }],
      [{ flipX: true }, { x: 400, y: 0 }],
      [{ rotation: 90, flipY: true }, { x: 300, y: 400 }],
    ];
    for (const [over, expected] of cases) {
      const p = apply(sourceToOutput(doc(over)), crop.x, crop.y);
      expect({ x: Math.round(p.x), y: Math.round(p.y) }).toEqual(expected);
    }
  });

  it("gives Konva a position, rotation and scale that make the same matrix for every turn and flip", () => {
    for (const rotation of [0, 90, 180, 270] as const) {
      for (const [flipX, flipY] of [[false, false], [true, false], [false, true], [true, true]] as const) {
        const m = sourceToOutput(doc({ rotation, flipX, flipY }));
        const { x, y, rotation: deg, scaleX, scaleY } = decompose(m);
        const r = (deg * Math.PI) / 180;
        // Konva: translate · rotate · scale.
        const rebuilt = multiply([Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r), x, y], [scaleX, 0, 0, scaleY, 0, 0]);
        rebuilt.forEach((v, i) => expect(v).toBeCloseTo(m[i as keyof Matrix] as number, 9));
      }
    }
  });

  it("moves a persona in source pixels so it goes the way the arrow points on screen", () => {
    const turned = doc({ rotation: 90 });
    const moved = moveSelected(turned, "subject-0", 10, 0);
    // On a clockwise quarter turn, screen right is source up.
    expect(moved.subjects[0]?.box).toMatchObject({ x: 10, y: 10 });
    expect(moveSelected(doc({ flipX: true }), "subject-0", 10, 0).subjects[0]?.box.x).toBe(0);
  });
});

describe("crops and snapping", () => {
  it("gives the largest crop of an aspect, centred, inside the image", () => {
    expect(cropFor("16:9", { width: 1080, height: 1920 })).toEqual({ aspect: "16:9", x: 0, y: 656, w: 1080, h: 608 });
    expect(cropFor("1:1", { width: 1280, height: 720 })).toEqual({ aspect: "1:1", x: 280, y: 0, w: 720, h: 720 });
    expect(cropFor("free", { width: 1280, height: 720 })).toEqual({ aspect: "free", x: 0, y: 0, w: 1280, h: 720 });
  });

  it("snaps a box's edges and centre to the frame's within the threshold, and shows the guide", () => {
    const frame = { width: 1000, height: 500 };
    expect(snap({ x: 447, y: 100, w: 100, h: 50 }, frame, 6)).toEqual({ dx: 3, dy: 0, guides: { vertical: [500], horizontal: [] } });
    expect(snap({ x: 3, y: 447, w: 100, h: 50 }, frame, 6)).toEqual({ dx: -3, dy: 3, guides: { vertical: [0], horizontal: [500] } });
    expect(snap({ x: 300, y: 100, w: 100, h: 50 }, frame, 6).guides).toEqual({ vertical: [], horizontal: [] });
  });
});
