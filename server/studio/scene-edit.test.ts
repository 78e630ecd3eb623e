import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { imageStyles, type ImageAspect, type ImageStyle } from "../../contract/images.ts";
import { contrastRatio, hexToRgb } from "./color.ts";
import { buildScene, marginOf, type Scene } from "./scene.ts";
import type { SceneChanges } from "../generation/engine.ts";
import { editScene, withoutRenderedText } from "./scene-edit.ts";
import { isStudioScene, parseStudioScene } from "./scene-schema.ts";
import { MIN_CONTRAST } from "./text-layer.ts";

const PROMPT = 'Make a thumbnail for my video "I tried 100 days of coding"';

/** A scene with no art (the arrow accent points at the persona); scenes with art have tests of their own below. */
function scene(over: { style?: ImageStyle; aspect?: ImageAspect; personas?: string[]; seed?: number; variant?: number } = {}): Scene {
  return buildScene({ prompt: PROMPT, style: over.style ?? "realistic", aspect: over.aspect ?? "16:9", personaNames: over.personas ?? ["me"], seed: over.seed ?? 42, variant: over.variant ?? 0, art: [] });
}

/**
 * A landscape scene with its persona on the given side and only a persona, a headline and accents (no badge: the
 * prompt's figure asks for one in variant 0), found by seed so the test does not depend on one draw.
 */
function landscapeWithPersona(side: "left" | "right", style: ImageStyle = "realistic"): Scene {
  for (let seed = 1; seed < 100; seed++) {
    const s = scene({ seed, style, variant: 1 + (seed % 2) });
    if (s.badge) continue;
    const hero = s.subjects.at(-1);
    if (hero && hero.box.x + hero.box.w / 2 > s.width / 2 === (side === "right") && s.accents.some((a) => a.kind === "arrow")) return s;
  }
  throw new Error(`no seed puts the persona on the ${side}`);
}

/** The scene without the named top-level parts and headline fields, for comparing what an edit must not touch. */
function except(s: Scene, parts: (keyof Scene)[], textFields: string[] = []): unknown {
  const copy: Record<string, unknown> = { ...s, text: s.text.map((t) => Object.fromEntries(Object.entries(t).filter(([k]) => !textFields.includes(k)))) };
  for (const part of parts) delete copy[part];
  return copy;
}

const centreX = (r: { x: number; w: number }) => r.x + r.w / 2;

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

describe("editScene", () => {
  it("changes nothing for absent, unknown or malformed changes, and never mutates its input", () => {
    const original = deepFreeze(scene());
    const copy = structuredClone(original);
    const malformed = [
      {},
      { headline: "   " },
      { headlineColor: "#fff" },
      { headlineColor: "yellow" },
      { headlineScale: Number.NaN },
      { headlineScale: Number.POSITIVE_INFINITY },
      { headlinePosition: "middle" },
      { subjectPosition: "up" },
      { style: "neon" },
      { sparkle: true },
    ] as unknown as SceneChanges[];
    for (const changes of malformed) expect(editScene(original, changes), JSON.stringify(changes)).toEqual(copy);
    expect(editScene(original, null as unknown as SceneChanges)).toEqual(copy);
    // Every kind of change, on a frozen scene: a write to the input would throw.
    editScene(original, { headline: "x", headlineColor: "#ff0000", headlineScale: 2, headlinePosition: "top", subjectPosition: "left", style: "cartoon" });
    expect(original).toEqual(copy);
  });

  it("replaces the headline's words and nothing else, in capitals, and takes the script of the new words", () => {
    const before = scene();
    const after = editScene(before, { headline: "  day   100 " });
    expect(after.text[0]?.text).toBe("DAY 100");
    expect(after.text[0]?.script).toBe("latin");
    expect(except(after, [], ["text", "script"])).toEqual(except(before, [], ["text", "script"]));
    const cjk = editScene(before, { headline: "第 100 天" });
    expect([cjk.text[0]?.text, cjk.text[0]?.script]).toEqual(["第100天", "cjk"]);
    expect([...(editScene(before, { headline: "A".repeat(500) }).text[0]?.text ?? "")]).toHaveLength(120);
  });

  it("sets the headline colour on every line and keeps the rest of the scene", () => {
    const before = scene();
    const after = editScene(before, { headlineColor: "#FFE600" });
    const text = after.text[0];
    expect([text?.fill, text?.highlight, text?.fixedFill]).toEqual(["#ffe600", "#ffe600", true]);
    expect(except(after, [], ["fill", "highlight", "fixedFill", "stroke", "shadow"])).toEqual(except(before, [], ["fill", "highlight", "fixedFill", "stroke", "shadow"]));
    // Yellow on a dark studio background stands out by itself: the outline stays as the style drew it.
    expect([text?.stroke, text?.shadow]).toEqual([before.text[0]?.stroke, before.text[0]?.shadow]);
  });

  it("keeps a colour too close to the background and strengthens the outline and shadow instead", () => {
    const before = scene();
    const dark = "#141018";
    const after = editScene(before, { headlineColor: dark });
    const text = after.text[0];
    const old = before.text[0];
    if (!text || !old) throw new Error("no headline");
    expect(text.fill).toBe(dark);
    // The style's ink outline would vanish around dark letters: the stroke turns light, wider, the shadow firmer.
    expect(contrastRatio(hexToRgb(text.stroke.color), hexToRgb(dark))).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(text.stroke.width).toBeGreaterThan(old.stroke.width);
    expect(text.shadow.opacity).toBeGreaterThan(old.shadow.opacity);
    // A rendered scene's measured backdrop decides when it is known: white on a measured white backdrop.
    const measured = { ...before, text: [{ ...old, backdrop: "#f8f8f8", lines: ["X"], size: 100, contrast: 5 }] };
    const onWhite = editScene(measured, { headlineColor: "#ffffff" }).text[0];
    expect(onWhite?.stroke.width).toBeGreaterThan(old.stroke.width);
    expect(contrastRatio(hexToRgb(onWhite?.stroke.color ?? "#ffffff"), [255, 255, 255])).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // The old render's decisions are dropped with the change.
    expect([onWhite?.lines, onWhite?.size, onWhite?.contrast, onWhite?.backdrop]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it("scales the headline's box and size cap within the frame, compounding and bounded", () => {
    for (const aspect of ["16:9", "1:1", "9:16"] as const) {
      const before = scene({ aspect });
      const margin = marginOf(before.width, before.height);
      const area = (s: Scene) => (s.text[0]?.box.w ?? 0) * (s.text[0]?.box.h ?? 0);
      const bigger = editScene(before, { headlineScale: 1.5 });
      const smaller = editScene(before, { headlineScale: 0.6 });
      expect(area(bigger), aspect).toBeGreaterThan(area(before));
      expect(area(smaller), aspect).toBeLessThan(area(before));
      expect([bigger.text[0]?.scale, smaller.text[0]?.scale]).toEqual([1.5, 0.6]);
      for (const s of [bigger, smaller]) {
        const box = s.text[0]?.box ?? { x: -1, y: -1, w: 0, h: 0 };
        expect(box.x).toBeGreaterThanOrEqual(margin);
        expect(box.y).toBeGreaterThanOrEqual(margin);
        expect(box.x + box.w).toBeLessThanOrEqual(before.width - margin + 0.1);
        expect(box.y + box.h).toBeLessThanOrEqual(before.height - margin + 0.1);
        expect(except(s, [], ["box", "scale"])).toEqual(except(before, [], ["box", "scale"]));
      }
    }
    // Out-of-range factors are clamped to 0.5–2 per edit, and the total to 0.25–4.
    let s = scene();
    for (let i = 0; i < 5; i++) s = editScene(s, { headlineScale: 50 });
    expect(s.text[0]?.scale).toBe(4);
    expect(editScene(scene(), { headlineScale: 0.01 }).text[0]?.scale).toBe(0.5);
  });

  it("moves the headline box to the top, centre or bottom of the frame", () => {
    for (const aspect of ["16:9", "1:1", "9:16"] as const) {
      const before = scene({ aspect });
      const margin = marginOf(before.width, before.height);
      const top = editScene(before, { headlinePosition: "top" }).text[0];
      const bottom = editScene(before, { headlinePosition: "bottom" }).text[0];
      const centre = editScene(before, { headlinePosition: "center" }).text[0];
      expect(top?.box.y).toBe(margin);
      expect((bottom?.box.y ?? 0) + (bottom?.box.h ?? 0)).toBeCloseTo(before.height - margin, 0);
      expect((centre?.box.y ?? 0) + (centre?.box.h ?? 0) / 2).toBeCloseTo(before.height / 2, 0);
      expect([top?.valign, bottom?.valign, centre?.valign]).toEqual(["top", "bottom", "center"]);
      expect(top?.box.w).toBe(before.text[0]?.box.w);
      expect(except(editScene(before, { headlinePosition: "bottom" }), [], ["box", "valign"])).toEqual(except(before, [], ["box", "valign"]));
    }
  });

  it("moves the personas to the other side in landscape and mirrors the headline", () => {
    const before = landscapeWithPersona("right");
    const after = editScene(before, { subjectPosition: "left" });
    const hero = after.subjects.at(-1);
    const text = after.text[0];
    if (!hero || !text) throw new Error("no persona or headline");
    expect(centreX(hero.box)).toBeLessThan(after.width / 2);
    expect(centreX(text.box)).toBeGreaterThan(after.width / 2);
    expect(text.box.w).toBe(before.text[0]?.box.w);
    // The arrow still points from the headline at the persona: now leftwards.
    const arrow = after.accents.find((a) => a.kind === "arrow");
    expect(arrow && arrow.x).toBeGreaterThan(hero.box.x + hero.box.w);
    // Only the subjects' positions, the headline's box, the light's focus and the arrow changed.
    expect(after.subjects.map((s) => ({ ...s, box: { ...s.box, x: 0 } }))).toEqual(before.subjects.map((s) => ({ ...s, box: { ...s.box, x: 0 } })));
    expect(except(after, ["subjects", "accents", "background"], ["box"])).toEqual(except(before, ["subjects", "accents", "background"], ["box"]));
    expect({ ...after.background, focus: after.background.focus.y }).toEqual({ ...before.background, focus: before.background.focus.y });
    expect(after.accents.filter((a) => a.kind !== "arrow")).toEqual(before.accents.filter((a) => a.kind !== "arrow"));
    // Back to the right gives the original layout back, up to the persona's random nudge.
    const back = editScene(after, { subjectPosition: "right" });
    expect(back.text[0]?.box).toEqual(before.text[0]?.box);
    expect(Math.abs(centreX(back.subjects.at(-1)?.box ?? hero.box) - centreX(before.subjects.at(-1)?.box ?? hero.box))).toBeLessThan(before.width * 0.04);
  });

  it("centres the personas in landscape under a headline band, and moves them sideways in stacked frames", () => {
    const centred = editScene(landscapeWithPersona("left"), { subjectPosition: "center" });
    expect(Math.abs(centreX(centred.subjects.at(-1)?.box ?? { x: 0, w: 0 }) - centred.width / 2)).toBeLessThanOrEqual(1);
    expect(centred.text[0]?.box.w).toBeGreaterThan(centred.width * 0.8);
    expect(centred.text[0]?.align).toBe("center");
    for (const aspect of ["1:1", "9:16"] as const) {
      const before = scene({ aspect });
      const left = editScene(before, { subjectPosition: "left" });
      const right = editScene(before, { subjectPosition: "right" });
      expect(centreX(left.subjects.at(-1)?.box ?? { x: 0, w: 0 })).toBeLessThan(before.width / 2);
      expect(centreX(right.subjects.at(-1)?.box ?? { x: 0, w: 0 })).toBeGreaterThan(before.width / 2);
      // Stacked frames keep the headline where it is.
      expect(left.text).toEqual(before.text);
    }
    // Without personas there is nothing to move.
    const empty = scene({ personas: [] });
    expect(editScene(empty, { subjectPosition: "left" })).toEqual(empty);
  });

  it("restyles with the style's palette, background and headline look, keeping the words and the layout", () => {
    const before = scene({ style: "realistic" });
    for (const style of imageStyles.filter((s) => s !== "realistic")) {
      const after = editScene(before, { style });
      expect(after.style).toBe(style);
      expect(after.background.style).toBe(style);
      expect(after.palette).not.toEqual(before.palette);
      expect(after.text[0]?.text).toBe(before.text[0]?.text);
      expect(after.text[0]?.box).toEqual(before.text[0]?.box);
      expect(after.text[0]?.face).toBe(style === "vintage" ? "abril" : "anton");
      expect(after.text[0]?.fill).toBe(after.palette.text);
      expect(after.subjects.map((s) => s.box)).toEqual(before.subjects.map((s) => s.box));
      expect(after.subjects.every((s) => s.outline.color === after.palette.outline)).toBe(true);
      expect([after.seed, after.aspect, after.width, after.height]).toEqual([before.seed, before.aspect, before.width, before.height]);
      // The same image restyled twice comes out the same.
      expect(editScene(before, { style })).toEqual(after);
    }
    expect(editScene(before, { style: "realistic" })).toEqual(before);
  });

  it("keeps a colour the user chose through a change of style", () => {
    const coloured = editScene(scene({ style: "realistic" }), { headlineColor: "#ff2a2a" });
    const vintage = editScene(coloured, { style: "vintage" });
    expect([vintage.text[0]?.fill, vintage.text[0]?.highlight, vintage.text[0]?.fixedFill]).toEqual(["#ff2a2a", "#ff2a2a", true]);
    expect(vintage.text[0]?.face).toBe("abril");
  });

  it("drops what the last render decided about the text before a render", () => {
    const rendered = { ...scene(), text: scene().text.map((t) => ({ ...t, lines: ["A"], size: 90, backdrop: "#000000", contrast: 9, plate: { color: "#000000", opacity: 0.9, rect: t.box } })) };
    expect(withoutRenderedText(rendered)).toEqual(scene());
  });
});

describe("editScene on a scene with art", () => {
  const art = [{ id: "laptop", name: "laptop", word: "coding" }];
  const withArt = (seed: number) => buildScene({ prompt: PROMPT, style: "cartoon", aspect: "16:9", personaNames: ["me"], seed, art });

  it("moves the art, the badge and the pointers with the persona to the other side, and keeps them off the headline", () => {
    for (let seed = 1; seed < 12; seed++) {
      const before = withArt(seed);
      const heroRight = centreX(before.subjects.at(-1)?.box ?? { x: 0, w: 0 }) > before.width / 2;
      const after = editScene(before, { subjectPosition: heroRight ? "left" : "right" });
      const text = after.text[0]?.box ?? { x: 0, y: 0, w: 0, h: 0 };
      for (const [i, layer] of (after.art ?? []).entries()) {
        const old = before.art?.[i]?.box ?? layer.box;
        expect(layer.box.x).toBeCloseTo(before.width - old.x - old.w, 0);
        expect(layer.box.x + layer.box.w <= text.x || layer.box.x >= text.x + text.w, `seed ${seed}`).toBe(true);
      }
      if (before.badge) expect(after.badge?.x).toBeCloseTo(before.width - before.badge.x, 0);
      expect(after.art?.map((a) => a.id)).toEqual(before.art?.map((a) => a.id));
      expect(isStudioScene(after)).toBe(true);
    }
  });

  it("keeps the art and the marks through a restyle, in the new style's colours", () => {
    const before = withArt(3);
    const after = editScene(before, { style: "vintage" });
    expect(after.art).toEqual(before.art);
    expect(after.composition).toBe(before.composition);
    if (after.badge) expect(after.badge.ink).toBe(after.palette.ink);
    expect(after.accents.some((a) => a.kind === "arrow")).toBe(false);
  });
});

describe("isStudioScene", () => {
  const valid = scene();

  it("accepts built scenes of every style and aspect, also after a JSON round trip and after edits", () => {
    for (const style of imageStyles) {
      for (const aspect of ["16:9", "1:1", "9:16"] as const) {
        const s = scene({ style, aspect });
        expect(isStudioScene(s), `${style} ${aspect}`).toBe(true);
        expect(isStudioScene(JSON.parse(JSON.stringify(s)))).toBe(true);
        expect(isStudioScene(editScene(s, { headlineColor: "#00ff00", headlineScale: 2, headlinePosition: "bottom", subjectPosition: "left", style: "cartoon" }))).toBe(true);
      }
    }
    expect(parseStudioScene({ ...valid, extra: "dropped" })).toEqual(valid);
  });

  it.each([
    ["another version", { ...valid, version: 2 }],
    ["another engine", { ...valid, engine: "openai" }],
    ["a size that is not the aspect's", { ...valid, width: 4000 }],
    ["a seed out of range", { ...valid, seed: -1 }],
    ["a colour that is not #rrggbb", { ...valid, palette: { ...valid.palette, ink: "black" } }],
    ["a huge subject box", { ...valid, subjects: valid.subjects.map((s) => ({ ...s, box: { ...s.box, w: 1e9 } })) }],
    ["a subject index past the persona limit", { ...valid, subjects: valid.subjects.map((s) => ({ ...s, index: 7 })) }],
    ["a headline without a box", { ...valid, text: valid.text.map(({ box: _box, ...t }) => t) }],
    ["too many shapes", { ...valid, background: { ...valid.background, shapes: Array.from({ length: 500 }, () => valid.background.shapes[0]) } }],
    ["a string instead of a number", { ...valid, height: "720" }],
    ["null", null],
    ["an array", [valid]],
  ])("refuses %s", (_what, value) => {
    expect(isStudioScene(value)).toBe(false);
    expect(parseStudioScene(value)).toBeUndefined();
  });

  it("never throws on arbitrary JSON, and refuses it", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(isStudioScene(value)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("never throws on a scene with one part replaced by arbitrary JSON; what passes can be edited and passes again", () => {
    const paths = collectPaths(valid);
    const changes = fc.record(
      {
        headline: fc.string({ maxLength: 200 }),
        headlineColor: fc.oneof(fc.constantFrom("#ffe600", "#000000", "#FFFFFF"), fc.string()),
        headlineScale: fc.oneof(fc.double(), fc.double({ min: 0.5, max: 2, noNaN: true })),
        headlinePosition: fc.constantFrom("top", "center", "bottom", "nowhere"),
        subjectPosition: fc.constantFrom("left", "center", "right", "above"),
        style: fc.constantFrom(...imageStyles, "neon"),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue(), changes, (path, replacement, change) => {
        const mutated = setPath(structuredClone(valid), path, replacement);
        const parsed = parseStudioScene(mutated);
        expect(isStudioScene(mutated)).toBe(parsed !== undefined);
        if (parsed) expect(isStudioScene(editScene(parsed, change as SceneChanges))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

function collectPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== "object" || value === null) return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => collectPaths(v, [...prefix, k]))];
}

function setPath(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1) as string | number] = value;
  return root;
}

describe("isStudioScene with art", () => {
  const withArt = buildScene({ prompt: "iPhone vs Android", style: "abstract", aspect: "16:9", personaNames: [], seed: 2, art: [{ id: "mobile-phone", name: "mobile phone", word: "iPhone" }] });

  it("accepts a scene with art, badge and split, and a scene stored before there were any", () => {
    expect(withArt.art?.length).toBeGreaterThan(0);
    expect(isStudioScene(JSON.parse(JSON.stringify(withArt)))).toBe(true);
    const { composition: _c, art: _a, badge: _b, pointers: _p, split: _s, ...old } = withArt;
    expect(isStudioScene(old)).toBe(true);
  });

  it.each([
    ["an id the art set does not have", (s: Scene) => ({ ...s, art: s.art?.map((a) => ({ ...a, id: "../../etc/passwd" })) })],
    ["an art box larger than a frame's side", (s: Scene) => ({ ...s, art: s.art?.map((a) => ({ ...a, box: { ...a.box, w: 5000, h: 5000 } })) })],
    ["too many art layers", (s: Scene) => ({ ...s, art: Array.from({ length: 5 }, () => s.art?.[0]) })],
    ["an unknown composition", (s: Scene) => ({ ...s, composition: "collage" })],
    ["a variant past the pack", (s: Scene) => ({ ...s, variant: 3 })],
    ["a badge with a long text", (s: Scene) => ({ ...s, badge: { text: "X".repeat(30), x: 1, y: 1, r: 10, rotation: 0, fill: "#ffffff", color: "#000000", ink: "#000000" } })],
    ["a pointer of an unknown kind", (s: Scene) => ({ ...s, pointers: [{ kind: "laser", rect: { x: 0, y: 0, w: 1, h: 1 }, width: 1, color: "#ff0000" }] })],
  ])("refuses %s", (_what, change) => {
    expect(isStudioScene(change(withArt))).toBe(false);
  });
});
