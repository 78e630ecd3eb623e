import sharp, { type OverlayOptions, type Sharp } from "sharp";
import type { GenerateProgress } from "../generation/engine.ts";
import type { Rgb } from "./color.ts";
import type { FontStore } from "./fonts.ts";
import { createRandom } from "./random.ts";
import { backgroundSvg } from "./background-svg.ts";
import { photoLayer } from "./photo.ts";
import { type ArtCache, artOverlays } from "./art-cache.ts";
import { dividerOverlays, markOverlays } from "./decor-layers.ts";
import { accentOverlays, frameOverlays, regionOverlay } from "./overlays.ts";
import type { Rect, Scene } from "./scene.ts";
import type { SubjectCache } from "./subject-cache.ts";
import { placeSubject } from "./subjects.ts";
import { renderScale } from "./scale-scene.ts";
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
  art: ArtCache;
  signal?: AbortSignal | undefined;
  progress: (stage: GenerateProgress["stage"], percent: number) => void;
  /** Layers left out: the editor's backplate is the scene without its headline and personas, which it draws itself. */
  omit?: ReadonlyArray<"text" | "subjects" | "front"> | undefined;
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
  const omit = new Set(options.omit ?? []);
  const { background, layers } = await lowerLayers(omit.has("subjects") ? { ...scene, subjects: [] } : scene, {
    front: !omit.has("front"),
    cutouts: options.cutouts,
    baseImage: options.baseImage,
    subjects: options.subjects,
    art: options.art,
    fonts: options.fonts,
    step: () => {
      check();
      // "Placing the subjects" only means something when there is a persona or a base image to place.
      if (options.cutouts.length > 0 || options.baseImage !== undefined) options.progress("subjects", 35);
    },
  });
  // One pipeline from the background SVG to the raw composite: every full-canvas buffer that crosses between
  // JavaScript and libvips costs about as much as drawing it.
  const composed: Raw = { data: await backgroundPipeline(background, canvas).composite(layers).ensureAlpha().raw().toBuffer(), width, height };

  check();
  options.progress("text", 70);
  const unit = Math.min(width, height);
  const texts = [];
  for (const layer of omit.has("text") ? [] : scene.text) texts.push(await renderText(layer, options.fonts, unit, async (rect) => meanColour(composed, rect)));

  check();
  options.progress("encode", 90);
  const png = await sharp(composed.data, { raw: { width, height, channels: 4 } })
    .composite(texts.map((t) => textOverlay(t, canvas)).filter((o): o is OverlayOptions => o !== undefined))
    .removeAlpha()
    .png(STUDIO_PNG)
    .toBuffer();
  check();
  return { png, scene: omit.has("text") ? scene : { ...scene, text: texts.map((t) => t.layer) } };
}

/**
 * Everything under the headline: the background SVG and the overlays above it (grain, a split's divider, subjects
 * back to front, art, frame, accents, then the pointers, badge and split words). `step` runs between the background
 * and the subjects (progress, abort checks).
 */
export interface LowerLayerInput {
  cutouts: readonly Buffer[];
  baseImage?: Buffer | undefined;
  subjects: SubjectCache;
  art: ArtCache;
  fonts: FontStore;
  step?: () => void;
  /** Whether the frame and accents above the subjects are drawn (the default); the editor draws them separately. */
  front?: boolean;
}

/** The background's first layer, raw RGBA: the soft light at SOFT_SCALE of the frame, or a flat style's whole frame. */
export type SoftBackground = Raw;

/** A pipeline that starts from the soft background scaled up to the frame, ready for the layers above it. */
export function backgroundPipeline(background: SoftBackground, canvas: { width: number; height: number }): Sharp {
  const image = sharp(background.data, { raw: { width: background.width, height: background.height, channels: 4 } });
  return background.width === canvas.width && background.height === canvas.height ? image : image.resize(canvas.width, canvas.height, { kernel: "linear" });
}

/** `background` is the soft light drawn small (see backgroundPipeline); `layers` go above it, bottom first. */
export async function lowerLayers(scene: Scene, input: LowerLayerInput): Promise<{ background: SoftBackground; layers: OverlayOptions[] }> {
  const step = input.step ?? (() => {});
  const canvas = { width: scene.width, height: scene.height };
  const { soft, crisp } = backgroundSvg(scene);
  // Rasterised apart: handed to a pipeline that resizes, sharp would draw an SVG at the output's size again.
  const { data, info } = await sharp(Buffer.from(soft ?? crisp)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const background: SoftBackground = { data, width: info.width, height: info.height };
  const layers: OverlayOptions[] = soft && crisp ? [{ input: Buffer.from(crisp) }] : [];
  if (scene.background.photo && input.baseImage) {
    layers.push({ input: await photoLayer(scene, input.baseImage), raw: { ...canvas, channels: 4 } });
  }
  if ((scene.style === "vintage" || scene.style === "realistic") && !scene.background.modelPicture) {
    const tile = grain(scene, scene.style === "vintage" ? 34 : 14);
    layers.push({ input: tile.data, raw: { width: tile.size, height: tile.size, channels: 4 }, tile: true, blend: "overlay" });
  }
  // The art is prepared while the personas are: both are mostly libvips work off the main thread.
  const art = artOverlays(scene, input.art);
  art.catch(() => undefined);
  layers.push(...dividerOverlays(scene, canvas));
  step();
  // Back to front: the scene lists the hero last.
  for (const subject of scene.subjects) {
    const png = input.cutouts[subject.index];
    if (png) layers.push(...placeSubject(subject, await input.subjects.get(subject, png), canvas));
    step();
  }
  // Art, frame, accents and marks lie above the subjects; the editor draws them as one layer of its own (frontLayer).
  if (input.front !== false) layers.push(...(await frontOverlays(scene, { art: await art, fonts: input.fonts })));
  return { background, layers };
}

/** What lies above the subjects: the art (prepared by the caller), the frame, the accents and the marks. */
async function frontOverlays(scene: Scene, input: { art: OverlayOptions[]; fonts: FontStore }): Promise<OverlayOptions[]> {
  const canvas = { width: scene.width, height: scene.height };
  return [...input.art, ...frameOverlays(scene, canvas), ...accentOverlays(scene, canvas), ...(await markOverlays(scene, input.fonts, canvas))];
}

/** The art, frame, accents and marks alone on a transparent canvas, as a PNG; undefined when the scene has none. */
export async function frontLayer(scene: Scene, input: { art: ArtCache; fonts: FontStore }): Promise<Buffer | undefined> {
  const overlays = await frontOverlays(scene, { art: await artOverlays(scene, input.art), fonts: input.fonts });
  if (overlays.length === 0) return undefined;
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  return sharp({ create: { width: scene.width, height: scene.height, channels: 4, background: transparent } }).composite(overlays).png({ compressionLevel: 2 }).toBuffer();
}

/** Only the text's own region is rasterised: a full-canvas SVG costs librsvg several times more. */
export function textOverlay(text: RenderedText, canvas: { width: number; height: number }): OverlayOptions | undefined {
  return regionOverlay(text.svg, text.region, canvas);
}


// A tile of grain repeated over the canvas looks the same as full-size noise at a fraction of the cost.
const GRAIN_TILE = 256;

/**
 * Film grain from the scene's seed: the same seed gives the same noise, so the bytes stay reproducible. A master
 * (scaleScene) gets each grain k pixels wide, the grain of the 1× picture drawn larger.
 */
function grain(scene: Scene, strength: number): { data: Buffer; size: number } {
  const random = createRandom(scene.seed).fork("grain");
  const k = Math.max(1, Math.round(renderScale(scene)));
  const size = GRAIN_TILE * k;
  const out = Buffer.alloc(size * size * 4);
  for (let gy = 0; gy < GRAIN_TILE; gy++) {
    const row = gy * k * size * 4;
    for (let gx = 0; gx < GRAIN_TILE; gx++) {
      const v = 128 + Math.round((random.next() - 0.5) * 2 * 90);
      for (let x = gx * k; x < (gx + 1) * k; x++) {
        const i = row + x * 4;
        out[i] = v;
        out[i + 1] = v;
        out[i + 2] = v;
        out[i + 3] = strength;
      }
    }
    // The grain's other k-1 pixel rows repeat its first.
    for (let y = 1; y < k; y++) out.copy(out, row + y * size * 4, row, row + size * 4);
  }
  return { data: out, size };
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
