// Writes sample Studio renders (each style, 9:16, zh and ja headlines, with and without a persona) for a look:
//   node scripts/studio-samples.ts [outDir=/tmp]
import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { createStudioEngine } from "../server/images/engines/studio.ts";

const persona = async (color: string) => {
  const s = 600;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s * 1.3}"><ellipse cx="300" cy="250" rx="170" ry="200" fill="${color}"/><rect x="60" y="430" width="480" height="400" rx="200" fill="${color}"/><circle cx="240" cy="220" r="22" fill="#222"/><circle cx="360" cy="220" r="22" fill="#222"/><path d="M230 320 Q300 380 370 320" stroke="#222" stroke-width="14" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};
const outDir = process.argv[2] ?? "/tmp";
const engine = createStudioEngine();
const p = [{ name: "me", png: await persona("#e0a47a") }];
const jobs: [string, Parameters<typeof engine.generate>[0]][] = [
  ["realistic", { prompt: 'Make a thumbnail for my video "I tried 100 days of coding"', style: "realistic", aspect: "16:9", personas: p, seed: 1 }],
  ["cartoon", { prompt: "make a cartoon thumbnail for my video about the best budget gaming setup", style: "cartoon", aspect: "16:9", personas: p, seed: 2 }],
  ["abstract", { prompt: "“Future of AI in 2026”", style: "abstract", aspect: "16:9", personas: [], seed: 3 }],
  ["vintage", { prompt: "Vintage thumbnail: 'old' — \"Grandma's Secret Recipe\"", style: "vintage", aspect: "16:9", personas: p, seed: 4 }],
  ["portrait", { prompt: '"This changed everything"', style: "cartoon", aspect: "9:16", personas: p, seed: 5 }],
  ["zh", { prompt: "做一个缩略图：「我用三十天学会了编程」", style: "realistic", aspect: "16:9", personas: p, seed: 6 }],
  ["ja", { prompt: "「東京で一番おいしいラーメン」のサムネイル", style: "vintage", aspect: "1:1", personas: [], seed: 7 }],
];
for (const [name, input] of jobs) {
  const t = performance.now();
  const r = await engine.generate(input);
  writeFileSync(`${outDir}/studio-${name}.png`, r.png);
  const text = (r.scene as { text: { lines: string[]; contrast: number; plate?: unknown }[] }).text[0];
  console.log(name, (performance.now() - t).toFixed(0), "ms", JSON.stringify(text?.lines), text?.contrast, text?.plate ? "plate" : "");
}
