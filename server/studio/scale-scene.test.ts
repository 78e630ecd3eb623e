import { describe, expect, it } from "vitest";
import { buildScene, type Scene } from "./scene.ts";
import { renderScale, scaleScene } from "./scale-scene.ts";
import { isStudioScene } from "./scene-schema.ts";

// What a scene says that is not a length or a position: it stays the same on a larger canvas.
const unscaled = new Set(["version", "seed", "opacity", "rotation", "index", "highlightLine", "contrast", "variant", "scale"]);

/** Every number of a scene with its path, e.g. ["text.0.box.x", 412]. */
function numbers(value: unknown, path = ""): [string, number][] {
  if (typeof value === "number") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => numbers(v, `${path}.${i}`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => numbers(v, path ? `${path}.${k}` : k));
  return [];
}

const scenes: Scene[] = [
  buildScene({ prompt: 'before vs after "I lost 10 kg in 30 days"', style: "cartoon", aspect: "16:9", personaNames: ["me"], seed: 3 }),
  buildScene({ prompt: 'look at this "$500 camera vs $5000 camera"', style: "realistic", aspect: "16:9", personaNames: [], seed: 11 }),
  buildScene({ prompt: '"I tried 100 days of coding" with a trophy', style: "vintage", aspect: "9:16", personaNames: ["me", "you"], seed: 5 }),
  buildScene({ prompt: '"我用了100天学编程"', style: "abstract", aspect: "1:1", personaNames: ["me"], seed: 9 }),
];

describe("scaleScene", () => {
  it("multiplies every length and position by k and keeps everything else", () => {
    const seen = new Set<string>();
    for (const scene of scenes) {
      const scaled = scaleScene(scene, 3);
      const before = numbers(scene);
      const after = new Map(numbers(scaled));
      expect([...after.keys()]).toEqual(before.map(([path]) => path));
      for (const [path, value] of before) {
        const key = path.split(".").at(-1) ?? "";
        seen.add(path.replace(/\.\d+/g, "[]"));
        // Personas are placed in whole pixels, so theirs are rounded.
        const expected = unscaled.has(key) ? value : path.startsWith("subjects") ? Math.round(value * 3) : value * 3;
        expect(after.get(path), path).toBeCloseTo(expected, 9);
      }
    }
    // The scenes above reach the scene's every kind of layer, so a geometry field added later is met here.
    for (const part of ["background.focus.x", "background.shapes[].size", "subjects[].box.w", "subjects[].shadow.blur", "text[].box.h", "text[].stroke.width", "accents[].size", "art[].box.w", "badge.r", "split.at"]) {
      expect(seen, part).toContain(part);
    }
  });

  it("gives a canvas k times the frame, which no stored scene may be, and leaves the scene it scales alone", () => {
    const scene = scenes[0] as Scene;
    const copy = structuredClone(scene);
    const scaled = scaleScene(scene, 3);
    expect([scaled.width, scaled.height, renderScale(scaled)]).toEqual([3840, 2160, 3]);
    expect(renderScale(scene)).toBe(1);
    expect(isStudioScene(scene)).toBe(true);
    expect(isStudioScene(scaled)).toBe(false);
    expect(scene).toEqual(copy);
    expect(scaleScene(scene, 1)).toBe(scene);
  });

  it("refuses a scale that is not a positive number", () => {
    expect(() => scaleScene(scenes[0] as Scene, 0)).toThrow();
    expect(() => scaleScene(scenes[0] as Scene, Number.NaN)).toThrow();
  });
});
