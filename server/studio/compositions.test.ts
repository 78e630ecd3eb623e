import { describe, expect, it } from "vitest";
import { imageAspectIds, type ImageAspect, imageStyles } from "../../contract/images.ts";
import { MIN_OBJECT_SHARE, MIN_REACTION_SHARE } from "./composition-layouts.ts";
import { chooseComposition, compositionIds, type CompositionId } from "./compositions.ts";
import { overlaps, type Rect, rotatedBounds } from "./frame.ts";
import { arrowSamples, pointerRect } from "./decor-layers.ts";
import { promptShape } from "./prompt-shape.ts";
import { createRandom } from "./random.ts";
import { buildScene, type ArtChoice, type Scene } from "./scene.ts";

const PHONE: ArtChoice = { id: "mobile-phone", name: "mobile phone", word: "iPhone" };
const ROBOT: ArtChoice = { id: "robot", name: "robot", word: "Android" };
const FACES: ArtChoice[] = [{ id: "face-screaming-in-fear", name: "face screaming in fear", word: "" }];
// Prompts whose shapes between them let every composition fit, in each of which some seed and variant picks it.
const PROMPTS = ["best budget gaming setup", "OMG iPhone vs Android", "I saved $500 in 30 days", "the secret trick, look at this"];

function sceneWith(composition: CompositionId, aspect: ImageAspect, persona: boolean, art: ArtChoice[]): Scene {
  for (const prompt of PROMPTS) {
    for (let seed = 1; seed < 60; seed++) {
      for (const variant of [0, 1, 2]) {
        const scene = buildScene({ prompt, style: "cartoon", aspect, seed, variant, personaNames: persona ? ["me"] : [], art, reactionFaces: FACES });
        if (scene.composition === composition) return scene;
      }
    }
  }
  throw new Error(`no prompt, seed or variant gives ${composition} at ${aspect}`);
}

/** Where a persona's face is: the upper part of their box, away from its sides (the cut-out is centred in it). */
function faceOf(box: Rect): Rect {
  return { x: box.x + box.w * 0.2, y: box.y, w: box.w * 0.6, h: box.h * 0.45 };
}

describe("promptShape", () => {
  it.each([
    ["iPhone vs Android", "versus", ["iPhone", "ANDROID"]],
    ["PlayStation versus Xbox", "versus", ["PlayStation", "XBOX"]],
    ["Messi contra Ronaldo", "versus", ["MESSI", "RONALDO"]],
    ["Paris contre Londres", "versus", ["PARIS", "LONDRES"]],
    ["苹果vs安卓", "versus", ["苹果", "安卓"]],
    ["iPhone対決Android", "versus", ["iPhone", "ANDROID"]],
    ["my room before and after", "before-after", ["BEFORE", "AFTER"]],
    ["mi jardín antes y después", "before-after", ["ANTES", "DESPUÉS"]],
    ["ma cuisine avant / après", "before-after", ["AVANT", "APRÈS"]],
    ["Vorher nachher: mein Zimmer", "before-after", ["VORHER", "NACHHER"]],
    ["房间改造之前和之后", "before-after", ["之前", "之后"]],
    ["部屋のビフォーアフター", "before-after", ["ビフォー", "アフター"]],
  ])("reads %s as a split", (prompt, kind, labels) => {
    expect(promptShape(prompt).split).toEqual({ kind, labels });
  });

  it.each([
    ["I saved $500 in 30 days", "$500"],
    ["J'ai économisé 500 € en 30 jours", "500 €"],
    ["10x faster code", "10X"],
    ["100 days of coding", "100 DAYS"],
    ["30 días en Japón", "30 DÍAS"],
    ["我用三十天学会了编程", "三十天"],
    ["3日で10キロ痩せた", "3日"],
  ])("finds the figure in %s", (prompt, figure) => {
    expect(promptShape(prompt).figure).toBe(figure);
  });

  it("tells reactions and pointing apart from plain topics, and a word with 'vs' inside is no comparison", () => {
    expect(promptShape("OMG this is insane")).toMatchObject({ reaction: true, pointer: false });
    expect(promptShape("me pointing at a burning laptop")).toMatchObject({ pointer: true });
    expect(promptShape("le secret de grand-mère")).toMatchObject({ pointer: true });
    expect(promptShape("best budget gaming setup")).toEqual({ reaction: false, pointer: false });
    expect(promptShape("canvas tips for obvs beginners").split).toBeUndefined();
  });
});

describe("choosing a composition", () => {
  const needs = (prompt: string) => ({ shape: promptShape(prompt), objects: 2, persona: false, reactionFaces: true });

  it("gives a comparison a split and a figure a badge, whatever the seed", () => {
    for (let seed = 0; seed < 40; seed++) {
      expect(chooseComposition(needs("iPhone vs Android"), createRandom(seed))).toBe("split");
      expect(chooseComposition(needs("ビフォーアフター"), createRandom(seed))).toBe("split");
      expect(chooseComposition(needs("how I made $5 online"), createRandom(seed))).toBe("badge");
    }
  });

  it("lets the seed decide among the compositions that fit, and never gives two variants the same one", () => {
    const firsts = new Set<CompositionId>();
    for (let seed = 0; seed < 40; seed++) {
      const variants = [0, 1, 2].map((v) => chooseComposition(needs("best budget gaming setup"), createRandom(seed), v));
      expect(new Set(variants).size, `seed ${seed}`).toBe(3);
      firsts.add(variants[0] ?? "hero");
    }
    expect(firsts.size).toBeGreaterThanOrEqual(3);
  });

  it("gives the three variants of a request three compositions and three palettes", () => {
    for (const style of imageStyles) {
      const scenes = [0, 1, 2].map((variant) => buildScene({ prompt: "best budget gaming setup", style, aspect: "16:9", seed: 11, variant, personaNames: [], art: [PHONE, ROBOT] }));
      expect(new Set(scenes.map((s) => s.composition)).size, style).toBe(3);
      expect(new Set(scenes.map((s) => JSON.stringify(s.palette))).size, style).toBe(3);
    }
  });
});

describe("every composition at every aspect", () => {
  for (const aspect of imageAspectIds) {
    for (const composition of compositionIds) {
      for (const persona of [false, true]) {
        it(`${composition} at ${aspect}${persona ? " with a persona" : ""}: art large, clear of the headline and the face, the frame filled`, () => {
          const scene = sceneWith(composition, aspect, persona, [PHONE, ROBOT]);
          const text = scene.text[0];
          if (!text) throw new Error("no headline");
          const art = scene.art ?? [];
          expect(art.filter((a) => a.role === "object").length).toBeGreaterThanOrEqual(1);
          const faces = scene.subjects.map((s) => faceOf(s.box));
          for (const layer of art) {
            const share = layer.role === "object" ? MIN_OBJECT_SHARE : MIN_REACTION_SHARE;
            // The main object and a split's two sides are the large ones; a companion tucked behind may be smaller.
            if (layer === art[0] || composition === "split" || layer.role === "reaction") expect(layer.box.h, layer.id).toBeGreaterThanOrEqual(scene.height * share - 1);
            const bounds = rotatedBounds(layer.box, layer.rotation);
            expect(overlaps(bounds, text.box), `${layer.id} over the headline`).toBe(false);
            for (const face of faces) expect(overlaps(bounds, face), `${layer.id} over the face`).toBe(false);
            // Inside the frame, give or take a sliver at the edge.
            expect(bounds.x).toBeGreaterThan(-scene.width * 0.05);
            expect(bounds.x + bounds.w).toBeLessThan(scene.width * 1.05);
            expect(bounds.y + bounds.h).toBeLessThan(scene.height * 1.02);
          }
          for (const pointer of scene.pointers ?? []) {
            if (pointer.kind === "ring") expect(overlaps(pointerRect(pointer), text.box), "ring over the headline").toBe(false);
            else for (const p of arrowSamples(pointer)) expect(overlaps({ x: p.x - pointer.width, y: p.y - pointer.width, w: 2 * pointer.width, h: 2 * pointer.width }, text.box), "arrow over the headline").toBe(false);
          }
          if (scene.badge) {
            const { x, y, r } = scene.badge;
            expect(overlaps({ x: x - r, y: y - r, w: 2 * r, h: 2 * r }, text.box), "badge over the headline").toBe(false);
            for (const face of faces) expect(overlaps({ x: x - r, y: y - r, w: 2 * r, h: 2 * r }, face), "badge over the face").toBe(false);
          }
          if (aspect === "9:16") {
            // No empty bottom half: the art or the persona reaches past four fifths of the height.
            const bottoms = [...art.map((a) => a.box.y + a.box.h), ...scene.subjects.map((s) => s.box.y + s.box.h), text.box.y + text.box.h];
            expect(Math.max(...bottoms)).toBeGreaterThan(scene.height * 0.8);
          }
        });
      }
    }
  }

  it("puts one pick on both sides of a before/after split, the before side without colour", () => {
    const scene = buildScene({ prompt: "my garden before and after", style: "realistic", aspect: "16:9", seed: 3, personaNames: [], art: [{ id: "seedling", name: "seedling", word: "garden" }] });
    expect(scene.composition).toBe("split");
    expect(scene.art?.map((a) => [a.id, a.muted === true])).toEqual([
      ["seedling", true],
      ["seedling", false],
    ]);
    expect(scene.split?.labels?.map((l) => l.text)).toEqual(["BEFORE", "AFTER"]);
  });

  it("records why each object is there, and takes the prompt's own art when none is given", () => {
    const scene = buildScene({ prompt: "best budget gaming setup", style: "cartoon", aspect: "16:9", seed: 4, personaNames: [] });
    expect(scene.art?.[0]).toMatchObject({ id: "video-game", word: "gaming", role: "object" });
    expect(buildScene({ prompt: "best budget gaming setup", style: "cartoon", aspect: "16:9", seed: 4, personaNames: [] })).toEqual(scene);
  });
});
