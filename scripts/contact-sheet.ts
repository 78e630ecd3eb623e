// A contact sheet of the Studio engine's compositions, to look at: every style × composition at 16:9 for creator
// prompts, and a row of 9:16, each cell labelled with its style, composition, prompt and art.
//   node scripts/contact-sheet.ts [out=/tmp/contact-sheet.png]
// The persona is a drawn stand-in, so the script needs no photo and no network.
import sharp, { type OverlayOptions } from "sharp";
import type { ImageAspect, ImageStyle } from "../contract/images.ts";
import { imageStyles } from "../contract/images.ts";
import { createArtCache } from "../server/studio/art-cache.ts";
import { compositionIds, type CompositionId } from "../server/studio/compositions.ts";
import { createFontStore } from "../server/studio/fonts.ts";
import { renderScene } from "../server/studio/render.ts";
import { buildScene, type Scene } from "../server/studio/scene.ts";
import { createSubjectCache } from "../server/studio/subject-cache.ts";

const out = process.argv[2] ?? "/tmp/contact-sheet.png";
const figure = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="780"><ellipse cx="300" cy="250" rx="170" ry="200" fill="#e0a47a"/><rect x="60" y="430" width="480" height="400" rx="200" fill="#3a6fd8"/><circle cx="240" cy="220" r="22" fill="#222"/><circle cx="360" cy="220" r="22" fill="#222"/><path d="M230 320 Q300 380 370 320" stroke="#222" stroke-width="14" fill="none"/></svg>`;
const persona = await sharp(Buffer.from(figure)).png().toBuffer();

// Each composition with a prompt whose shape asks for it; the seed is searched until the scene has it.
const prompts: Record<CompositionId, string> = {
  side: "best budget gaming setup",
  hero: "future of AI",
  split: "iPhone vs Android",
  badge: "I saved $500 in 30 days",
  reaction: "grandma's secret recipe",
  pointer: "me pointing at a burning laptop",
};
const CELL = { width: 384, height: 216 };
const TALL = { width: 162, height: 288 };
const fonts = createFontStore();
const subjects = createSubjectCache(4);
const art = createArtCache(128 * 1024 * 1024);

async function render(prompt: string, style: ImageStyle, aspect: ImageAspect, composition: CompositionId, withPersona: boolean): Promise<{ png: Buffer; scene: Scene }> {
  for (let seed = 1; seed < 400; seed++) {
    for (const variant of [0, 1, 2]) {
      const scene = buildScene({ prompt, style, aspect, seed, variant, personaNames: withPersona ? ["me"] : [] });
      if (scene.composition !== composition) continue;
      const rendered = await renderScene(scene, { fonts, subjects, art, cutouts: withPersona ? [persona] : [], progress: () => {} });
      return rendered;
    }
  }
  throw new Error(`no seed gives ${composition} for ${prompt}`);
}

const cells: OverlayOptions[] = [];
const notes: string[] = [];
const rows = imageStyles.length + 1;
const sheetW = CELL.width * compositionIds.length;
const sheetH = CELL.height * imageStyles.length + TALL.height;
for (const [r, style] of imageStyles.entries()) {
  for (const [c, composition] of compositionIds.entries()) {
    const prompt = prompts[composition];
    const { png, scene } = await render(prompt, style, "16:9", composition, prompt.startsWith("me ") || (r + c) % 3 === 0);
    cells.push({ input: await sharp(png).resize(CELL.width, CELL.height).png().toBuffer(), left: c * CELL.width, top: r * CELL.height });
    notes.push(`${style}/${composition}: "${prompt}" art=${(scene.art ?? []).map((a) => `${a.id}(${a.word})`).join(",")} contrast=${scene.text[0]?.contrast}`);
  }
}
let left = 0;
for (const [i, composition] of compositionIds.entries()) {
  for (const style of [imageStyles[i % imageStyles.length] ?? "cartoon", imageStyles[(i + 2) % imageStyles.length] ?? "abstract"]) {
    if (left + TALL.width > sheetW) break;
    const { png } = await render(prompts[composition], style, "9:16", composition, i % 2 === 1);
    cells.push({ input: await sharp(png).resize(TALL.width, TALL.height).png().toBuffer(), left, top: (rows - 1) * CELL.height });
    left += TALL.width;
  }
}
await sharp({ create: { width: sheetW, height: sheetH, channels: 3, background: "#202020" } }).composite(cells).png().toFile(out);
console.log([out, ...notes].join("\n"));
