// A contact sheet of the feed check's fix at YouTube's smallest size: Studio thumbnails whose headline was shrunk
// by the real edit until it fails at 168×94, beside the same thumbnail after the check's own fix, each labelled with
// the check's verdict, cap height and what OCR read back (docs/product/feed-check.md).
//   node scripts/feed-check-sheet.ts [out=/tmp/feed-check-sheet.png]
import sharp from "sharp";
import { configureSharp } from "../server/compose/sharp-settings.ts";
import { runFeedCheck } from "../server/feed-check/check.ts";
import { createOcrEngine } from "../server/feed-check/engine.ts";
import { renderSlot } from "../server/feed-check/feed-slot.ts";
import { glance } from "../server/feed-check/pixels.ts";
import { createStudioEngine } from "../server/studio/engine.ts";

const out = process.argv[2] ?? "/tmp/feed-check-sheet.png";
const PROMPTS = ["I tried 100 days of coding", "best budget gaming setup", "el mejor setup gamer barato", "das beste günstige Gaming-Setup"];
// Each slot twice its size, pixel for pixel, so the eye sees what 168×94 holds.
const CELL = { width: 336, height: 188 };
const LABEL = 40;
const GAP = 12;

configureSharp();
const studio = createStudioEngine();
const ocr = createOcrEngine();
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

function label(text: string): Buffer {
  const lines = [text.slice(0, 60), text.slice(60, 120)];
  const spans = lines.map((line, i) => `<text x="4" y="${16 + i * 16}" font-size="11" font-family="sans-serif">${escape(line)}</text>`).join("");
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CELL.width}" height="${LABEL}"><rect width="100%" height="100%" fill="#fff"/>${spans}</svg>`);
}

async function cell(made: { png: Buffer; width: number; height: number; scene: unknown }, stage: string) {
  const check = await runFeedCheck({ imageId: "sheet", png: made.png, width: made.width, height: made.height, scene: made.scene, prompt: null, title: null, siblings: [], glance: await glance(made.png) }, ocr, new Date());
  const smallest = check.sizes.find((s) => s.size === "mobile-search" && s.theme === "dark");
  const slot = await renderSlot(made.png, made, { width: 168, height: 94 }, "dark");
  const png = await sharp(slot.png).resize(CELL.width, CELL.height, { kernel: "nearest" }).png().toBuffer();
  const text = `${stage}: ${smallest?.reads ? "reads" : "FAILS"} · cap ${smallest?.capHeight ?? "?"} px · read "${smallest?.readBack ?? ""}"`;
  return { png, text, fix: check.findings.find((f) => f.id === "small-headline")?.fix };
}

const rows: Buffer[] = [];
for (const [i, prompt] of PROMPTS.entries()) {
  let made = await studio.generate({ prompt, style: i % 2 === 0 ? "cartoon" : "realistic", aspect: "16:9", personas: [], seed: 7 + i });
  for (const headlineScale of [0.5, 0.7]) made = await studio.edit!({ scene: made.scene, changes: { headlineScale }, personas: [] });
  const before = await cell(made, "before");
  if (!before.fix) throw new Error(`the check found no small headline to fix in "${prompt}"`);
  const after = await cell(await studio.edit!({ scene: made.scene, changes: before.fix.changes, personas: [] }), "after the fix");
  rows.push(
    await sharp({ create: { width: CELL.width * 2 + GAP, height: CELL.height + LABEL, channels: 3, background: "#ffffff" } })
      .composite([before, after].flatMap((c, k) => [{ input: c.png, left: k * (CELL.width + GAP), top: 0 }, { input: label(c.text), left: k * (CELL.width + GAP), top: CELL.height }]))
      .png()
      .toBuffer(),
  );
}
const rowHeight = CELL.height + LABEL + GAP;
await sharp({ create: { width: CELL.width * 2 + GAP, height: rows.length * rowHeight, channels: 3, background: "#ffffff" } })
  .composite(rows.map((input, k) => ({ input, left: 0, top: k * rowHeight })))
  .png()
  .toFile(out);
await ocr.close();
console.log(out);
