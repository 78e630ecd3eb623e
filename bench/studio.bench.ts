// Studio render at 1280×720 with a persona and art (target: ≤ 150 ms p50, ≤ 3× the plain composite), p50 and p95 over
// 30 renders, next to a plain sharp composite of the same layers rendered beforehand (what compositing and encoding
// alone cost), interleaved in the same run.
import sharp, { type OverlayOptions } from "sharp";
import type { GenerateInput } from "../server/generation/engine.ts";
import { createStudioEngine } from "../server/studio/engine.ts";
import { configureSharp } from "../server/compose/sharp-settings.ts";
import { createFontStore, type FontStore } from "../server/studio/fonts.ts";
import { backgroundPipeline, lowerLayers, STUDIO_PNG, textOverlay } from "../server/studio/render.ts";
import { createSubjectCache } from "../server/studio/subject-cache.ts";
import { createArtCache } from "../server/studio/art-cache.ts";
import { buildScene } from "../server/studio/scene.ts";
import { renderText } from "../server/studio/text-layer.ts";
import { median } from "./lib.ts";

const ROUNDS = 30;
const STYLES = ["realistic", "cartoon", "abstract", "vintage"] as const;

export async function benchStudio(): Promise<void> {
  configureSharp();
  const persona = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="780"><ellipse cx="300" cy="250" rx="170" ry="200" fill="#e0a47a"/><rect x="60" y="430" width="480" height="350" rx="200" fill="#e0a47a"/></svg>`),
  ).png().toBuffer();
  const fonts = createFontStore();
  // Warm: the engine's persona cache holds the cut-out, as in a chat that regenerates with one persona.
  // Cold: no cache, every render fits the persona and grows its outline and shadow again.
  const warm = createStudioEngine({ fonts });
  const cold = createStudioEngine({ fonts, subjectCacheSize: 0, artCacheBytes: 0 });
  const input = (seed: number): GenerateInput => ({
    prompt: 'Make a thumbnail for my video "I tried 100 days of coding"',
    style: STYLES[seed % STYLES.length] ?? "realistic",
    aspect: "16:9",
    personas: [{ name: "me", png: persona }],
    seed,
  });
  const composites = await Promise.all(STYLES.map((_, i) => precomposed(input(i), fonts)));
  await warm.generate(input(0));
  await cold.generate(input(0));

  const samples: Record<string, number[]> = { plain: [], warm: [], cold: [] };
  const timed = async (name: string, run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    samples[name]?.push(performance.now() - t);
  };
  for (let i = 0; i < ROUNDS; i++) {
    await timed("warm", () => warm.generate(input(i)));
    await timed("cold", () => cold.generate(input(i)));
    await timed("plain", () => composites[i % composites.length]?.() ?? Promise.resolve());
  }
  const base = median(samples.plain ?? []);
  const scene = buildScene({ ...input(0), personaNames: ["me"] });
  console.log(`\n## Studio render 1280×720, one persona and art (${scene.composition}: ${(scene.art ?? []).map((a) => a.id).join(", ")}), four styles in turn (${ROUNDS} renders each) vs a plain sharp composite of the same layers pre-rendered`);
  console.log("| target | p50 ms | p95 ms | ratio to plain composite (p50) |");
  console.log("|---|---:|---:|---:|");
  const row = (label: string, name: string) => {
    const values = samples[name] ?? [];
    console.log(`| ${label} | ${median(values).toFixed(1)} | ${p95(values).toFixed(1)} | ${(median(values) / base).toFixed(2)} |`);
  };
  row("plain sharp composite + PNG encode", "plain");
  row("Studio render, persona and art cached", "warm");
  row("Studio render, persona and art prepared each time", "cold");
}

/** The scene's layers as finished raw/PNG buffers, so only one composite and the PNG encode remain to be timed. */
async function precomposed(input: GenerateInput, fonts: FontStore): Promise<() => Promise<Buffer>> {
  const scene = buildScene({ ...input, personaNames: input.personas.map((p) => p.name) });
  const { width, height } = scene;
  const canvas = { width, height };
  const lower = await lowerLayers(scene, { cutouts: input.personas.map((p) => p.png), subjects: createSubjectCache(0), art: createArtCache(0), fonts });
  const background = await backgroundPipeline(lower.background, canvas).png().toBuffer();
  const layers = lower.layers;
  const rendered: OverlayOptions[] = [];
  for (const layer of layers) {
    const isSvg = Buffer.isBuffer(layer.input) && layer.input.subarray(0, 4).toString() === "<svg";
    rendered.push(isSvg ? { ...layer, input: await sharp(layer.input as Buffer).png().toBuffer() } : layer);
  }
  for (const layer of scene.text) {
    const text = textOverlay(await renderText(layer, fonts, Math.min(width, height), async () => [0, 0, 0]), canvas);
    if (text) rendered.push({ ...text, input: await sharp(text.input as Buffer).png().toBuffer() });
  }
  return () =>
    sharp(background)
      .composite(rendered)
      .removeAlpha()
      .png(STUDIO_PNG)
      .toBuffer();
}

function p95(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
}
