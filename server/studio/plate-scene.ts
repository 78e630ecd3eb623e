import { type ImageAspect, imageAspects, type ImageStyle } from "../../contract/images.ts";
import { marginOf, type Rect, sideBySide } from "./frame.ts";
import { headlineFromPrompt } from "./headline.ts";
import { type Palette, palettesFor } from "./palette.ts";
import { createRandom, hashString } from "./random.ts";
import { type Scene, textLook } from "./scene.ts";
import { applyKitCase, kitLook, kitPalette } from "./scene-kit.ts";
import type { StyleKit } from "../../contract/style-kits.ts";

/**
 * A Studio scene for a picture a provider model made (decision 036): the model's text-free picture is the backdrop
 * (`background.photo` with `background.modelPicture`, shown as it came, without the Studio's style treatment) and the
 * headline is the only layer on it. No shapes, subjects, art or accents: the picture has its own.
 */
export interface PlateSceneInput {
  prompt: string;
  style: ImageStyle;
  aspect: ImageAspect;
  seed: number;
  /** An A/B pack's variant (0–2): the headline takes the other side, so the three differ in layout too. */
  variant?: number | undefined;
  /** The creator's style kit: the headline takes its side, colours and look (docs/product/style-kits.md). */
  kit?: StyleKit | undefined;
}

/** Where the headline goes on a frame: a side column on landscape and square frames, a band on a tall one. */
export type ClearArea = "left" | "right" | "top" | "bottom";

export interface PlateScene {
  scene: Scene;
  /** The part of the frame the model is asked to keep calm, for the headline to sit on. */
  clearArea: ClearArea;
}

export function buildPlateScene(input: PlateSceneInput): PlateScene {
  const { width, height } = imageAspects[input.aspect];
  const random = createRandom((input.seed >>> 0) ^ hashString(`plate|${input.style}|${input.aspect}|${input.prompt}`));
  const palettes = palettesFor(input.style);
  const kit = input.kit;
  const palette: Palette = kit ? kitPalette(kit) : random.fork("palette").pick(palettes);
  const first = random.fork("side").chance(0.5);
  const flip = (input.variant ?? 0) % 2 === 1;
  const sided: ClearArea = width > height ? (first !== flip ? "left" : "right") : first !== flip ? "top" : "bottom";
  // A kit's side holds on a landscape or square frame; a tall one has a band, not a side.
  const clearArea: ClearArea = kit && kit.side !== "center" && width > height ? kit.side : sided;
  const prompted = headlineFromPrompt(input.prompt);
  const headline = kit ? { ...prompted, text: applyKitCase(prompted.text, kit.headline.case, input.prompt) } : prompted;
  const unit = Math.min(width, height);
  const look = kit ? kitLook(kit, palette, unit) : textLook(input.style, palette, unit, random.fork("look"));
  return {
    clearArea,
    scene: {
      version: 1,
      engine: "studio",
      seed: input.seed >>> 0,
      style: input.style,
      aspect: input.aspect,
      width,
      height,
      palette,
      background: { style: input.style, focus: { x: Math.round(width / 2), y: Math.round(height / 2) }, shapes: [], photo: true, modelPicture: true },
      subjects: [],
      text: [
        {
          text: headline.text,
          script: headline.script,
          face: look.face,
          box: textBoxFor(clearArea, width, height),
          align: clearArea === "left" || clearArea === "right" ? "left" : "center",
          // Straight: a tilted headline over a photograph reads as a sticker, not as the title.
          rotation: 0,
          fill: look.fill,
          highlight: look.highlight,
          highlightLine: random.fork("highlight").int(0, 2),
          stroke: look.stroke,
          shadow: look.shadow,
          ...("fixedFill" in look ? { fixedFill: true, fixedFace: true } : {}),
        },
      ],
      accents: [],
      ...(input.variant ? { variant: input.variant } : {}),
      ...(kit ? { kit: { side: kit.side, case: kit.headline.case } } : {}),
    },
  };
}

/** The headline's box for the area kept clear: the Studio's side column (a persona's layout), or a band of a tall frame. */
function textBoxFor(area: ClearArea, width: number, height: number): Rect {
  if (area === "left" || area === "right") return sideBySide(width, height, area === "left").textBox;
  const m = marginOf(width, height);
  const band = { x: m, w: width - 2 * m, h: Math.round(height * 0.3) };
  return area === "top" ? { ...band, y: Math.round(height * 0.05) } : { ...band, y: Math.round(height * 0.6) };
}

/** A scene made over a provider's picture: its backdrop is the picture, kept as the model drew it. */
export function isPlateScene(scene: Scene): boolean {
  return scene.background.photo && scene.background.modelPicture === true;
}

/** The area a scene's headline sits in, for asking a model to keep it clear when it redraws the picture. */
export function clearAreaOf(scene: Scene): ClearArea {
  const box = scene.text[0]?.box;
  if (!box) return scene.width > scene.height ? "left" : "top";
  const cx = (box.x + box.w / 2) / scene.width;
  const cy = (box.y + box.h / 2) / scene.height;
  // Whichever edge the box's centre is furthest from the middle towards.
  if (Math.abs(cx - 0.5) >= Math.abs(cy - 0.5)) return cx < 0.5 ? "left" : "right";
  return cy < 0.5 ? "top" : "bottom";
}
