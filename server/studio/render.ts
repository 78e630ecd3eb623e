import sharp, { type OverlayOptions } from "sharp";
import type { GenerateProgress } from "../generation/engine.ts";
import type { Rgb } from "./color.ts";
import type { FontStore } from "./fonts.ts";
import { createRandom } from "./random.ts";
import { backgroundSvg } from "./background-svg.ts";
import { photoLayer } from "./photo.ts";
import { accentOverlays, frameOverlays, regionOverlay } from "./overlays.ts";
import type { Rect, Scene } from "./scene.ts";
import type { SubjectCache } from "./subject-cache.ts";
import { placeSubject } from "./subjects.ts";
import { type RenderedText, renderText } from "./text-layer.ts";

/**
 * zlib level 2 encodes a 1280×720 frame in about half the time of level 6 for a third more bytes (~480 kB against
 * ~360 kB measured): the PNG is the download, the app shows the WebP variants, and the render budget is 150 ms.
 */
export const STUDIO_PNG = { compressionLevel: 2, adaptiveFiltering: false } as const;

/** Renders a scene with sharp, layer by layer; returns the PNG and the scene with the text decisions filled in. */
export interface RenderOptions {
  fonts: FontStore;
  cutouts: readonly Buffer[];
  baseImage?: Buffer | undefined;
  subjects: SubjectCache;
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
  const { background, layers } = await lowerLayers(scene, {
    cutouts: options.cutouts,
    baseImage: options.baseImage,
    subjects: options.subjects,
    step: () => {
      check();
      // "Placing the subjects" only means something when there is a persona or a base image to place.
      if (options.cutouts.length > 0 || options.baseImage !== undefined) options.progress("subjects", 35);
    },
  });
  // One pipeline from the background SVG to the raw composite: every full-canvas buffer that crosses between
  // JavaScript and libvips costs about as much as drawing it.
  const composed: Raw = { data: await sharp(background).composite(layers).ensureAlpha().raw().toBuffer(), width, height };

  check();
  options.progress("text", 70);
  const unit = Math.min(width, height);
  const texts = [];
  for (const layer of scene.text) texts.push(await renderText(layer, options.fonts, unit, async (rect) => meanColour(composed, rect)));

  check();
  options.progress("encode", 90);
  const png = await sharp(composed.data, { raw: { width, height, channels: 4 } })
    .composite(texts.map((t) => textOverlay(t, canvas)).filter((o): o is OverlayOptions => o !== undefined))
    .removeAlpha()
    .png(STUDIO_PNG)
    .toBuffer();
  check();
  return { png, scene: { ...scene, text: texts.map((t) => t.layer) } };
}

/**
 * Everything under the headline: the background SVG and the overlays above it (grain, subjects back to front,
 * frame, accents). `step` runs between the background and the subjects (progress, abort checks).
 */
export interface LowerLayerInput {
  cutouts: readonly Buffer[];
  baseImage?: Buffer | undefined;
  subjects: SubjectCache;
  step?: () => void;
}

export async function lowerLayers(scene: Scene, input: LowerLayerInput): Promise<{ background: Buffer; layers: OverlayOptions[] }> {
  const step = input.step ?? (() => {});
  const canvas = { width: scene.width, height: scene.height };
  const background = Buffer.from(backgroundSvg(scene));
  const layers: OverlayOptions[] = [];
  if (scene.background.photo && input.baseImage) {
    layers.push({ input: await photoLayer(scene, input.baseImage), raw: { ...canvas, channels: 4 } });
  }
  if (scene.style === "vintage" || scene.style === "realistic") {
    layers.push({ input: grain(scene, scene.style === "vintage" ? 34 : 14), raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 4 }, tile: true, blend: "overlay" });
  }
  step();
  // Back to front: the scene lists the hero last.
  for (const subject of scene.subjects) {
    const png = input.cutouts[subject.index];
    if (png) layers.push(...placeSubject(subject, await input.subjects.get(subject, png), canvas));
    step();
  }
  layers.push(...frameOverlays(scene, canvas), ...accentOverlays(scene, canvas));
  return { background, layers };
}

/** Only the text's own region is rasterised: a full-canvas SVG costs librsvg several times more. */
export function textOverlay(text: RenderedText, canvas: { width: number; height: number }): OverlayOptions | undefined {
  return regionOverlay(text.svg, text.region, canvas);
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
