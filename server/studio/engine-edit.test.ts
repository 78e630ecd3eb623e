import fc from "fast-check";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { imageStyles } from "../../contract/images.ts";
import type { GenerateInput, GenerateProgress, PersonaCutout } from "../generation/engine.ts";
import { createFontStore } from "./fonts.ts";
import type { Rect, Scene } from "./scene.ts";
import { type EditInput, createStudioEngine } from "./engine.ts";
import { isStudioScene } from "./scene-schema.ts";
import { buildScene } from "./scene.ts";

const fonts = createFontStore();
const engine = createStudioEngine({ fonts });
// A flat colour no palette uses, so the persona's pixels can be told from everything else.
const PERSONA_RGB = [16, 200, 40] as const;
let persona: PersonaCutout;

beforeAll(async () => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300"><circle cx="120" cy="150" r="110" fill="rgb(${PERSONA_RGB.join(",")})"/></svg>`;
  persona = { name: "me", png: await sharp(Buffer.from(svg)).png().toBuffer() };
});

const generateInput = (over: Partial<GenerateInput> = {}): GenerateInput => ({
  prompt: 'Make a thumbnail for my video "I tried 100 days of coding"',
  style: "realistic",
  aspect: "16:9",
  personas: [persona],
  seed: 42,
  ...over,
});

async function generated(over: Partial<GenerateInput> = {}): Promise<{ png: Buffer; scene: Scene }> {
  const result = await engine.generate(generateInput(over));
  return { png: result.png, scene: result.scene as Scene };
}

async function edited(scene: unknown, changes: EditInput["changes"], over: Partial<EditInput> = {}): Promise<{ png: Buffer; scene: Scene }> {
  const result = await engine.edit({ scene, changes, personas: [persona], ...over });
  return { png: result.png, scene: result.scene as Scene };
}

async function raw(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Pixels of a rectangle that a predicate accepts. */
async function countIn(png: Buffer, rect: Rect, accept: (r: number, g: number, b: number) => boolean): Promise<number> {
  const image = await raw(png);
  let n = 0;
  for (let y = Math.max(0, Math.floor(rect.y)); y < Math.min(image.height, rect.y + rect.h); y++) {
    for (let x = Math.max(0, Math.floor(rect.x)); x < Math.min(image.width, rect.x + rect.w); x++) {
      const i = (y * image.width + x) * 3;
      if (accept(image.data[i] ?? 0, image.data[i + 1] ?? 0, image.data[i + 2] ?? 0)) n++;
    }
  }
  return n;
}

/** The persona's pixels: how many lie in the left and in the right half of the frame. */
async function personaHalves(png: Buffer): Promise<{ left: number; right: number }> {
  const image = await raw(png);
  let left = 0;
  let right = 0;
  for (let i = 0; i < image.data.length; i += 3) {
    const close = [0, 1, 2].every((c) => Math.abs((image.data[i + c] ?? 0) - (PERSONA_RGB[c] ?? 0)) < 10);
    if (!close) continue;
    if ((i / 3) % image.width < image.width / 2) left++;
    else right++;
  }
  return { left, right };
}

/** Pixels that differ clearly from the same scene drawn without its headline (within `band` rows): what the headline covers. */
async function headlineCoverage(png: Buffer, scene: Scene, band: { from: number; to: number } = { from: 0, to: scene.height }): Promise<number> {
  const bare = await raw((await edited({ ...scene, text: [] }, {})).png);
  const image = await raw(png);
  let n = 0;
  for (let i = band.from * image.width * 3; i < Math.min(image.data.length, band.to * image.width * 3); i += 3) {
    const d = Math.abs((image.data[i] ?? 0) - (bare.data[i] ?? 0)) + Math.abs((image.data[i + 1] ?? 0) - (bare.data[i + 1] ?? 0)) + Math.abs((image.data[i + 2] ?? 0) - (bare.data[i + 2] ?? 0));
    if (d > 60) n++;
  }
  return n;
}

const yellowish = (r: number, g: number, b: number) => r > 190 && g > 170 && b < 110;

describe("Studio engine edits", () => {
  it("draws a stored scene again byte for byte when nothing changes", async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366aa" } }).jpeg().toBuffer();
    const cases: Partial<GenerateInput>[] = [
      { style: "realistic" },
      { style: "cartoon", aspect: "1:1" },
      { style: "abstract", aspect: "9:16", personas: [] },
      { style: "vintage", baseImage: photo },
    ];
    for (const over of cases) {
      const original = await generated({ seed: 5, ...over });
      const again = await edited(JSON.parse(JSON.stringify(original.scene)), {}, { personas: over.personas ?? [persona], baseImage: over.baseImage });
      expect(again.png.equals(original.png), over.style).toBe(true);
      expect(again.scene).toEqual(original.scene);
    }
  });

  it("renders whatever stored scene the guard lets through, with any changes", async () => {
    const { scene } = await generated({ style: "cartoon" });
    // Leaves replaced by values of their own type, so many mutants pass the guard and reach the renderer.
    const leaves = collectPaths(scene).filter((p) => ["number", "string", "boolean"].includes(typeof getPath(scene, p)));
    const valueFor = (path: (string | number)[]) => {
      const old = getPath(scene, path);
      if (typeof old === "number") return fc.oneof(fc.double({ min: -9000, max: 9000, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: -2, max: 20 }));
      if (typeof old === "boolean") return fc.boolean();
      return fc.constantFrom("#000000", "#ffffff", "#ffe600", "", "X", "左右", "latin", "cjk", "abril", "anton", "left", "center", "arrow", "star", "1:1", "vintage");
    };
    const mutation = fc.constantFrom(...leaves).chain((path) => valueFor(path).map((v) => [path, v] as const));
    const changes = fc.record(
      {
        headline: fc.string({ maxLength: 30 }),
        headlineColor: fc.constantFrom("#ffe600", "#000000", "#7f7f7f"),
        headlineScale: fc.double({ min: 0.5, max: 2, noNaN: true }),
        headlinePosition: fc.constantFrom("top", "center", "bottom"),
        subjectPosition: fc.constantFrom("left", "center", "right"),
        style: fc.constantFrom(...imageStyles),
      },
      { requiredKeys: [] },
    );
    let rendered = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 3 }), changes, async (mutations, change) => {
        const mutated = structuredClone(scene) as unknown;
        for (const [path, v] of mutations) setPath(mutated, path, v);
        if (!isStudioScene(mutated)) return;
        const result = await edited(mutated, change);
        expect(result.png.length).toBeGreaterThan(0);
        rendered++;
      }),
      // Seeded, as the fuzz suites are: the same mutants every run, so how many reach the renderer does not drift.
      { numRuns: 30, seed: 20261127 },
    );
    // The property is about the renderer, so it must have reached it often enough to mean something.
    expect(rendered).toBeGreaterThan(5);
  });

  it("turns the headline yellow", async () => {
    const before = await generated();
    const after = await edited(before.scene, { headlineColor: "#ffe600" });
    const box = after.scene.text[0]?.box ?? { x: 0, y: 0, w: 0, h: 0 };
    const yellowBefore = await countIn(before.png, box, yellowish);
    const yellowAfter = await countIn(after.png, box, yellowish);
    expect(yellowAfter).toBeGreaterThan(yellowBefore + box.w * box.h * 0.05);
    expect(after.scene.text[0]?.fill).toBe("#ffe600");
    // The rest of the frame is the same picture: away from the headline, not one pixel changes.
    const [a, b] = await Promise.all([raw(before.png), raw(after.png)]);
    let changed = 0;
    for (let y = 0; y < a.height; y++) {
      for (let x = 0; x < Math.floor(box.x) - 60; x++) {
        const i = (y * a.width + x) * 3;
        if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) changed++;
      }
    }
    expect(changed).toBe(0);
  });

  it("keeps a chosen colour the background swallows, outlined instead of flipped or boxed", async () => {
    const before = await generated({ style: "cartoon", seed: 3 });
    const text = before.scene.text[0];
    const backdrop = text?.backdrop ?? "#ffffff";
    const after = await edited(before.scene, { headlineColor: backdrop });
    const layer = after.scene.text[0];
    expect(layer?.fill).toBe(backdrop);
    expect(layer?.plate).toBeUndefined();
    expect(layer?.stroke.width).toBeGreaterThan(text?.stroke.width ?? Infinity);
  });

  it("moves the persona to the left half", async () => {
    let before: { png: Buffer; scene: Scene } | undefined;
    for (let seed = 1; seed < 40 && !before; seed++) {
      const candidate = await generated({ seed });
      const hero = candidate.scene.subjects.at(-1)?.box;
      if (hero && hero.x + hero.w / 2 > candidate.scene.width / 2) before = candidate;
    }
    if (!before) throw new Error("no seed puts the persona on the right");
    const halvesBefore = await personaHalves(before.png);
    expect(halvesBefore.right).toBeGreaterThan(halvesBefore.left * 4);
    const after = await edited(before.scene, { subjectPosition: "left" });
    const halves = await personaHalves(after.png);
    expect(halves.left).toBeGreaterThan(halves.right * 4);
    // About the same amount of persona is drawn, only elsewhere.
    expect(halves.left + halves.right).toBeGreaterThan((halvesBefore.left + halvesBefore.right) * 0.7);
  });

  it("restyles with another palette and the same headline", async () => {
    const before = await generated({ style: "realistic" });
    const after = await edited(before.scene, { style: "vintage" });
    expect(after.scene.style).toBe("vintage");
    expect(after.scene.palette).not.toEqual(before.scene.palette);
    expect(after.scene.text[0]?.text).toBe(before.scene.text[0]?.text);
    expect(after.scene.text[0]?.lines?.join(" ")).toBe(before.scene.text[0]?.text);
    const mean = async (png: Buffer) => (await sharp(png).stats()).channels.slice(0, 3).map((c) => c.mean);
    const [m0, m1] = [await mean(before.png), await mean(after.png)];
    expect(Math.hypot(...m0.map((v, i) => v - (m1[i] ?? 0)))).toBeGreaterThan(30);
  });

  it("draws a bigger headline over more pixels, and a smaller one over fewer", async () => {
    for (const aspect of ["16:9", "1:1"] as const) {
      const before = await generated({ aspect });
      const bigger = await edited(before.scene, { headlineScale: 1.5 });
      const smaller = await edited(before.scene, { headlineScale: 0.6 });
      const [c0, cBig, cSmall] = await Promise.all([headlineCoverage(before.png, before.scene), headlineCoverage(bigger.png, bigger.scene), headlineCoverage(smaller.png, smaller.scene)]);
      expect(cBig, aspect).toBeGreaterThan(c0 * 1.2);
      expect(cSmall, aspect).toBeLessThan(c0 * 0.8);
      expect(bigger.scene.text[0]?.size ?? 0).toBeGreaterThan(before.scene.text[0]?.size ?? Infinity);
    }
  });

  it("sets new words and moves them to the top", async () => {
    // A 9:16 composition that sets the headline low (its art above it), so the move to the top shows.
    let found: Partial<GenerateInput> | undefined;
    for (let seed = 1; seed < 40 && !found; seed++) {
      for (const variant of [0, 1, 2]) {
        const scene = buildScene({ prompt: generateInput().prompt, style: "realistic", aspect: "9:16", personaNames: [], seed, variant });
        if ((scene.text[0]?.box.y ?? 0) > scene.height / 3) found = { aspect: "9:16", personas: [], seed, variant };
      }
    }
    if (!found) throw new Error("no seed sets the headline low");
    const before = await generated(found);
    const after = await edited(before.scene, { headline: "day 100", headlinePosition: "top" });
    const text = after.scene.text[0];
    expect(text?.lines).toEqual(["DAY 100"]);
    // Nearly all the headline's pixels are in the top third of the frame; before, most were not.
    const third = Math.round(after.scene.height / 3);
    const inTop = await headlineCoverage(after.png, after.scene, { from: 0, to: third });
    expect(inTop).toBeGreaterThan((await headlineCoverage(after.png, after.scene)) * 0.9);
    expect(await headlineCoverage(before.png, before.scene, { from: 0, to: third })).toBeLessThan((await headlineCoverage(before.png, before.scene)) * 0.9);
  });

  it("returns a scene that can be stored and edited again", async () => {
    const first = await edited((await generated()).scene, { headlineColor: "#ff2a2a", subjectPosition: "left" });
    expect(isStudioScene(JSON.parse(JSON.stringify(first.scene)))).toBe(true);
    const second = await edited(first.scene, { style: "cartoon" });
    expect(second.scene.text[0]?.fill).toBe("#ff2a2a");
  });

  it("refuses a scene that is not a Studio scene, and bad personas", async () => {
    const { scene } = await generated();
    for (const bad of [null, "scene", { ...scene, version: 2 }, { ...scene, engine: "openai" }, { ...scene, palette: { ...scene.palette, text: "white" } }]) {
      await expect(engine.edit({ scene: bad, changes: { headline: "X" }, personas: [persona] })).rejects.toMatchObject({ code: "unprocessable:image" });
    }
    await expect(engine.edit({ scene, changes: {}, personas: [{ name: "x", png: Buffer.from("<html>") }] })).rejects.toMatchObject({ code: "unprocessable:persona" });
    await expect(engine.edit({ scene, changes: {}, personas: [persona, persona, persona, persona] })).rejects.toMatchObject({ code: "invalid:generation" });
    await expect(engine.edit({ scene, changes: {}, personas: [persona], baseImage: Buffer.from("nope") })).rejects.toMatchObject({ code: "unprocessable:base_image" });
  });

  it("reports progress in order up to 100, and stops when aborted", async () => {
    const { scene } = await generated();
    const seen: GenerateProgress[] = [];
    await engine.edit({ scene, changes: { headlineScale: 1.2 }, personas: [persona], onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.percent)).toEqual(seen.map((p) => p.percent).toSorted((a, b) => a - b));
    expect(seen.at(-1)?.percent).toBe(100);
    expect(new Set(seen.map((p) => p.stage))).toEqual(new Set(["layout", "background", "subjects", "text", "encode"]));
    await expect(engine.edit({ scene, changes: {}, personas: [persona], signal: AbortSignal.abort() })).rejects.toThrow(/abort/i);
    const controller = new AbortController();
    const running = engine.edit({ scene, changes: {}, personas: [persona], signal: controller.signal, onProgress: (p) => p.stage === "subjects" && controller.abort() });
    await expect(running).rejects.toThrow(/abort/i);
  });

  it("renders an edit in about the time of a generate (medians logged, not asserted)", async () => {
    const { scene } = await generated();
    const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const generateMs: number[] = [];
    const editMs: number[] = [];
    // Interleaved, so both see the same machine load; the persona is cached for both after the first round.
    for (let i = 0; i < 7; i++) {
      let t = performance.now();
      await engine.generate(generateInput({ seed: 42 }));
      generateMs.push(performance.now() - t);
      t = performance.now();
      await engine.edit({ scene, changes: { headlineColor: "#ffe600" }, personas: [persona] });
      editMs.push(performance.now() - t);
    }
    console.log(`Studio render median: generate ${median(generateMs).toFixed(0)} ms, edit ${median(editMs).toFixed(0)} ms`);
    expect(editMs).toHaveLength(7);
  });
});

function collectPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== "object" || value === null) return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => collectPaths(v, [...prefix, k]))];
}

function getPath(root: unknown, path: (string | number)[]): unknown {
  let node = root;
  for (const key of path) node = typeof node === "object" && node !== null ? (node as Record<string | number, unknown>)[key] : undefined;
  return node;
}

function setPath(root: unknown, path: (string | number)[], value: unknown): void {
  let node = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== "object" || next === null) return;
    node = next as Record<string | number, unknown>;
  }
  node[path.at(-1) as string | number] = value;
}
