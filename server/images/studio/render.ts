import sharp, { type OverlayOptions } from "sharp";
import type { GenerateProgress } from "../engine.ts";
import type { Rgb } from "./color.ts";
import type { FontStore } from "./fonts.ts";
import { createRandom } from "./random.ts";
import { backgroundSvg, overlaySvg, vignetteSvg } from "./background-svg.ts";
import type { Rect, Scene } from "./scene.ts";
import { subjectOverlays } from "./subjects.ts";
import { type RenderedText, renderText } from "./text-layer.ts";

/** Renders a scene with sharp, layer by layer; returns the PNG and the scene with the text decisions filled in. */
export interface RenderOptions {
  fonts: FontStore;
  cutouts: readonly Buffer[];
  signal?: AbortSignal | undefined;
  progress: (stage: GenerateProgress["stage"], percent: number) => void;
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

export async function renderScene(scene: Scene, options: RenderOptions): Promise<{ png: Buffer; scene: Scene }> {
  const { width, height } = scene;
  const check = () => options.signal?.throwIfAborted();
  const canvas = { width, height };

  check();
  options.progress("background", 15);
  const background = await rasterBackground(scene);
  const layers: OverlayOptions[] = [];
  if (scene.style === "vintage" || scene.style === "realistic") {
    layers.push({ input: grain(scene, scene.style === "vintage" ? 34 : 14), raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 4 }, tile: true, blend: "overlay" });
  }

  check();
  options.progress("subjects", 35);
  // Back to front: the scene lists the hero last.
  for (const subject of scene.subjects) {
    const png = options.cutouts[subject.index];
    if (png) layers.push(...(await subjectOverlays(subject, { png }, canvas)));
    check();
  }
  const vignette = vignetteSvg(scene, Math.round(width / 8), Math.round(height / 8));
  if (vignette) layers.push({ input: await sharp(Buffer.from(vignette)).resize(width, height).raw().toBuffer(), raw: { width, height, channels: 4 } });
  layers.push({ input: Buffer.from(overlaySvg(scene)) });
  const composed: Raw = {
    data: await sharp(background, { raw: { width, height, channels: 4 } }).composite(layers).raw().toBuffer(),
    width,
    height,
  };

  check();
  options.progress("text", 70);
  const unit = Math.min(width, height);
  const texts = [];
  for (const layer of scene.text) texts.push(await renderText(layer, options.fonts, unit, async (rect) => meanColour(composed, rect)));

  check();
  options.progress("encode", 90);
  const png = await sharp(composed.data, { raw: { width, height, channels: 4 } })
    .composite(texts.map((t) => textOverlay(t, canvas)))
    .removeAlpha()
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
  check();
  return { png, scene: { ...scene, text: texts.map((t) => t.layer) } };
}

/** Only the text's own region is rasterised: a full-canvas SVG costs librsvg several times more. */
export function textOverlay(text: RenderedText, canvas: { width: number; height: number }): OverlayOptions {
  const x = Math.max(0, Math.floor(text.region.x));
  const y = Math.max(0, Math.floor(text.region.y));
  const w = Math.min(canvas.width, Math.ceil(text.region.x + text.region.w)) - x;
  const h = Math.min(canvas.height, Math.ceil(text.region.y + text.region.h)) - y;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}">${text.svg}</svg>`;
  return { input: Buffer.from(svg), left: x, top: y };
}

/**
 * Realistic and vintage backgrounds are all soft light and gradients: rasterised at half size and scaled up they
 * look the same and cost a quarter. Cartoon and abstract have crisp edges and are drawn at full size.
 */
async function rasterBackground(scene: Scene): Promise<Buffer> {
  const soft = scene.style === "realistic" || scene.style === "vintage";
  if (!soft) return sharp(Buffer.from(backgroundSvg(scene))).ensureAlpha().raw().toBuffer();
  const half = `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.round(scene.width / 2)}" height="${Math.round(scene.height / 2)}" viewBox="0 0 ${scene.width} ${scene.height}"`;
  const svg = backgroundSvg(scene).replace(/^<svg [^>]*?viewBox="[^"]*"/u, half);
  return sharp(Buffer.from(svg)).resize(scene.width, scene.height).ensureAlpha().raw().toBuffer();
}

// A tile of grain repeated over the canvas looks the same as full-size noise at a fraction of the cost.
const GRAIN_TILE = 256;

/** Film grain from the scene's seed: the same seed gives the same noise, so the bytes stay reproducible. */
function grain(scene: Scene, strength: number): Buffer {
  const random = createRandom(scene.seed).fork("grain");
  const out = Buffer.alloc(GRAIN_TILE * GRAIN_TILE * 4);
  for (let i = 0; i < out.length; i += 4) {
    const v = 128 + Math.round((random.next() - 0.5) * 2 * 90);
    out[i] = v;
    out[i + 1] = v;
    out[i + 2] = v;
    out[i + 3] = strength;
  }
  return out;
}

/** Mean colour of a rectangle of an RGBA raw image: what the eye sees behind a headline. */
export function meanColour(image: Raw, rect: Rect): Rgb {
  const x0 = Math.max(0, Math.floor(rect.x));
  const y0 = Math.max(0, Math.floor(rect.y));
  const x1 = Math.min(image.width, Math.ceil(rect.x + rect.w));
  const y1 = Math.min(image.height, Math.ceil(rect.y + rect.h));
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0; x < x1; x += 2) {
      const i = (y * image.width + x) * 4;
      r += image.data[i] ?? 0;
      g += image.data[i + 1] ?? 0;
      b += image.data[i + 2] ?? 0;
      n++;
    }
  }
  return n === 0 ? [0, 0, 0] : [r / n, g / n, b / n];
}
