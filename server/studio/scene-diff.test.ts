import { describe, expect, it } from "vitest";
import { imageAspects, type ImageAspect, imageStyles, type ImageStyle } from "../../contract/images.ts";
import { compositionIds } from "./compositions.ts";
import { POP_RECIPE } from "./pop-recipe.ts";
import { buildScene, marginOf, type Scene } from "./scene.ts";
import { diffScenes } from "./scene-diff.ts";
import { editScene } from "./scene-edit.ts";

function scene(over: { style?: ImageStyle; aspect?: ImageAspect; personas?: string[]; seed?: number; variant?: number; prompt?: string } = {}): Scene {
  return buildScene({
    prompt: over.prompt ?? 'Make a thumbnail for my video "I tried 100 days of coding"',
    style: over.style ?? "realistic",
    aspect: over.aspect ?? "16:9",
    personaNames: over.personas ?? ["me"],
    seed: over.seed ?? 42,
    variant: over.variant ?? 0,
  });
}

describe("diffScenes", () => {
  it("finds nothing between a scene and itself, or an edit that asks for what is already there", () => {
    const s = scene();
    expect(diffScenes(s, structuredClone(s))).toEqual([]);
    expect(diffScenes(s, editScene(s, {}))).toEqual([]);
    expect(diffScenes(s, editScene(s, { style: s.style }))).toEqual([]);
    const yellow = editScene(s, { headlineColor: "#ffd60a" });
    expect(diffScenes(yellow, editScene(yellow, { headlineColor: "#FFD60A" }))).toEqual([]);
  });

  it("names the layer, property and both values of each change", () => {
    const s = scene();
    const headline = s.text[0];
    if (!headline) throw new Error("no headline");
    const edited = editScene(s, { headlineColor: "#ff0000", backgroundColor: "#e63946" });
    expect(diffScenes(s, edited).filter((c) => c.property === "color")).toEqual([
      { layer: "headline", property: "color", from: headline.fill.toLowerCase(), to: "#ff0000" },
      { layer: "background", property: "color", from: s.palette.mid, to: "#e63946" },
    ]);
  });

  it("reports a headline moved to the right as the headline's x, and leaves the subject where it was", () => {
    const s = scene();
    const diff = diffScenes(s, editScene(s, { headlineSide: "right" }));
    const move = diff.find((c) => c.layer === "headline" && c.property === "x");
    expect(move).toBeDefined();
    expect(Number(move?.to)).toBeGreaterThan(Number(move?.from));
    expect(diff.some((c) => c.layer === "subject")).toBe(false);
  });

  it("reports a restyle once, as the background's style, and a subject move as its x", () => {
    const s = scene({ style: "realistic" });
    expect(diffScenes(s, editScene(s, { style: "cartoon" })).filter((c) => c.layer === "background")).toEqual([
      { layer: "background", property: "style", from: "realistic", to: "cartoon" },
    ]);
    const heroX = s.subjects.at(-1)?.box.x ?? 0;
    const side = heroX + (s.subjects.at(-1)?.box.w ?? 0) / 2 > s.width / 2 ? "left" : "right";
    expect(diffScenes(s, editScene(s, { subjectPosition: side })).some((c) => c.layer === "subject" && c.property === "x")).toBe(true);
  });

  it("names drawn objects added and removed by their words", () => {
    const s = scene({ personas: [] });
    const withTrophy = editScene(s, { artAdd: "trophy" });
    const added = diffScenes(s, withTrophy).filter((c) => c.layer === "art");
    expect(added).toEqual([{ layer: "art", property: "added", to: "trophy" }]);
  });
});

describe("the make-it-pop recipe", () => {
  it("visibly changes every style, aspect, variant and layout: a bigger headline, a heavier outline, a stronger background", () => {
    const layouts = new Set<string>();
    const prompts = [
      'Make a thumbnail for my video "I tried 100 days of coding"',
      "iPhone vs Android: which one wins?",
      "before and after my room makeover",
      "I can't believe this happened",
      "Top 5 budget gaming laptops of 2026",
    ];
    for (const style of imageStyles) {
      for (const aspect of Object.keys(imageAspects) as ImageAspect[]) {
        for (const variant of [0, 1, 2]) {
          for (const [index, prompt] of prompts.entries()) {
            for (const personas of [[], ["me"], ["me", "you"]]) {
              const s = scene({ style, aspect, variant, prompt, personas, seed: 7 + index });
              layouts.add(s.composition ?? "none");
              const diff = diffScenes(s, editScene(s, { boost: true }));
              const where = `${style} ${aspect} v${variant} ${s.composition} "${prompt}" ${personas.length}`;
              expect(diff.some((c) => c.layer === "headline" && c.property === "outline"), where).toBe(true);
              expect(diff.some((c) => c.layer === "headline" && c.property === "size"), where).toBe(true);
            }
          }
        }
      }
    }
    // Every layout the Studio has was drawn above, so the recipe was checked on each.
    expect([...layouts].sort()).toEqual([...compositionIds].sort());
  });

  it("grows the headline by the recipe's factor and saturates a coloured background", () => {
    const s = scene({ style: "realistic" });
    const popped = editScene(s, { boost: true });
    expect(popped.text[0]?.scale).toBeCloseTo((s.text[0]?.scale ?? 1) * POP_RECIPE.headlineScale);
    expect(popped.palette.mid).not.toBe(s.palette.mid);
  });
});

describe("the headline's colour", () => {
  it("counts a colour the headline's letters already have as a change when its highlighted line takes it too", () => {
    const s = scene();
    const headline = s.text[0];
    if (!headline) throw new Error("no headline");
    const diff = diffScenes(s, editScene(s, { headlineColor: headline.fill }));
    expect(diff).toContainEqual(expect.objectContaining({ layer: "headline", property: "color", from: headline.highlight.toLowerCase(), to: headline.fill.toLowerCase() }));
  });

  it("counts the colour the letters already have as a change when the plate behind them goes", () => {
    const s = scene();
    const headline = s.text[0];
    if (!headline) throw new Error("no headline");
    const plated: Scene = { ...s, text: [{ ...headline, highlight: headline.fill, plate: { color: "#111111", opacity: 0.6, rect: headline.box } }, ...s.text.slice(1)] };
    const diff = diffScenes(plated, editScene(plated, { headlineColor: headline.fill }));
    expect(diff.some((c) => c.layer === "headline" && c.property === "color")).toBe(true);
  });
});

describe("the headline's place", () => {
  it("counts lines anchored to the top of a box already at the top as moved up", () => {
    const s = scene();
    const headline = s.text[0];
    if (!headline) throw new Error("no headline");
    const atTop = { ...s, text: [{ ...headline, box: { ...headline.box, y: marginOf(s.width, s.height) }, valign: "center" as const }, ...s.text.slice(1)] };
    const diff = diffScenes(atTop, editScene(atTop, { headlinePosition: "top" }));
    const y = diff.find((c) => c.layer === "headline" && c.property === "y");
    expect(y).toBeDefined();
    expect(Number(y?.to)).toBeLessThan(Number(y?.from));
  });
});
