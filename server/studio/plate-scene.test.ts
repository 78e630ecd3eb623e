import { describe, expect, it } from "vitest";
import { buildPlateScene, clearAreaOf } from "./plate-scene.ts";
import { parseStudioScene } from "./scene-schema.ts";

// The scene a provider model's picture gets (docs/decisions/036-headlines-over-model-pictures.md).
describe("a headline over a model's picture", () => {
  it("is a valid Studio scene with the headline alone, where the model was asked to keep the picture clear", () => {
    for (const aspect of ["16:9", "9:16", "1:1"] as const) {
      for (let seed = 0; seed < 6; seed++) {
        const { scene, clearArea } = buildPlateScene({ prompt: "how I paid off $50,000 of debt", style: "vintage", aspect, seed });
        expect(parseStudioScene(scene)).toEqual(scene);
        expect(clearArea).toMatch(aspect === "16:9" ? /^(left|right)$/u : /^(top|bottom)$/u);
        expect(clearAreaOf(scene)).toBe(clearArea);
        expect(scene.text.map((t) => t.text)).toEqual(["PAID OFF $50,000 OF DEBT"]);
        expect(scene).toMatchObject({ subjects: [], accents: [], background: { shapes: [], photo: true, modelPicture: true } });
      }
    }
  });

  it("puts the middle variant of an A/B pack's headline on the other side", () => {
    const input = { prompt: "budget travel hacks", style: "realistic", aspect: "16:9", seed: 11 } as const;
    const sides = [0, 1, 2].map((variant) => buildPlateScene({ ...input, variant }).clearArea);
    expect(sides[1]).not.toBe(sides[0]);
    expect(sides[2]).toBe(sides[0]);
  });
});
