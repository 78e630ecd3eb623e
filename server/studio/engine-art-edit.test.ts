import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { createStudioEngine } from "./engine.ts";
import { createFontStore } from "./fonts.ts";
import type { Scene } from "./scene.ts";

const engine = createStudioEngine({ fonts: createFontStore() });

async function generated(prompt: string): Promise<Scene> {
  const result = await engine.generate({ prompt, style: "cartoon", aspect: "16:9", personas: [], seed: 7 });
  return result.scene as Scene;
}

describe("Studio edits of drawn objects, stored scene to new render", () => {
  it("swaps one object for another in its place, and clears them all", async () => {
    const scene = JSON.parse(JSON.stringify(await generated("my gaming controller setup")));
    const controller = scene.art?.find((layer: { id: string }) => layer.id === "video-game");
    if (!controller) throw new Error(`no controller drawn: ${JSON.stringify(scene.art)}`);
    const swapped = (await engine.edit({ scene, changes: { artRemove: "manette", artAdd: "trophy" }, personas: [] })).scene as Scene;
    const trophy = swapped.art?.find((layer) => layer.id === "trophy");
    expect(trophy).toMatchObject({ word: "trophy", box: controller.box, rotation: controller.rotation });
    expect(swapped.art?.some((layer) => layer.id === "video-game")).toBe(false);
    const cleared = await engine.edit({ scene, changes: { artRemove: "all" }, personas: [] });
    expect((cleared.scene as Scene).art).toBeUndefined();
    expect(cleared.png.subarray(1, 4).toString()).toBe("PNG");
  });

  it("fails an edit naming a word with no picture, with the word in the sentence", async () => {
    const scene = await generated("my gaming controller setup");
    const failure = await engine.edit({ scene, changes: { artAdd: "xyzzyplugh" }, personas: [] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe("unprocessable:art_word");
    expect((failure as AppError).message).toContain("xyzzyplugh");
  });
});
