import { describe, expect, it } from "vitest";
import type { Rect } from "./frame.ts";
import { buildScene } from "./scene.ts";
import { parseStudioScene } from "./scene-schema.ts";
import { swapIntoScene } from "./scene-swap.ts";

/** How much of `a` lies under `b`, 0–1. */
function coveredBy(a: Rect, b: Rect): number {
  const w = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  return (w * h) / (a.w * a.h);
}

const base = { prompt: 'realistic thumbnail "I made $10,000 with one laptop" money laptop', style: "realistic" as const, seed: 3 };

describe("swapIntoScene", () => {
  it("renames the hero's layer and leaves every other layer as it was", () => {
    const scene = buildScene({ ...base, aspect: "16:9", personaNames: ["Mia", "Sam"] });
    const swapped = swapIntoScene(scene, "Leo");
    expect(swapped.subjects.map((s) => [s.index, s.name])).toEqual(scene.subjects.map((s) => [s.index, s.index === 0 ? "Leo" : s.name]));
    expect(swapped.subjects.map((s) => s.box)).toEqual(scene.subjects.map((s) => s.box));
    expect({ ...swapped, subjects: [] }).toEqual({ ...scene, subjects: [] });
  });

  it("without a persona, puts one in the main object's place and keeps the other art", () => {
    const scene = buildScene({ ...base, aspect: "16:9", personaNames: [] });
    const main = scene.art?.find((a) => a.role === "object");
    if (!main) throw new Error("the prompt draws an object");
    const swapped = swapIntoScene(scene, "Leo");
    expect(swapped.art ?? []).toEqual((scene.art ?? []).filter((a) => a !== main));
    expect(swapped.subjects).toEqual([expect.objectContaining({ name: "Leo", index: 0, box: { x: Math.round(main.box.x), y: Math.round(main.box.y), w: Math.round(main.box.w), h: Math.round(main.box.h) } })]);
    expect(swapped.text).toEqual(scene.text);
    expect(parseStudioScene(swapped)).toBeDefined();
  });

  it.each(["16:9", "9:16", "1:1"] as const)("with neither persona nor art (%s), stands the persona clear of the headline", (aspect) => {
    const scene = buildScene({ ...base, aspect, personaNames: [], art: [], reactionFaces: [] });
    expect(scene.art ?? []).toEqual([]);
    const swapped = swapIntoScene(scene, "  ");
    const [subject] = swapped.subjects;
    const [headline] = swapped.text;
    if (!subject || !headline) throw new Error("a persona and a headline");
    expect(subject).toMatchObject({ name: "Persona", index: 0 });
    expect(headline.text).toBe(scene.text[0]?.text);
    // The builder's own side-by-side layout lets the two meet by half a margin; the figure stands centred in its box.
    expect(coveredBy(subject.box, headline.box)).toBeLessThan(0.1);
    expect(subject.box.x).toBeGreaterThanOrEqual(0);
    expect(subject.box.x + subject.box.w).toBeLessThanOrEqual(scene.width);
    expect(subject.box.y + subject.box.h).toBeLessThanOrEqual(scene.height);
    expect(parseStudioScene(swapped)).toBeDefined();
  });
});
