import { imageAspects, type ImageAspect } from "../../contract/images.ts";
import { reactionFaces } from "./art/pick-art.ts";
import { layoutFor, type Layout, mirrorLayout } from "./composition-layouts.ts";
import { kitLayout } from "./scene-kit.ts";
import { type CompositionId, fittingCompositions } from "./compositions.ts";
import { fitInFrame, type Rect } from "./frame.ts";
import { type Palette, palettesFor } from "./palette.ts";
import type { PromptShape } from "./prompt-shape.ts";
import { createRandom, type Random } from "./random.ts";
import { accentsFor, type ArtLayer, backgroundFor, placeSubjects, type Scene, type TextLayer } from "./scene.ts";
import { decorate, recolourDecor } from "./scene-decor.ts";

/**
 * The same scene laid out again (docs/product/studio-engine.md, Re-lay and variants): for another frame ("square for
 * Instagram", "for Shorts"), or as another variant of itself ("three versions"). What the user made of the scene stays:
 * the seed, style, palette and background colour, the headline's words, colours, size and anchor, the personas and
 * the drawn objects with their words. What only follows from the frame is placed again by the scene's composition,
 * so every part lands inside the new frame, and the hero keeps its side of the picture where the frame has sides.
 */
export function relayScene(scene: Scene, aspect: ImageAspect): Scene {
  if (aspect === scene.aspect) return scene;
  const random = createRandom(scene.seed).fork(`relay:${aspect}`);
  const composition = scene.composition ?? (scene.subjects.length > 0 || objectArt(scene).length > 0 ? "side" : "hero");
  return layOut(scene, { aspect, composition, palette: scene.palette, random, keepSide: true });
}

/**
 * Variant `n` (1, 2, 3…) of a scene: the next composition that fits what the scene holds, and the style's next palette
 * unless the user chose the background's colour; the headline keeps a colour the user chose. The same scene and
 * number always give the same variant.
 */
export function varyScene(scene: Scene, n: number): Scene {
  const random = createRandom(scene.seed).fork(`vary:${scene.composition ?? "none"}:${n}`);
  const shape = shapeOf(scene);
  const candidates = fittingCompositions(
    { shape, objects: objectArt(scene).length, persona: scene.subjects.length > 0, reactionFaces: reactionFaces().length > 0 },
    createRandom(scene.seed).fork("vary:compositions"),
  );
  const from = scene.composition ? candidates.indexOf(scene.composition) : -1;
  const composition = candidates[(from + n) % candidates.length] ?? "hero";
  const palettes = palettesFor(scene.style);
  const at = palettes.findIndex((p) => p.base === scene.palette.base && p.text === scene.palette.text);
  // A scene in the creator's style kit keeps the kit's colours: a variant differs in layout only.
  const palette = scene.background.fixedColor || scene.kit ? scene.palette : (palettes[(Math.max(0, at) + n) % palettes.length] ?? scene.palette);
  return layOut(scene, { aspect: scene.aspect, composition, palette, random, keepSide: false });
}

interface LayOutOptions {
  aspect: ImageAspect;
  composition: CompositionId;
  palette: Palette;
  random: Random;
  /** Mirror the new layout when the hero would change sides (a re-lay); a variant may take either side. */
  keepSide: boolean;
}

function layOut(scene: Scene, options: LayOutOptions): Scene {
  const { width, height } = imageAspects[options.aspect];
  const { palette, random } = options;
  const unit = Math.min(width, height);
  const objects = objectArt(scene);
  const reaction = scene.art?.find((a) => a.role === "reaction");
  const shape = shapeOf(scene);
  const persona = scene.subjects.length > 0;
  const drawn = layoutFor(options.composition, {
    width,
    height,
    persona,
    objects: Math.min(2, objects.length),
    ...(shape.split ? { split: shape.split.kind } : {}),
    random: random.fork("layout"),
  });
  const sided = options.keepSide && sideOf(heroOfScene(scene), scene.width) !== sideOf(heroOfLayout(drawn), width) ? mirrorLayout(drawn, width) : drawn;
  // The kit's side for the headline holds in every layout of a scene made in it.
  const layout = scene.kit ? kitLayout(sided, scene.kit.side, width) : sided;

  const names = [...scene.subjects].sort((a, b) => a.index - b.index).map((s) => s.name);
  const subjects = layout.subjectArea ? placeSubjects(names, layout.subjectArea, palette, random.fork("subjects"), unit) : [];
  const paletteChanged = palette !== scene.palette;
  const decor = decorate(layout, {
    style: scene.style,
    palette,
    width,
    height,
    shape,
    picks: objects,
    faces: reaction ? [reaction] : reactionFaces(),
    random: random.fork("decor"),
  });
  const kept = keptDecor(scene, decor);
  const art = [...(kept.art ?? []), ...objects.slice(layout.objects.length).map((a) => proportional(a, scene, width, height))];
  const text = scene.text.map((layer, i) => (i === 0 ? headlineIn(layer, layout, scene, { width, height, palette: paletteChanged ? palette : undefined }) : layer));
  const heroBox = art.find((a) => a.role === "object")?.box ?? subjects.at(-1)?.box ?? layout.textBox;
  const next: Scene = {
    ...scene,
    aspect: options.aspect,
    width,
    height,
    palette,
    composition: options.composition,
    background: { ...backgroundFor(scene.style, width, height, palette, random.fork("background"), heroBox), photo: scene.background.photo, ...(scene.background.fixedColor ? { fixedColor: true } : {}) },
    subjects,
    text,
    accents: accentsFor(scene.style, width, height, palette, random.fork("accents"), art.length > 0 ? [] : subjects, layout.textBox),
  };
  delete next.art;
  delete next.badge;
  delete next.pointers;
  delete next.split;
  const decorated: Scene = { ...next, ...kept, ...(art.length > 0 ? { art } : {}) };
  return paletteChanged ? { ...decorated, ...recolourDecor(decorated, scene.style, palette) } : decorated;
}

/** The drawn objects (not reaction faces), in the order the scene holds them: the main one first. */
function objectArt(scene: Scene): ArtLayer[] {
  return (scene.art ?? []).filter((a) => a.role === "object");
}

/** What the prompt's shape was, as far as the scene shows it: its split and its words, its badge's figure. */
function shapeOf(scene: Scene): PromptShape {
  const shape: PromptShape = { reaction: scene.art?.some((a) => a.role === "reaction") ?? false, pointer: (scene.pointers?.length ?? 0) > 0 };
  if (scene.split) {
    const labels = scene.split.labels?.map((l) => l.text) ?? [];
    shape.split = { kind: scene.split.kind, labels: [labels[0] ?? "", labels[1] ?? ""] };
  }
  if (scene.badge && scene.badge.text !== "VS") shape.figure = scene.badge.text;
  return shape;
}

/** The new layout's decor with the scene's own look kept: the badge's figure, tilt and colours, the split's words. */
function keptDecor(scene: Scene, decor: ReturnType<typeof decorate>): ReturnType<typeof decorate> {
  const out = { ...decor };
  if (out.badge && scene.badge) {
    const { text, rotation, fill, color, ink } = scene.badge;
    out.badge = { ...out.badge, text, rotation, fill, color, ink };
  }
  if (out.split && scene.split) out.split = { ...out.split, color: scene.split.color };
  return out;
}

/** The headline in the new layout's box, grown by the size the user gave it, inside the frame. */
function headlineIn(layer: TextLayer, layout: Layout, before: Scene, frame: { width: number; height: number; palette: Palette | undefined }): TextLayer {
  const { width, height, palette } = frame;
  const unit = Math.min(width, height);
  const ratio = unit / Math.min(before.width, before.height);
  const scale = layer.scale ?? 1;
  const { textBox } = layout;
  const grown = { x: textBox.x + (textBox.w - textBox.w * scale) / 2, y: textBox.y + (textBox.h - textBox.h * scale) / 2, w: textBox.w * scale, h: textBox.h * scale };
  const { lines: _lines, size: _size, plate: _plate, backdrop: _backdrop, contrast: _contrast, ...rest } = layer;
  const recoloured = palette && !layer.fixedFill ? { fill: palette.text, highlight: palette.highlight } : {};
  return {
    ...rest,
    ...recoloured,
    box: fitInFrame(grown, width, height, unit * 0.1),
    align: layout.align,
    stroke: { color: palette && !layer.fixedFill ? palette.ink : layer.stroke.color, width: round2(layer.stroke.width * ratio) },
    shadow: { dx: round2(layer.shadow.dx * ratio), dy: round2(layer.shadow.dy * ratio), opacity: layer.shadow.opacity },
  };
}

/** An object beyond the layout's slots, at the same place relative to the frame, inside the new one. */
function proportional(art: ArtLayer, before: Scene, width: number, height: number): ArtLayer {
  const unit = Math.min(width, height);
  const size = Math.min(art.box.w * (unit / Math.min(before.width, before.height)), unit * 0.45);
  const cx = ((art.box.x + art.box.w / 2) / before.width) * width;
  const cy = ((art.box.y + art.box.h / 2) / before.height) * height;
  return { ...art, box: fitInFrame({ x: cx - size / 2, y: cy - size / 2, w: size, h: size }, width, height, 8) };
}

type Side = "left" | "center" | "right";

function sideOf(box: Rect | undefined, width: number): Side {
  if (!box) return "center";
  const centre = (box.x + box.w / 2) / width;
  return centre < 0.42 ? "left" : centre > 0.58 ? "right" : "center";
}

/** What the eye goes to first: the hero persona, else the main drawn object. */
function heroOfScene(scene: Scene): Rect | undefined {
  return scene.subjects.at(-1)?.box ?? objectArt(scene)[0]?.box;
}

function heroOfLayout(layout: Layout): Rect | undefined {
  return layout.subjectArea ?? layout.objects[0]?.box;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
