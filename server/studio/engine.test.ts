import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { imageAspects, imageStyles, type ImageStyle } from "../../contract/images.ts";
import type { GenerateInput, GenerateProgress, PersonaCutout } from "../generation/engine.ts";
import { contrastRatio, hexToRgb } from "./color.ts";
import { createFontStore, faceChain } from "./fonts.ts";
import type { Scene } from "./scene.ts";
import { shapeLine } from "./text-shape.ts";
import { createStudioEngine } from "./engine.ts";

const fonts = createFontStore();
const engine = createStudioEngine({ fonts });
let persona: PersonaCutout;

beforeAll(async () => {
  // A coloured circle on transparency stands in for a persona cut-out; no network, no fixtures.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300"><circle cx="120" cy="150" r="110" fill="#e08a4f"/></svg>`;
  persona = { name: "me", png: await sharp(Buffer.from(svg)).png().toBuffer() };
});

const input = (over: Partial<GenerateInput> = {}): GenerateInput => ({
  prompt: 'Make a thumbnail for my video "I tried 100 days of coding"',
  style: "realistic",
  aspect: "16:9",
  personas: [persona],
  seed: 42,
  ...over,
});

async function features(png: Buffer): Promise<number[]> {
  const stats = await sharp(png).stats();
  const edges = await sharp(png).greyscale().convolve({ width: 3, height: 3, kernel: [-1, -1, -1, -1, 8, -1, -1, -1, -1] }).stats();
  return [...stats.channels.slice(0, 3).flatMap((c) => [c.mean, c.stdev]), (edges.channels[0]?.mean ?? 0) * 4];
}

const textOf = (scene: unknown) => (scene as Scene).text[0];

describe("Studio engine", () => {
  it("gives identical bytes for the same input and seed, and other bytes for another seed", async () => {
    const a = await engine.generate(input());
    const b = await engine.generate(input());
    const c = await engine.generate(input({ seed: 43 }));
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.png.equals(c.png)).toBe(false);
    expect(JSON.stringify(a.scene)).toBe(JSON.stringify(b.scene));
  });

  it("gives the same bytes whether the persona comes from the engine's cache or is prepared afresh", async () => {
    const uncached = createStudioEngine({ fonts, subjectCacheSize: 0 });
    await engine.generate(input({ seed: 9 }));
    const cached = await engine.generate(input({ seed: 9 }));
    expect((await uncached.generate(input({ seed: 9 }))).png.equals(cached.png)).toBe(true);
  });

  it("renders every aspect at its size", async () => {
    for (const [aspect, size] of Object.entries(imageAspects)) {
      const result = await engine.generate(input({ aspect: aspect as keyof typeof imageAspects }));
      const meta = await sharp(result.png).metadata();
      expect([meta.format, meta.width, meta.height, result.width, result.height]).toEqual(["png", size.width, size.height, size.width, size.height]);
    }
  });

  it("makes the four styles measurably different", async () => {
    const vectors = new Map<ImageStyle, number[]>();
    for (const style of imageStyles) vectors.set(style, await features((await engine.generate(input({ style, seed: 7 }))).png));
    for (const a of imageStyles) {
      for (const b of imageStyles) {
        if (a >= b) continue;
        const va = vectors.get(a) ?? [];
        const vb = vectors.get(b) ?? [];
        const distance = Math.hypot(...va.map((v, i) => v - (vb[i] ?? 0)));
        expect(distance, `${a} vs ${b}`).toBeGreaterThan(25);
      }
    }
  });

  it("keeps every headline at a contrast of at least 4.5:1 against what is behind it", async () => {
    for (const style of imageStyles) {
      for (const seed of [1, 2, 3]) {
        const text = textOf((await engine.generate(input({ style, seed }))).scene);
        expect(text?.contrast, `${style}/${seed}`).toBeGreaterThanOrEqual(4.5);
        // Recompute from the colours the scene records, so the figure is not just taken on trust.
        const backdrop = hexToRgb(text?.backdrop ?? "#000000");
        const behind = text?.plate ? mixed(backdrop, hexToRgb(text.plate.color), text.plate.opacity) : backdrop;
        for (const fill of [text?.fill ?? "", text?.highlight ?? ""]) expect(contrastRatio(hexToRgb(fill), behind)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it.each([
    ["zh", "做一个缩略图：「我用三十天学会了编程」", "我用三十天学会了编程"],
    ["ja", "「東京で一番おいしいラーメン」のサムネイル", "東京で一番おいしいラーメン"],
  ])("draws %s headlines with real glyphs", async (_lang, prompt, expected) => {
    const faces = await Promise.all(faceChain("anton", expected).map((id) => fonts.face(id)));
    for (const char of expected) {
      expect(faces.some((f) => f.font.charToGlyphIndex(char) !== 0), char).toBe(true);
      const shaped = shapeLine(char, faces, 100);
      expect(shaped.missing).toEqual([]);
      expect(shaped.d.length, char).toBeGreaterThan(20);
    }
    const result = await engine.generate(input({ prompt, personas: [], style: "abstract" }));
    const text = textOf(result.scene);
    expect(text?.lines?.join("")).toBe(expected);
    // The text area has ink: its pixels vary far more than a flat plate or gradient would.
    const box = text?.box ?? { x: 0, y: 0, w: 1, h: 1 };
    const area = await sharp(result.png).extract({ left: Math.round(box.x), top: Math.round(box.y), width: Math.round(box.w), height: Math.round(box.h) }).greyscale().stats();
    expect(area.channels[0]?.stdev).toBeGreaterThan(40);
  });

  it("drops characters no bundled face has instead of drawing boxes", async () => {
    const emoji = textOf((await engine.generate(input({ prompt: '"🔥 HOT TAKES 🔥"' }))).scene);
    expect(emoji?.lines?.join(" ")).toBe("HOT TAKES");
    const none = textOf((await engine.generate(input({ prompt: '"🔥🔥🔥"' }))).scene);
    expect(none?.lines?.join(" ")).toBe("WATCH THIS");
  });

  it("reports progress in order up to 100", async () => {
    const seen: GenerateProgress[] = [];
    await engine.generate(input({ onProgress: (p) => seen.push(p) }));
    expect(seen.map((p) => p.percent)).toEqual(seen.map((p) => p.percent).toSorted((a, b) => a - b));
    expect(seen.at(-1)?.percent).toBe(100);
    expect(new Set(seen.map((p) => p.stage))).toEqual(new Set(["layout", "background", "subjects", "text", "encode"]));
  });

  it("reports placing the subjects only when there are subjects", async () => {
    const stages = async (over: Partial<GenerateInput>) => {
      const seen = new Set<string>();
      await engine.generate(input({ ...over, onProgress: (p) => seen.add(p.stage) }));
      return seen;
    };
    expect(await stages({ personas: [] })).toEqual(new Set(["layout", "background", "text", "encode"]));
    const photo = await sharp({ create: { width: 640, height: 360, channels: 3, background: "#884422" } }).jpeg().toBuffer();
    expect((await stages({ personas: [], baseImage: photo })).has("subjects")).toBe(true);
    expect((await stages({})).has("subjects")).toBe(true);
  });

  it("rejects an aborted signal, before and during work", async () => {
    await expect(engine.generate(input({ signal: AbortSignal.abort() }))).rejects.toThrow(/abort/i);
    const controller = new AbortController();
    const running = engine.generate(input({ signal: controller.signal, onProgress: (p) => p.stage === "subjects" && controller.abort() }));
    await expect(running).rejects.toThrow(/abort/i);
  });

  it("uses a base image as the backdrop, and refuses one that is not an image", async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366aa" } }).jpeg().toBuffer();
    const plain = await engine.generate(input());
    const withPhoto = await engine.generate(input({ baseImage: photo }));
    expect(withPhoto.png.equals(plain.png)).toBe(false);
    expect((withPhoto.scene as Scene).background.photo).toBe(true);
    expect((await engine.generate(input({ baseImage: photo }))).png.equals(withPhoto.png)).toBe(true);
    await expect(engine.generate(input({ baseImage: Buffer.from("<html><body>hi</body></html>") }))).rejects.toMatchObject({ code: "unprocessable:base_image" });
  });

  it("refuses bad input", async () => {
    await expect(engine.generate(input({ prompt: "x".repeat(2001) }))).rejects.toMatchObject({ code: "invalid:generation" });
    await expect(engine.generate(input({ personas: [persona, persona, persona, persona] }))).rejects.toMatchObject({ code: "invalid:generation" });
    await expect(engine.generate(input({ personas: [{ name: "x", png: Buffer.from("<html>") }] }))).rejects.toMatchObject({ code: "unprocessable:persona" });
  });
});

function mixed(a: readonly number[], b: readonly number[], t: number): [number, number, number] {
  return [0, 1, 2].map((i) => (a[i] ?? 0) + ((b[i] ?? 0) - (a[i] ?? 0)) * t) as [number, number, number];
}

describe("Studio variants", () => {
  it("draws the three variants of one request as clearly different pictures, each the same again for its seed", async () => {
    const raws = [];
    for (const variant of [0, 1, 2]) {
      const over = { prompt: "best budget gaming setup", personas: [], seed: 21, variant };
      const result = await engine.generate(input(over));
      expect((await engine.generate(input(over))).png.equals(result.png)).toBe(true);
      raws.push(await sharp(result.png).resize(320, 180).removeAlpha().raw().toBuffer());
    }
    const difference = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;
    for (const [a, b] of [[0, 1], [0, 2], [1, 2]] as const) expect(difference(raws[a] ?? Buffer.alloc(0), raws[b] ?? Buffer.alloc(0)), `${a} vs ${b}`).toBeGreaterThan(25);
  });
});

describe("Studio scenes", () => {
  it("take another layout and palette for another seed", async () => {
    const scenes = await Promise.all([1, 2, 3, 4, 5, 6].map(async (seed) => (await engine.generate(input({ seed }))).scene as Scene));
    expect(new Set(scenes.map((s) => s.palette.base)).size).toBeGreaterThan(1);
    expect(new Set(scenes.map((s) => JSON.stringify([s.subjects.map((x) => x.box), s.text[0]?.box, s.accents]))).size).toBe(6);
  });
});
