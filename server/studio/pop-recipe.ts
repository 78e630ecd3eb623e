import { hexToRgb, luminance, type Rgb, rgbToHex } from "./color.ts";
import type { Scene, TextLayer } from "./scene.ts";

/**
 * What "make it pop" (and "more eye-catching", "make it better", "more clickbait") does to a Studio scene: one fixed,
 * visible recipe rather than nothing. The headline grows, gets a heavier outline and a firmer shadow, and the
 * background's colours are saturated. Each step changes the scene on every style and layout, so a vague ask always
 * shows (pop-recipe.test.ts holds that).
 */
export const POP_RECIPE = {
  /** Headline size, as a factor on its current scale (the scene edit bounds the total). */
  headlineScale: 1.2,
  /** Headline outline width, as a factor on its current one, and at least this share of the frame's short side. */
  outlineFactor: 1.5,
  minOutline: 0.01,
  /** Shadow opacity at least this. */
  shadowOpacity: 0.6,
  /** Background saturation: HSL saturation s becomes min(1, s * factor + lift). */
  saturationFactor: 1.35,
  saturationLift: 0.1,
} as const;

/** Largest outline width the stored scene accepts (scene-schema.ts). */
const MAX_OUTLINE = 128;

/** The scene with the recipe applied; `scaleHeadline` is the scene edit's own headline resize. */
export function popScene(scene: Scene, scaleHeadline: (scene: Scene, factor: number) => Scene): Scene {
  const unit = Math.min(scene.width, scene.height);
  const scaled = scaleHeadline(scene, POP_RECIPE.headlineScale);
  const [headline, ...rest] = scaled.text;
  // A model's picture is shown as it came (decision 036): there is no Studio background to saturate, only the headline.
  const palette = scene.background.modelPicture ? scaled.palette : { ...scaled.palette, base: saturate(scaled.palette.base), mid: saturate(scaled.palette.mid), light: saturate(scaled.palette.light) };
  return { ...scaled, palette, text: headline ? [outlined(headline, unit), ...rest] : rest };
}

function outlined(layer: TextLayer, unit: number): TextLayer {
  const width = Math.min(MAX_OUTLINE, Math.round(Math.max(layer.stroke.width * POP_RECIPE.outlineFactor, unit * POP_RECIPE.minOutline) * 10) / 10);
  // A headline without an outline gets one that contrasts with its letters.
  const color = layer.stroke.width > 0 ? layer.stroke.color : luminance(hexToRgb(layer.fill)) > 0.4 ? "#000000" : "#ffffff";
  return { ...layer, stroke: { color, width }, shadow: { ...layer.shadow, opacity: Math.max(layer.shadow.opacity, POP_RECIPE.shadowOpacity) } };
}

/** The colour with more HSL saturation at the same hue and lightness; a grey stays grey. */
export function saturate(hex: string): string {
  const [h, s, l] = toHsl(hexToRgb(hex));
  return rgbToHex(fromHsl(h, Math.min(1, s * POP_RECIPE.saturationFactor + (s > 0 ? POP_RECIPE.saturationLift : 0)), l));
}

function toHsl([r8, g8, b8]: Rgb): [number, number, number] {
  const r = r8 / 255;
  const g = g8 / 255;
  const b = b8 / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h / 6, s, l];
}

function fromHsl(h: number, s: number, l: number): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    const t = t0 < 0 ? t0 + 1 : t0 > 1 ? t0 - 1 : t0;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}
