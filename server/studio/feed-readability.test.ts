import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { imageAspectIds, type ImageAspect, imageStyles, type ImageStyle } from "../../contract/images.ts";
import { contrastRatio, hexToRgb, mix, type Rgb } from "./color.ts";
import { createArtCache } from "./art-cache.ts";
import { createFontStore, faceChain } from "./fonts.ts";
import { renderScene } from "./render.ts";
import { buildScene, type Scene, type TextLayer } from "./scene.ts";
import { createSubjectCache } from "./subject-cache.ts";
import { MIN_CONTRAST } from "./text-layer.ts";
import { shapeLine } from "./text-shape.ts";

/**
 * Every style × aspect × language, with art, judged the way the feed shows it: downsized to 168 px wide, YouTube's
 * smallest thumbnail (168×94 at 16:9; 9:16 and 1:1 keep the same width, 168×299 and 168×168). At that size the
 * headline's fill must hold 4.5:1 against the backdrop measured there, and its capitals (or CJK characters) must be
 * at least MIN_CAP_PX tall: below about 8 px, capitals blur into each other at a glance.
 */
const FEED_WIDTH = 168;
const MIN_CAP_PX = 8;

const PROMPTS: Record<string, string> = {
  en: "best budget gaming setup",
  es: "el mejor setup gamer barato",
  fr: "le meilleur setup gaming pas cher",
  de: "das beste günstige Gaming-Setup",
  zh: "最便宜的游戏装备推荐",
  ja: "最強の格安ゲーミング環境",
};
const ART = [{ id: "video-game", name: "video game", word: "gaming" }];

const fonts = createFontStore();
const subjects = createSubjectCache(0);
const art = createArtCache(64 * 1024 * 1024);
const measured: { where: string; cap: number; contrast: number }[] = [];

async function render(scene: Scene): Promise<{ png: Buffer; scene: Scene }> {
  return renderScene(scene, { fonts, subjects, art, cutouts: [], progress: () => {} });
}

async function small(png: Buffer, scene: Scene): Promise<{ data: Buffer; width: number; height: number }> {
  const height = Math.round((FEED_WIDTH * scene.height) / scene.width);
  const { data, info } = await sharp(png).resize(FEED_WIDTH, height, { kernel: "lanczos3" }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Mean colour of a rectangle (in full-size pixels) of the downsized image. */
function meanAt(image: { data: Buffer; width: number; height: number }, rect: TextLayer["box"], scale: number): Rgb {
  const x0 = Math.max(0, Math.floor(rect.x * scale));
  const y0 = Math.max(0, Math.floor(rect.y * scale));
  const x1 = Math.min(image.width, Math.ceil((rect.x + rect.w) * scale));
  const y1 = Math.min(image.height, Math.ceil((rect.y + rect.h) * scale));
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + (image.data[(y * image.width + x) * 3 + c] ?? 0);
      n++;
    }
  }
  return [(sum[0] ?? 0) / n, (sum[1] ?? 0) / n, (sum[2] ?? 0) / n];
}

/** The bounding box of the pixels that differ clearly between two same-size images, in full-size pixels. */
function changedBox(a: { data: Buffer; width: number; height: number }, b: { data: Buffer }, scale: number): TextLayer["box"] | undefined {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 3;
      const d = Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) + Math.abs((a.data[i + 1] ?? 0) - (b.data[i + 1] ?? 0)) + Math.abs((a.data[i + 2] ?? 0) - (b.data[i + 2] ?? 0));
      if (d <= 60) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  return x1 < 0 ? undefined : { x: x0 / scale, y: y0 / scale, w: (x1 - x0 + 1) / scale, h: (y1 - y0 + 1) / scale };
}

/** The height of a capital H (or of 国 for CJK) as a share of the font size, in the headline's own face. */
async function capShare(layer: TextLayer): Promise<number> {
  const probe = layer.script === "cjk" ? "国" : "H";
  const faces = await Promise.all(faceChain(layer.face, probe).map((id) => fonts.face(id)));
  const box = shapeLine(probe, faces, 100).box;
  return (box.y2 - box.y1) / 100;
}

afterAll(() => {
  const worst = measured.toSorted((a, b) => a.cap - b.cap)[0];
  const dimmest = measured.toSorted((a, b) => a.contrast - b.contrast)[0];
  console.log(`feed size ${FEED_WIDTH} px wide, ${measured.length} renders: smallest cap height ${worst?.cap.toFixed(1)} px (${worst?.where}), lowest contrast ${dimmest?.contrast.toFixed(2)}:1 (${dimmest?.where})`);
});

describe(`headlines at ${FEED_WIDTH} px wide`, () => {
  for (const style of imageStyles) {
    for (const aspect of imageAspectIds) {
      it(`${style} ${aspect}: every language legible with art`, async () => {
        for (const [lang, prompt] of Object.entries(PROMPTS)) {
          const where = `${style} ${aspect} ${lang}`;
          const { png, scene } = await render(buildScene({ prompt, style: style as ImageStyle, aspect: aspect as ImageAspect, seed: 17, personaNames: [], art: ART }));
          expect(scene.art?.length, where).toBeGreaterThan(0);
          const text = scene.text[0];
          if (!text?.size) throw new Error(`${where}: no rendered headline`);
          const scale = FEED_WIDTH / scene.width;
          // The backdrop as the feed shows it: the same frame without its headline, downsized.
          const bare = await small((await render({ ...scene, text: [] })).png, scene);
          const shown = await small(png, scene);
          // What the headline paints at that size (its letters, stroke and plate), as a rectangle in full-size pixels.
          const ink = changedBox(shown, bare, scale);
          expect(ink, `${where}: no headline pixels at feed size`).toBeDefined();
          const behind = meanAt(bare, text.plate?.rect ?? ink ?? text.box, scale);
          const backdrop = text.plate ? mix(behind, hexToRgb(text.plate.color), text.plate.opacity) : behind;
          const contrast = Math.min(...[text.fill, text.highlight].map((c) => contrastRatio(hexToRgb(c), backdrop)));
          const cap = text.size * (await capShare(text)) * scale;
          measured.push({ where, cap, contrast });
          expect(contrast, where).toBeGreaterThanOrEqual(MIN_CONTRAST);
          expect(cap, where).toBeGreaterThanOrEqual(MIN_CAP_PX);
          // And the headline is there at that size: its box differs clearly from the frame without it.
          const inBox = meanAt(shown, text.box, scale);
          expect(Math.hypot(...inBox.map((v, i) => v - (meanAt(bare, text.box, scale)[i] ?? 0))), where).toBeGreaterThan(8);
        }
      });
    }
  }
});
