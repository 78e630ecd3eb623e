import { describe, expect, it } from "vitest";
import { buildScene, type Scene } from "./scene.ts";
import { diffScenes } from "./scene-diff.ts";
import { editScene } from "./scene-edit.ts";
import { isStudioScene } from "./scene-schema.ts";

/** "Font feel", "less text" and the outline's colour: the headline's look, as Studio edits with a diff that names them. */

function scene(prompt = "I tried 100 days of coding", style: "cartoon" | "vintage" = "cartoon"): Scene {
  return buildScene({ prompt, style, aspect: "16:9", personaNames: ["me"], seed: 7, art: [] });
}

const headline = (s: Scene) => s.text[0];

describe("editScene: the headline's face", () => {
  it("sets the classic serif for 'serif', the display face for 'bold', and the one it does not have for 'other'", () => {
    const bold = scene();
    expect(headline(bold)?.face).toBe("anton");
    const serif = editScene(bold, { headlineFont: "serif" });
    expect(headline(serif)?.face).toBe("abril");
    expect(diffScenes(bold, serif)).toEqual([{ layer: "headline", property: "font", from: "anton", to: "abril" }]);
    expect(headline(editScene(serif, { headlineFont: "bold" }))?.face).toBe("anton");
    expect(headline(editScene(bold, { headlineFont: "other" }))?.face).toBe("abril");
    expect(headline(editScene(serif, { headlineFont: "other" }))?.face).toBe("anton");
    expect(isStudioScene(serif)).toBe(true);
    // A face the creator chose outlives a restyle, like a fill they chose.
    expect(headline(editScene(serif, { style: "realistic" }))?.face).toBe("abril");
    expect(headline(editScene(bold, { style: "vintage" }))?.face).toBe("abril");
    expect(headline(editScene(editScene(bold, { style: "vintage" }), { style: "cartoon" }))?.face).toBe("anton");
  });

  it("changes nothing when the headline has the face already or no letter the Latin face draws, or the face is no feel", () => {
    const vintage = scene("I tried 100 days of coding", "vintage");
    expect(diffScenes(vintage, editScene(vintage, { headlineFont: "serif" }))).toEqual([]);
    const japanese = scene("プログラミングを続けてみた");
    expect(diffScenes(japanese, editScene(japanese, { headlineFont: "serif" }))).toEqual([]);
    const bold = scene();
    expect(diffScenes(bold, editScene(bold, { headlineFont: "comic sans" } as never))).toEqual([]);
    // The same edit on a headline with Latin letters does change: the cases above are the face's own limits.
    expect(diffScenes(vintage, editScene(vintage, { headlineFont: "bold" }))).toEqual([{ layer: "headline", property: "font", from: "abril", to: "anton" }]);
  });
});

describe("editScene: less text", () => {
  it("shortens the headline by meaning and says so in the diff", () => {
    const before = scene();
    const after = editScene(before, { shorterHeadline: true });
    expect(headline(after)?.text).toBe("TRIED 100 DAYS OF CODING");
    expect(diffScenes(before, after)).toContainEqual({ layer: "headline", property: "text", from: "I TRIED 100 DAYS OF CODING", to: "TRIED 100 DAYS OF CODING" });
    expect(headline(after)?.lines).toBeUndefined();
  });

  it("leaves a headline as short as it gets, and takes typed words over a shortening asked in the same breath", () => {
    const short = editScene(scene(), { headline: "Best pizza" });
    expect(diffScenes(short, editScene(short, { shorterHeadline: true }))).toEqual([]);
    expect(headline(editScene(scene(), { headline: "Day 100", shorterHeadline: true }))?.text).toBe("DAY 100");
    // One word longer, and it shortens.
    const longer = editScene(scene(), { headline: "The best pizza" });
    expect(headline(editScene(longer, { shorterHeadline: true }))?.text).toBe("BEST PIZZA");
  });
});

describe("editScene: the headline's outline colour", () => {
  it("outlines the headline in the asked colour, and in white or black when the asked one would not keep it legible", () => {
    const before = scene();
    const black = editScene(before, { headlineOutlineColor: "#111111" });
    expect(headline(black)?.stroke.color).toBe("#111111");
    expect(diffScenes(before, black)).toContainEqual({ layer: "headline", property: "outlineColor", from: headline(before)?.stroke.color, to: "#111111" });
    // Teal letters on the pink cartoon background: a teal outline would not set them apart, so legibility picks one.
    const teal = editScene(editScene(before, { headlineColor: "#2ec4b6" }), { headlineOutlineColor: "#2ec4b6" });
    expect(["#ffffff", "#000000", headline(before)?.stroke.color]).toContain(headline(teal)?.stroke.color);
    expect(isStudioScene(black)).toBe(true);
  });
});
