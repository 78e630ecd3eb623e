// Writes sample Studio renders (each style, a 9:16, zh and ja headlines, long, quoted and brand-name headlines, with
// and without a persona) to look at:
//   node scripts/studio-samples.ts [outDir=/tmp]
// The persona is a drawn stand-in, so the script needs no photo and no network.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import type { GenerateInput } from "../server/generation/engine.ts";
import { createStudioEngine } from "../server/studio/engine.ts";
import type { Scene } from "../server/studio/scene.ts";

const outDir = process.argv[2] ?? "/tmp";
const figure = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="780"><ellipse cx="300" cy="250" rx="170" ry="200" fill="#e0a47a"/><rect x="60" y="430" width="480" height="400" rx="200" fill="#e0a47a"/><circle cx="240" cy="220" r="22" fill="#222"/><circle cx="360" cy="220" r="22" fill="#222"/><path d="M230 320 Q300 380 370 320" stroke="#222" stroke-width="14" fill="none"/></svg>`;
const personas = [{ name: "me", png: await sharp(Buffer.from(figure)).png().toBuffer() }];
const engine = createStudioEngine();

const samples: [string, GenerateInput][] = [
  ["realistic", { prompt: 'Make a thumbnail for my video "I tried 100 days of coding"', style: "realistic", aspect: "16:9", personas, seed: 1 }],
  ["cartoon", { prompt: "make a cartoon thumbnail for my video about the best budget gaming setup", style: "cartoon", aspect: "16:9", personas, seed: 2 }],
  ["abstract", { prompt: "“Future of AI in 2026”", style: "abstract", aspect: "16:9", personas: [], seed: 3 }],
  ["vintage", { prompt: 'Vintage thumbnail — "Grandma\'s Secret Recipe"', style: "vintage", aspect: "16:9", personas, seed: 4 }],
  ["portrait", { prompt: '"This changed everything"', style: "cartoon", aspect: "9:16", personas, seed: 5 }],
  ["zh", { prompt: "做一个缩略图：「我用三十天学会了编程」", style: "realistic", aspect: "16:9", personas, seed: 6 }],
  ["ja", { prompt: "「東京で一番おいしいラーメン」のサムネイル", style: "vintage", aspect: "1:1", personas: [], seed: 7 }],
  ["long", { prompt: "make a thumbnail for 'This changed everything about how I code forever and ever'", style: "realistic", aspect: "16:9", personas, seed: 8 }],
  ["brands", { prompt: 'Thumbnail for "my new iPhone vs an old YouTube camera"', style: "abstract", aspect: "16:9", personas: [], seed: 9 }],
  ["lone-quote", { prompt: 'make a thumbnail for "why I left Google after ten years and what I learned about remote teams', style: "cartoon", aspect: "9:16", personas, seed: 10 }],
];
for (const [name, input] of samples) {
  const started = performance.now();
  const result = await engine.generate(input);
  const file = join(outDir, `studio-${name}.png`);
  writeFileSync(file, result.png);
  const text = (result.scene as Scene).text[0];
  console.log(`${file}  ${(performance.now() - started).toFixed(0)} ms  ${JSON.stringify(text?.lines)}  contrast ${text?.contrast}${text?.plate ? " (plate)" : ""}`);
}
