import { imageAspects, type ImageAspect, type ImageStyle } from "../../contract/images.ts";
import { headlineFromPrompt, type Script } from "./headline.ts";
import { type Palette, palettesFor } from "./palette.ts";
import { createRandom, hashString, type Random } from "./random.ts";

/**
 * The layered scene, as plain JSON: background, subject layers, text layers, accents. Everything random is drawn
 * here from the seed, so rendering is a pure function of this object.
 */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface BackgroundLayer {
  style: ImageStyle;
  /** Where the light, rays or mesh centre is, in pixels. */
  focus: { x: number; y: number };
  shapes: Shape[];
  /** The base image is the backdrop (style-treated); the drawn light and shapes are kept only where they help. */
  photo: boolean;
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
}

export interface SceneInput {
  prompt: string;
  style: ImageStyle;
  aspect: ImageAspect;
  personaNames: readonly string[];
  seed: number;
  hasBaseImage?: boolean;
}

/** The frame's safe margin, in pixels. */
export function marginOf(width: number, height: number): number {
  return Math.round(Math.min(width, height) * 0.055);
}

/** The landscape layout with personas: headline on one side, personas on the other. */
export function sideBySide(width: number, height: number, personaRight: boolean): { textBox: Rect; subjectArea: Rect } {
  const margin = marginOf(width, height);
  const split = width * 0.54;
  const textW = split - margin * 1.5;
  const textX = personaRight ? margin : width - margin - textW;
  const subjectW = width - split + margin;
  return {
    // Leave the bottom-right corner free on 16:9, where YouTube draws the duration.
    textBox: { x: textX, y: height * 0.1, w: textW, h: height * 0.7 },
    subjectArea: { x: personaRight ? width - subjectW : 0, y: height * 0.08, w: subjectW, h: height * 0.92 },
  };
}

export function buildScene(input: SceneInput): Scene {
  const { width, height } = imageAspects[input.aspect];
  const random = createRandom(input.seed ^ hashString(`${input.style}|${input.aspect}|${input.prompt}`));
  const palette = random.fork("palette").pick(palettesFor(input.style));
  const headline = headlineFromPrompt(input.prompt);
  const layout = random.fork("layout");
  const margin = marginOf(width, height);
  const portrait = height > width;
  // Square and vertical frames stack headline over persona; a side-by-side split leaves both too narrow there.
  const stacked = height >= width;
  const hasPersona = input.personaNames.length > 0;
  const personaRight = layout.chance(0.5);

  let textBox: Rect;
  let subjectArea: Rect | undefined;
  if (!hasPersona) {
    const w = width - 2 * margin;
    textBox = portrait
      ? { x: margin, y: height * 0.22, w, h: height * 0.42 }
      : { x: margin + w * 0.04, y: height * 0.16, w: w * 0.92, h: height * 0.62 };
  } else if (stacked) {
    const top = portrait ? 0.07 : 0.05;
    const tall = portrait ? 0.3 : 0.34;
    textBox = { x: margin, y: height * top, w: width - 2 * margin, h: height * tall };
    subjectArea = { x: 0, y: height * (top + tall), w: width, h: height * (1 - top - tall) };
  } else {
    ({ textBox, subjectArea } = sideBySide(width, height, personaRight));
  }

  const subjects = subjectArea ? placeSubjects(input.personaNames, subjectArea, palette, layout, Math.min(width, height)) : [];
  const unit = Math.min(width, height);
  const look = textLook(input.style, palette, unit, layout);
  const text: TextLayer = {
    text: headline.text,
    script: headline.script,
    face: look.face,
    box: textBox,
    align: hasPersona && !stacked ? "left" : "center",
    rotation: look.rotation,
    fill: look.fill,
    highlight: look.highlight,
    highlightLine: layout.int(0, 2),
    stroke: look.stroke,
    shadow: look.shadow,
  };

  return {
    version: 1,
    engine: "studio",
    seed: input.seed >>> 0,
    style: input.style,
    aspect: input.aspect,
    width,
    height,
    palette,
    background: { ...backgroundFor(input.style, width, height, palette, random.fork("background"), subjects.at(-1)?.box ?? textBox), photo: input.hasBaseImage === true },
    subjects,
    text: [text],
    accents: accentsFor(input.style, width, height, palette, random.fork("accents"), subjects, textBox),
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

function placeSubjects(names: readonly string[], area: Rect, palette: Palette, random: Random, unit: number): SubjectLayer[] {
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
