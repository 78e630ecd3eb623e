import { describe, expect, it } from "vitest";
import { imageAspects, type ImageAspect } from "../../contract/images.ts";
import { rotatedBounds, type Rect } from "./frame.ts";
import { relayScene, varyScene } from "./relay-scene.ts";
import { buildScene, type Scene } from "./scene.ts";
import { diffScenes } from "./scene-diff.ts";
import { editScene } from "./scene-edit.ts";
import { isStudioScene } from "./scene-schema.ts";

const PROMPT = "I won a trophy after 100 days of coding";

function edited(over: { personas?: string[]; seed?: number } = {}): Scene {
  const first = buildScene({ prompt: PROMPT, style: "cartoon", aspect: "16:9", personaNames: over.personas ?? ["me"], seed: over.seed ?? 7 });
  return editScene(first, { headlineColor: "#e63946", headlineScale: 1.3, headline: "100 DAYS LATER" });
}

function inside(box: Rect, scene: Scene, slack = 2): boolean {
  return box.x >= -slack && box.y >= -slack && box.x + box.w <= scene.width + slack && box.y + box.h <= scene.height + slack;
}

const centreX = (r: Rect) => r.x + r.w / 2;

describe("re-laying a scene for another frame", () => {
  for (const aspect of ["1:1", "9:16"] as const satisfies ImageAspect[]) {
    it(`keeps what the user made of it at ${aspect}, inside the new frame`, () => {
      const before = edited();
      const after = editScene(before, { aspect });
      const [was, now] = [before.text[0], after.text[0]];
      expect(after).toMatchObject({ aspect, ...imageAspects[aspect], seed: before.seed, style: before.style, palette: before.palette, composition: before.composition });
      expect(now).toMatchObject({ text: was?.text, fill: "#e63946", highlight: "#e63946", fixedFill: true, scale: was?.scale });
      expect((after.art ?? []).map((a) => [a.id, a.word, a.role])).toEqual((before.art ?? []).map((a) => [a.id, a.word, a.role]));
      expect(after.subjects.map((s) => s.name)).toEqual(before.subjects.map((s) => s.name));
      expect(inside(now?.box as Rect, after)).toBe(true);
      for (const a of after.art ?? []) expect(inside(rotatedBounds(a.box, a.rotation), after, a.box.w * 0.1)).toBe(true);
      for (const s of after.subjects) expect(s.box.x + s.box.w / 2 > 0 && s.box.x + s.box.w / 2 < after.width && s.box.y + s.box.h <= after.height + 1).toBe(true);
      expect(isStudioScene(after)).toBe(true);
      expect(diffScenes(before, after)).toContainEqual({ layer: "frame", property: "aspect", from: "16:9", to: aspect });
      // The outline grows with the frame; in proportion it is the same outline, so no change is claimed for it.
      expect(diffScenes(before, after).filter((change) => change.property === "outline")).toEqual([]);
    });
  }

  it("keeps the persona on the side of the picture it stood on", () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const before = edited({ seed });
      const hero = before.subjects.at(-1)?.box as Rect;
      const after = relayScene(before, "1:1");
      const moved = after.subjects.at(-1)?.box as Rect;
      expect(centreX(moved) > after.width / 2).toBe(centreX(hero) > before.width / 2);
    }
  });

  it("keeps a background colour the user chose", () => {
    const before = editScene(edited(), { backgroundColor: "#1d3557" });
    const after = editScene(before, { aspect: "9:16" });
    expect(after.palette.mid).toBe("#1d3557");
  });

  it("changes nothing for the frame the picture already has", () => {
    const before = edited();
    expect(diffScenes(before, editScene(before, { aspect: "16:9" }))).toEqual([]);
  });

  it("takes the message's other edits in the new frame", () => {
    const after = editScene(edited(), { aspect: "1:1", headlineColor: "#2a9d8f" });
    expect(after).toMatchObject({ aspect: "1:1", text: [{ fill: "#2a9d8f" }] });
  });
});

describe("variants of a scene", () => {
  it("each differs from the scene and the others, with every edit kept", () => {
    const before = edited();
    const variants = [1, 2, 3].map((n) => varyScene(before, n));
    for (const v of variants) {
      expect(v.text[0]).toMatchObject({ text: before.text[0]?.text, fill: "#e63946", fixedFill: true, scale: before.text[0]?.scale });
      expect((v.art ?? []).map((a) => a.word).sort()).toEqual((before.art ?? []).map((a) => a.word).sort());
      expect(v.aspect).toBe(before.aspect);
      expect(isStudioScene(v)).toBe(true);
      expect(inside(v.text[0]?.box as Rect, v)).toBe(true);
    }
    const looks = [before, ...variants].map((s) => JSON.stringify([s.composition, s.palette.base, s.text[0]?.box, s.subjects.map((x) => x.box)]));
    expect(new Set(looks).size).toBe(4);
  });

  it("keeps a background colour the user chose, and is the same for the same scene and number", () => {
    const before = editScene(edited(), { backgroundColor: "#1d3557" });
    expect(varyScene(before, 1).palette.mid).toBe("#1d3557");
    expect(varyScene(before, 2)).toEqual(varyScene(before, 2));
  });
});
