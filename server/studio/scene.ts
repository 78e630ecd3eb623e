import { imageAspects, type ImageAspect, type ImageStyle } from "../../contract/images.ts";
import { pickArt, reactionFaces } from "./art/pick-art.ts";
import { layoutFor, type Layout } from "./composition-layouts.ts";
import { applyKitCase, kitLayout, kitLook, kitPalette, type SceneKit } from "./scene-kit.ts";
import type { StyleKit } from "../../contract/style-kits.ts";
import { chooseComposition, type CompositionId, MAX_VARIANT } from "./compositions.ts";
import type { Rect } from "./frame.ts";
import { headlineFromPrompt, type Script } from "./headline.ts";
import { type Palette, palettesFor } from "./palette.ts";
import { promptShape } from "./prompt-shape.ts";
import { createRandom, hashString, type Random } from "./random.ts";

import type { ArtChoice, ArtLayer, BadgeLayer, PointerLayer, SplitLayer } from "./scene-layers.ts";
import { decorate } from "./scene-decor.ts";

export { marginOf, type Rect, sideBySide } from "./frame.ts";
export type { ArtChoice, ArtLayer, BadgeLayer, PointerLayer, SplitLayer } from "./scene-layers.ts";

/**
 * The layered scene, as plain JSON: background, subject layers, text layers, accents. Everything random is drawn
 * here from the seed, so rendering is a pure function of this object.
 */
export interface BackgroundLayer {
  style: ImageStyle;
  /** Where the light, rays or mesh centre is, in pixels. */
  focus: { x: number; y: number };
  shapes: Shape[];
  /** The base image is the backdrop (style-treated); the drawn light and shapes are kept only where they help. */
  photo: boolean;
  /** Set by an edit: the user chose the background's colour, so a variant keeps the palette. */
  fixedColor?: boolean;
  /** The photo is a provider model's picture (plate-scene.ts): drawn as it came, with no style treatment or grain. */
  modelPicture?: boolean;
}

export interface Shape {
  kind: "bokeh" | "blob" | "ring" | "rect" | "wave" | "dots" | "triangle" | "star";
  x: number;
  y: number;
  size: number;
  rotation: number;
  color: string;
  opacity: number;
}

export interface SubjectLayer {
  name: string;
  index: number;
  /** The box the cut-out is fitted into (contain), anchored at its bottom. */
  box: Rect;
  outline: { color: string; width: number };
  shadow: { dx: number; dy: number; blur: number; opacity: number };
}

export interface TextLayer {
  text: string;
  script: Script;
  face: "anton" | "abril";
  box: Rect;
  align: "left" | "center";
  rotation: number;
  fill: string;
  highlight: string;
  /** Which line gets the highlight colour. */
  highlightLine: number;
  stroke: { color: string; width: number };
  shadow: { dx: number; dy: number; opacity: number };
  /** Set by an edit: the user chose the fill, so legibility comes from the stroke and shadow, never a flip or plate. */
  fixedFill?: boolean;
  /** Set by an edit: the user chose the face, so a restyle keeps it. */
  fixedFace?: boolean;
  /** Set by an edit: how much larger than the fitted size the headline may grow (1 when absent). */
  scale?: number;
  /** Set by an edit: where the lines sit in the box (centred when absent). */
  valign?: "top" | "center" | "bottom";
  /** Filled in by the renderer: the lines, size, measured backdrop and the resulting WCAG contrast. */
  lines?: string[];
  size?: number;
  plate?: { color: string; opacity: number; rect: Rect };
  backdrop?: string;
  contrast?: number;
}

export interface Accent {
  kind: "arrow" | "burst" | "sparkle";
  x: number;
  y: number;
  size: number;
  rotation: number;
  color: string;
}

export interface Scene {
  version: 1;
  engine: "studio";
  seed: number;
  style: ImageStyle;
  aspect: ImageAspect;
  width: number;
  height: number;
  palette: Palette;
  background: BackgroundLayer;
  subjects: SubjectLayer[];
  text: TextLayer[];
  accents: Accent[];
  /** Which arrangement the prompt got (compositions.ts); absent in scenes stored before there were compositions. */
  composition?: CompositionId;
  /** Which variant of the request this is (0–2): variants differ in composition and palette. */
  variant?: number;
  /** Art from the bundled set, back to front. */
  art?: ArtLayer[];
  badge?: BadgeLayer;
  pointers?: PointerLayer[];
  split?: SplitLayer;
  /** The creator's style kit it was made in (scene-kit.ts): variants and re-lays keep its palette and side. */
  kit?: SceneKit;
}

export interface SceneInput {
  prompt: string;
  style: ImageStyle;
  aspect: ImageAspect;
  personaNames: readonly string[];
  seed: number;
  hasBaseImage?: boolean;
  /** 0–2: which variant of the request (an A/B pack draws all three); 0 when absent. */
  variant?: number;
  /** The art objects for the prompt, best first (at most two are drawn); chosen from the prompt when absent. */
  art?: readonly ArtChoice[];
  /** Reaction faces the seed may choose from; the art set's when absent. */
  reactionFaces?: readonly ArtChoice[];
  /** The creator's style kit: its palette, headline look, side and face replace the style's (docs/product/style-kits.md). */
  kit?: StyleKit;
}

export function buildScene(input: SceneInput): Scene {
  const { width, height } = imageAspects[input.aspect];
  const random = createRandom(input.seed ^ hashString(`${input.style}|${input.aspect}|${input.prompt}`));
  const variant = Math.min(MAX_VARIANT, Math.max(0, Math.trunc(input.variant ?? 0)));
  // The seed picks the palette; each variant takes the next one, so the three of a pack never share colours.
  const palettes = palettesFor(input.style);
  const styled = palettes[(palettes.indexOf(random.fork("palette").pick(palettes)) + variant) % palettes.length] as Palette;
  const palette = input.kit ? kitPalette(input.kit, variant) : styled;
  const prompted = headlineFromPrompt(input.prompt);
  const headline = input.kit ? { ...prompted, text: applyKitCase(prompted.text, input.kit.headline.case, input.prompt) } : prompted;
  const layoutRandom = random.fork("layout");
  const shape = promptShape(input.prompt);
  const hasPersona = input.personaNames.length > 0;
  const picks = (input.art ?? pickArt(input.prompt, { max: 2 })).slice(0, 2);
  const faces = input.reactionFaces ?? reactionFaces(input.prompt);
  const composition = chooseComposition({ shape, objects: picks.length, persona: hasPersona, reactionFaces: faces.length > 0 }, random.fork("composition"), variant);
  const drawn: Layout = layoutFor(composition, {
    width,
    height,
    persona: hasPersona,
    objects: picks.length,
    ...(shape.split ? { split: shape.split.kind } : {}),
    random: random.fork(`layout:${composition}`),
  });
  const layout = input.kit ? kitLayout(drawn, input.kit.side, width) : drawn;
  const unit = Math.min(width, height);
  const subjects = layout.subjectArea ? placeSubjects(input.personaNames, layout.subjectArea, palette, layoutRandom, unit) : [];
  const look = input.kit ? kitLook(input.kit, palette, unit) : textLook(input.style, palette, unit, layoutRandom);
  const text: TextLayer = {
    text: headline.text,
    script: headline.script,
    face: look.face,
    box: layout.textBox,
    align: layout.align,
    rotation: look.rotation,
    fill: look.fill,
    highlight: look.highlight,
    highlightLine: layoutRandom.int(0, 2),
    stroke: look.stroke,
    shadow: look.shadow,
    ...("fixedFill" in look ? { fixedFill: true, fixedFace: true } : {}),
  };
  const decor = decorate(layout, { style: input.style, palette, width, height, shape, picks, faces, random: random.fork("decor") });
  const hero = decor.art?.find((a) => a.role === "object")?.box ?? subjects.at(-1)?.box ?? layout.textBox;
  // The arrow accent points at a persona from the headline; with art beside the persona that spot is taken.
  const pointedAt = decor.art ? [] : subjects;
  return {
    version: 1,
    engine: "studio",
    seed: input.seed >>> 0,
    style: input.style,
    aspect: input.aspect,
    width,
    height,
    palette,
    background: { ...backgroundFor(input.style, width, height, palette, random.fork("background"), hero), photo: input.hasBaseImage === true },
    subjects,
    text: [text],
    accents: accentsFor(input.style, width, height, palette, random.fork("accents"), pointedAt, layout.textBox),
    composition,
    ...(variant > 0 ? { variant } : {}),
    ...decor,
    ...(input.kit ? { kit: { side: input.kit.side, case: input.kit.headline.case } } : {}),
  };
}

/** What a style decides about a headline: face, tilt, colours, stroke and shadow. Draws from `random` for the tilt only. */
export function textLook(style: ImageStyle, palette: Palette, unit: number, random: Random): Pick<TextLayer, "face" | "rotation" | "fill" | "highlight" | "stroke" | "shadow"> {
  return {
    face: style === "vintage" ? "abril" : "anton",
    rotation: style === "cartoon" ? random.range(-5, -2) : style === "abstract" ? random.range(-2, 2) : 0,
    fill: palette.text,
    highlight: palette.highlight,
    stroke: { color: palette.ink, width: unit * (style === "vintage" ? 0.012 : 0.018) },
    shadow: { dx: unit * 0.008, dy: unit * 0.012, opacity: style === "cartoon" ? 0.9 : 0.6 },
  };
}

export function placeSubjects(names: readonly string[], area: Rect, palette: Palette, random: Random, unit: number): SubjectLayer[] {
  const count = names.length;
  return names.map((name, index) => {
    // The first persona is the hero: largest and in front; the others stand behind, to either side.
    const scale = index === 0 ? 1 : 0.78;
    const w = (area.w / Math.max(1, count * 0.75)) * scale;
    const h = area.h * scale;
    const offset = count === 1 ? 0 : (index === 0 ? 0 : index === 1 ? -1 : 1) * area.w * 0.28;
    const x = area.x + (area.w - w) / 2 + offset + random.range(-0.03, 0.03) * area.w;
    return {
      name,
      index,
      box: { x: Math.round(x), y: Math.round(area.y + area.h - h), w: Math.round(w), h: Math.round(h) },
      outline: { color: palette.outline, width: Math.round(unit * 0.018) },
      shadow: { dx: Math.round(unit * 0.012), dy: Math.round(unit * 0.018), blur: Math.round(unit * 0.02), opacity: 0.55 },
    };
  }).reverse();
}

export function backgroundFor(style: ImageStyle, width: number, height: number, palette: Palette, random: Random, hero: Rect): Omit<BackgroundLayer, "photo"> {
  const focus = { x: Math.round(hero.x + hero.w / 2), y: Math.round(hero.y + hero.h * 0.4) };
  const unit = Math.min(width, height);
  const shapes: Shape[] = [];
  const add = (kind: Shape["kind"], count: number, sizeRange: [number, number], opacity: [number, number]) => {
    for (let i = 0; i < count; i++) {
      shapes.push({
        kind,
        x: Math.round(random.range(-0.05, 1.05) * width),
        y: Math.round(random.range(-0.05, 1.05) * height),
        size: Math.round(random.range(sizeRange[0], sizeRange[1]) * unit),
        rotation: Math.round(random.range(0, 360)),
        color: random.pick(palette.accents),
        opacity: Number(random.range(opacity[0], opacity[1]).toFixed(2)),
      });
    }
  };
  if (style === "realistic") add("bokeh", random.int(14, 22), [0.03, 0.16], [0.12, 0.4]);
  if (style === "abstract") {
    add("blob", 4, [0.5, 0.9], [0.55, 0.85]);
    for (const kind of ["ring", "rect", "wave", "dots", "triangle"] as const) add(kind, random.int(1, 3), [0.08, 0.3], [0.35, 0.8]);
  }
  if (style === "cartoon") add("star", random.int(3, 6), [0.02, 0.05], [0.7, 1]);
  if (style === "vintage") add("star", random.int(2, 4), [0.015, 0.03], [0.5, 0.8]);
  return { style, focus, shapes };
}

export function accentsFor(style: ImageStyle, width: number, height: number, palette: Palette, random: Random, subjects: SubjectLayer[], textBox: Rect): Accent[] {
  const unit = Math.min(width, height);
  const hero = subjects[subjects.length - 1];
  const accents: Accent[] = [];
  if (hero && (style === "realistic" || style === "cartoon") && random.chance(0.75)) {
    // An arrow from the headline towards the persona, the way creators point at the subject.
    const toRight = hero.box.x > textBox.x;
    accents.push({
      kind: "arrow",
      x: Math.round(toRight ? hero.box.x - unit * 0.02 : hero.box.x + hero.box.w + unit * 0.02),
      y: Math.round(Math.min(height - unit * 0.2, textBox.y + textBox.h + unit * 0.02)),
      size: Math.round(unit * 0.2),
      rotation: toRight ? random.range(-30, -10) : random.range(190, 210),
      color: style === "realistic" ? "#ff2a2a" : palette.accents[0] ?? palette.highlight,
    });
  }
  if (style === "cartoon" || style === "abstract") {
    const count = random.int(2, 4);
    for (let i = 0; i < count; i++) {
      accents.push({
        kind: style === "cartoon" && i === 0 ? "burst" : "sparkle",
        x: Math.round(random.range(0.05, 0.95) * width),
        y: Math.round(random.range(0.05, 0.3) * height),
        size: Math.round(unit * random.range(0.04, 0.08)),
        rotation: Math.round(random.range(-20, 20)),
        color: random.pick(palette.accents),
      });
    }
  }
  return accents;
}
