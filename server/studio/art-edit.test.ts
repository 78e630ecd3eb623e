import { describe, expect, it } from "vitest";
import type { ImageAspect } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import { findArt, pickArt, reactionFaces } from "./art/pick-art.ts";
import { editArt, MAX_ART_LAYERS } from "./art-edit.ts";
import { marginOf, overlaps } from "./frame.ts";
import { buildScene, type Scene } from "./scene.ts";
import { editScene } from "./scene-edit.ts";

const PROMPT = "controller and laptop";

function scene(over: { aspect?: ImageAspect; personas?: string[]; seed?: number; prompt?: string } = {}): Scene {
  return buildScene({
    prompt: over.prompt ?? PROMPT,
    style: "cartoon",
    aspect: over.aspect ?? "16:9",
    personaNames: over.personas ?? [],
    seed: over.seed ?? 1,
    art: pickArt(over.prompt ?? PROMPT),
    reactionFaces: reactionFaces(),
  });
}

/** A scene whose art holds both objects the prompt names, found by seed so the test does not depend on one draw. */
function withTwoObjects(): Scene {
  for (let seed = 1; seed < 50; seed++) {
    const s = scene({ seed });
    if (s.art?.filter((layer) => layer.role === "object").length === 2) return s;
  }
  throw new Error("no seed draws two objects");
}

function thrown(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** A built scene without the art its prompt chose, so placement is measured against headline and personas alone. */
function bare(over: { aspect: ImageAspect; personas: readonly string[]; seed: number }): Scene {
  const { art: _art, pointers: _pointers, ...rest } = buildScene({ prompt: "my morning routine", style: "realistic", aspect: over.aspect, personaNames: over.personas, seed: over.seed });
  return rest;
}

const ids = (s: Scene) => (s.art ?? []).map((layer) => layer.id);
const withoutArt = ({ art: _art, pointers: _pointers, ...rest }: Scene) => rest;

describe("editArt", () => {
  it("takes every art layer away for 'all', and leaves the rest of the scene as it was", () => {
    const before = withTwoObjects();
    const after = editArt(before, { artRemove: "all" });
    expect(after.art).toBeUndefined();
    expect(withoutArt(after)).toEqual(withoutArt(before));
    expect(editArt(before, { artRemove: "ALL" }).art).toBeUndefined();
  });

  it("takes one object away by its name, by the word that chose it, or by a word in another language", () => {
    const before = withTwoObjects();
    expect(ids(before)).toEqual(["video-game", "laptop"]);
    // The controller is the "video game" icon: its name, the prompt's word and other languages' words all find it.
    for (const word of ["Video Game", "controller", "manette", "Controller", "コントローラー", "mando", "手柄"]) {
      expect(ids(editArt(before, { artRemove: word })), word).toEqual(["laptop"]);
    }
    expect(ids(editArt(before, { artRemove: "  LAPTOP " }))).toEqual(["video-game"]);
    expect(ids(editArt(before, { artRemove: "portátil" }))).toEqual(["video-game"]);
  });

  it("takes away an object the creator calls by a near word ('computer' for the laptop), and only that one", () => {
    const before = withTwoObjects();
    for (const word of ["computer", "ordenador", "ordinateur", "电脑", "パソコン"]) {
      expect(ids(editArt(before, { artRemove: word })), word).toEqual(["video-game"]);
    }
  });

  it("puts a replacement in the place and size of what it replaces, and records the word as written", () => {
    const before = withTwoObjects();
    const old = before.art?.[0];
    const after = editArt(before, { artRemove: "controller", artAdd: "Trophée" });
    const added = after.art?.at(-1);
    expect(ids(after)).toEqual(["laptop", "trophy"]);
    expect(added).toMatchObject({ id: "trophy", name: findArt("trophy")?.name, word: "Trophée", box: old?.box, rotation: old?.rotation, role: "object" });
  });

  it("keeps a pointer aimed at a replaced object and drops one whose object went", () => {
    for (let seed = 1; seed < 80; seed++) {
      const before = scene({ aspect: "9:16", personas: ["me"], seed });
      if (!before.pointers) continue;
      expect(editArt(before, { artRemove: "controller", artAdd: "trophy" }).pointers).toEqual(before.pointers);
      expect(editArt(before, { artRemove: "controller" }).pointers).toBeUndefined();
      return;
    }
    throw new Error("no seed draws a pointer");
  });

  // Stacked frames with a persona leave less than a third of the height between headline and persona: smaller there.
  it.each([
    ["16:9", [], 1 / 3],
    ["16:9", ["me"], 1 / 3],
    ["1:1", [], 1 / 3],
    ["9:16", [], 1 / 3],
    ["1:1", ["me"], 1 / 4],
    ["9:16", ["me"], 1 / 8],
  ] as const)("adds an object in %s with personas %j at least %d of the frame high, covering no headline, persona or art", (aspect, personas, share) => {
    for (const seed of [1, 2, 3, 4]) {
      const before = bare({ aspect, personas, seed });
      const after = editArt(before, { artAdd: "fire" });
      const added = after.art?.at(-1);
      const [headline, oldHeadline] = [after.text[0]?.box, before.text[0]?.box];
      if (!added || !headline || !oldHeadline) throw new Error("nothing added");
      const where = `${aspect} ${seed} ${JSON.stringify([added.box, headline])}`;
      expect(added).toMatchObject({ id: "fire", word: "fire", role: "object" });
      for (const box of [headline, ...before.subjects.map((s) => s.box)]) expect(overlaps(added.box, box), where).toBe(false);
      // The headline may give a side up, never more than half its width or height.
      expect(headline.w, where).toBeGreaterThanOrEqual(oldHeadline.w / 2);
      expect(headline.h, where).toBeGreaterThanOrEqual(oldHeadline.h / 2);
      const margin = marginOf(before.width, before.height);
      expect(added.box.x).toBeGreaterThanOrEqual(margin);
      expect(added.box.y).toBeGreaterThanOrEqual(margin);
      expect(added.box.x + added.box.w).toBeLessThanOrEqual(before.width - margin);
      expect(added.box.y + added.box.h).toBeLessThanOrEqual(before.height - margin);
      expect(added.box.w).toBe(added.box.h);
      expect(added.box.h, where).toBeGreaterThanOrEqual(Math.round(before.height * share));
      expect(Math.abs(added.rotation)).toBeLessThanOrEqual(8);
      expect(withoutArt({ ...after, text: before.text })).toEqual(withoutArt(before));
    }
  });

  it("adds beside existing art without covering it, and stays in the frame when nothing is free", () => {
    const before = withTwoObjects();
    const after = editArt(before, { artAdd: "pizza" });
    const added = after.art?.at(-1);
    if (!added) throw new Error("nothing added");
    for (const box of [...(before.art ?? []).map((a) => a.box), ...after.text.map((t) => t.box), ...before.subjects.map((s) => s.box)]) {
      expect(overlaps(added.box, box), JSON.stringify([added.box, box])).toBe(false);
    }
    // A headline over the whole frame leaves no free place: the object still lands inside, at a third of the height.
    const full = { ...before, art: [], text: before.text.map((t) => ({ ...t, box: { x: 0, y: 0, w: before.width, h: before.height } })) };
    const crowded = editArt(full, { artAdd: "pizza" }).art?.at(-1);
    expect(crowded?.box.h).toBe(Math.round(before.height / 3));
    expect(crowded && crowded.box.x + crowded.box.w).toBeLessThanOrEqual(before.width);
  });

  it("answers a word with no picture by naming it and suggesting words that have one, before taking anything away", () => {
    const before = withTwoObjects();
    const error = thrown(() => editArt(before, { artRemove: "controller", artAdd: "xyzzyplugh" }));
    expect(error.code).toBe("unprocessable:art_word");
    expect(error.message).toContain("“xyzzyplugh”");
    expect(error.message).toMatch(/trophy, fire, rocket/);
  });

  it("answers a removal of something the picture does not show, naming what it does show", () => {
    const before = withTwoObjects();
    const missing = thrown(() => editArt(before, { artRemove: "pizza" }));
    expect(missing.code).toBe("not_found:art");
    expect(missing.message).toContain("“pizza”");
    expect(missing.message).toContain("“video game”");
    const empty = bare({ aspect: "16:9", personas: [], seed: 1 });
    expect(thrown(() => editArt(empty, { artRemove: "all" })).code).toBe("not_found:art");
    expect(thrown(() => editArt(empty, { artRemove: "trophy" })).message).toMatch(/no drawn objects/);
  });

  it("refuses to crowd a picture beyond its most objects", () => {
    let crowded = scene();
    while ((crowded.art?.length ?? 0) < MAX_ART_LAYERS) crowded = editArt(crowded, { artAdd: "star" });
    expect(thrown(() => editArt(crowded, { artAdd: "fire" })).code).toBe("unprocessable:art_full");
    expect(editArt(crowded, { artRemove: "star", artAdd: "fire" }).art?.at(-1)?.id).toBe("fire");
  });

  it("is deterministic and never changes its input", () => {
    const before = deepFreeze(withTwoObjects());
    const copy = structuredClone(before);
    const edits = [{ artAdd: "fire" }, { artRemove: "all", artAdd: "rocket" }, { artRemove: "laptop" }];
    for (const changes of edits) expect(editArt(before, changes)).toEqual(editArt(structuredClone(copy), changes));
    expect(before).toEqual(copy);
    expect(editArt(before, {})).toBe(before);
  });
});

describe("editScene with art changes", () => {
  it("passes checked art words through and ignores malformed ones", () => {
    const before = withTwoObjects();
    expect(ids(editScene(before, { artRemove: "controller", artAdd: "trophy" }))).toEqual(["laptop", "trophy"]);
    for (const changes of [{ artAdd: "" }, { artAdd: "x".repeat(41) }, { artRemove: "fire\u0000" }, { artAdd: "\u202efire" }, { artRemove: 7 }]) {
      expect(editScene(before, changes as never), JSON.stringify(changes)).toEqual(before);
    }
  });
});
