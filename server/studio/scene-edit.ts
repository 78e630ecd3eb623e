import { applyKitCase, type KitCase } from "./scene-kit.ts";
import { ART_WORD_MAX_LENGTH, headlineFonts, headlinePositions, subjectPositions } from "../../contract/chat.ts";
import { shorterHeadline } from "../../contract/headline-hook.ts";
import { imageAspectIds, type ImageAspect, imageStyles, type ImageStyle } from "../../contract/images.ts";
import type { SceneChanges } from "../generation/engine.ts";
import { editArt } from "./art-edit.ts";
import { hexToRgb, mix, type Rgb, rgbToHex } from "./color.ts";
import { popScene } from "./pop-recipe.ts";
import { scriptOf, upperWord } from "./headline.ts";
import { type Palette, palettesFor } from "./palette.ts";
import { createRandom } from "./random.ts";
import { clamp, fitInFrame as fitBox, round1 } from "./frame.ts";
import { accentsFor, backgroundFor, marginOf, type Rect, type Scene, sideBySide, type TextLayer, textLook } from "./scene.ts";
import { recolourDecor } from "./scene-decor.ts";
import { relayScene } from "./relay-scene.ts";
import { outlineFor } from "./text-layer.ts";

type HeadlinePosition = (typeof headlinePositions)[number];
type SubjectPosition = (typeof subjectPositions)[number];
type HeadlineFont = (typeof headlineFonts)[number];

const MAX_HEADLINE_CHARS = 120;
const MIN_SCALE = 0.5;
const MAX_SCALE = 2;
/** How far repeated "bigger" or "smaller" may take a headline from its first fitted size. */
const MIN_TOTAL_SCALE = 0.25;
const MAX_TOTAL_SCALE = 4;

/** The renderer's decisions on a text layer: stale once the layer or what is behind it changes. */
const RENDERED_KEYS = ["lines", "size", "plate", "backdrop", "contrast"] as const;

interface CheckedChanges {
  headline?: string;
  headlineColor?: string;
  headlineScale?: number;
  headlinePosition?: HeadlinePosition;
  subjectPosition?: SubjectPosition;
  style?: ImageStyle;
  artAdd?: string;
  artRemove?: string;
  headlineSide?: SubjectPosition;
  backgroundColor?: string;
  boost?: true;
  aspect?: ImageAspect;
  headlineFont?: HeadlineFont;
  shorterHeadline?: true;
  headlineOutlineColor?: string;
}

/**
 * Edits of a stored scene, one layer at a time ("make the headline yellow", "move me to the left", "vintage
 * instead"): everything the change does not concern stays as it was, so the new render is recognisably the same
 * thumbnail. Changes come from a language model or the offline assistant, so each one is checked again here.
 */
export function editScene(scene: Scene, changes: SceneChanges): Scene {
  const checked = checkChanges(changes);
  let next = structuredClone(scene);
  // Another frame first: every other change of the same message is made in the frame the picture will have.
  if (checked.aspect !== undefined && checked.aspect !== next.aspect) next = relayScene(next, checked.aspect);
  // The style resets the headline's colours, so it goes before a colour asked for in the same breath; the subjects
  // move the text box sideways before the headline is placed and sized in it.
  if (checked.style !== undefined && checked.style !== next.style) next = restyle(next, checked.style);
  if (checked.subjectPosition !== undefined) next = moveSubjects(next, checked.subjectPosition);
  if (checked.backgroundColor !== undefined) next = recolourBackground(next, checked.backgroundColor);
  if (checked.headlineSide !== undefined) next = withHeadline(next, (layer) => sideHeadline(next, layer, checked.headlineSide ?? "center"));
  if (checked.headlinePosition !== undefined) next = withHeadline(next, (layer) => placeHeadline(next, layer, checked.headlinePosition ?? "center"));
  if (checked.headlineScale !== undefined) next = withHeadline(next, (layer) => scaleHeadline(next, layer, checked.headlineScale ?? 1));
  if (checked.headline !== undefined) next = withHeadline(next, (layer) => retitle(layer, checked.headline ?? layer.text, next.kit?.case));
  // Words the creator typed are the headline they want; "less text" shortens the one there is.
  else if (checked.shorterHeadline) next = withHeadline(next, (layer) => shorten(layer, next.kit?.case));
  if (checked.headlineFont !== undefined) next = withHeadline(next, (layer) => reface(layer, checked.headlineFont ?? "other"));
  if (checked.headlineColor !== undefined) next = withHeadline(next, (layer) => recolour(next, layer, checked.headlineColor ?? layer.fill));
  // After the fill, so an outline asked in the same breath is checked against the new letters.
  if (checked.headlineOutlineColor !== undefined) next = withHeadline(next, (layer) => reoutline(next, layer, checked.headlineOutlineColor ?? layer.stroke.color));
  if (checked.artAdd !== undefined || checked.artRemove !== undefined) next = editArt(next, checked);
  // Last, so the recipe works on the scene as the other changes left it.
  if (checked.boost) next = popScene(next, (scene, factor) => withHeadline(scene, (layer) => scaleHeadline(scene, layer, factor)));
  return next;
}

/** The scene with the renderer's decisions taken out of every text layer, so a render makes them afresh. */
export function withoutRenderedText(scene: Scene): Scene {
  return { ...scene, text: scene.text.map(unrendered) };
}

function checkChanges(changes: SceneChanges): CheckedChanges {
  const out: CheckedChanges = {};
  const raw = (typeof changes === "object" && changes !== null ? changes : {}) as Record<string, unknown>;
  if (typeof raw.headline === "string") {
    const text = [...raw.headline.replace(/\s+/gu, " ").trim()].slice(0, MAX_HEADLINE_CHARS).join("");
    if (text !== "") out.headline = text;
  }
  if (typeof raw.headlineColor === "string" && /^#[0-9a-f]{6}$/i.test(raw.headlineColor)) out.headlineColor = raw.headlineColor.toLowerCase();
  if (typeof raw.headlineScale === "number" && Number.isFinite(raw.headlineScale)) out.headlineScale = clamp(raw.headlineScale, MIN_SCALE, MAX_SCALE);
  const headlinePosition = headlinePositions.find((p) => p === raw.headlinePosition);
  if (headlinePosition) out.headlinePosition = headlinePosition;
  const subjectPosition = subjectPositions.find((p) => p === raw.subjectPosition);
  if (subjectPosition) out.subjectPosition = subjectPosition;
  const style = imageStyles.find((s) => s === raw.style);
  if (style) out.style = style;
  const headlineSide = subjectPositions.find((p) => p === raw.headlineSide);
  if (headlineSide) out.headlineSide = headlineSide;
  if (typeof raw.backgroundColor === "string" && /^#[0-9a-f]{6}$/i.test(raw.backgroundColor)) out.backgroundColor = raw.backgroundColor.toLowerCase();
  if (raw.boost === true) out.boost = true;
  const aspect = imageAspectIds.find((a) => a === raw.aspect);
  if (aspect) out.aspect = aspect;
  const headlineFont = headlineFonts.find((f) => f === raw.headlineFont);
  if (headlineFont) out.headlineFont = headlineFont;
  if (raw.shorterHeadline === true) out.shorterHeadline = true;
  if (typeof raw.headlineOutlineColor === "string" && /^#[0-9a-f]{6}$/i.test(raw.headlineOutlineColor)) out.headlineOutlineColor = raw.headlineOutlineColor.toLowerCase();
  const artAdd = artWord(raw.artAdd);
  if (artAdd !== undefined) out.artAdd = artAdd;
  const artRemove = artWord(raw.artRemove);
  if (artRemove !== undefined) out.artRemove = artRemove;
  return out;
}

/** A word naming a drawn object: one line of visible text, like the tool's schema asks. */
function artWord(value: unknown): string | undefined {
  if (typeof value !== "string" || /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(value)) return undefined;
  const word = value.trim();
  return word !== "" && [...word].length <= ART_WORD_MAX_LENGTH ? word : undefined;
}

/** Applies `change` to the headline (the first text layer); a scene without one is left as it is. */
function withHeadline(scene: Scene, change: (layer: TextLayer) => TextLayer): Scene {
  const [first, ...rest] = scene.text;
  return first ? { ...scene, text: [change(first), ...rest] } : scene;
}

function unrendered(layer: TextLayer): TextLayer {
  const copy = { ...layer };
  for (const key of RENDERED_KEYS) delete copy[key];
  return copy;
}

function retitle(layer: TextLayer, text: string, kitCase?: KitCase): TextLayer {
  const script = scriptOf(text);
  // Set in capitals like a headline taken from a prompt (or in a mixed-case kit's case, from the words as typed); the
  // renderer breaks and fits the lines again.
  const upper = text.split(" ").map(upperWord).join(" ");
  const cased = script === "latin" ? (kitCase === "mixed" ? applyKitCase(upper, "mixed", text) : upper) : text.replace(/\s+/gu, "");
  return { ...unrendered(layer), text: cased, script };
}

/** The headline shortened by meaning; one that is already as short as it gets stays, so the edit shows no change. */
function shorten(layer: TextLayer, kitCase?: KitCase): TextLayer {
  const shorter = shorterHeadline(layer.text);
  return shorter === undefined ? layer : retitle(layer, shorter, kitCase);
}

const FACES: Record<Exclude<HeadlineFont, "other">, TextLayer["face"]> = { bold: "anton", serif: "abril" };

/**
 * The headline in the face of the asked feel, "other" the face it does not have. The Latin face draws Latin letters
 * and figures only (fonts.ts), so a headline without any keeps its look and the edit shows no change.
 */
function reface(layer: TextLayer, font: HeadlineFont): TextLayer {
  const face = font === "other" ? (layer.face === "anton" ? "abril" : "anton") : FACES[font];
  if (face === layer.face || !/[\p{Script=Latin}0-9]/u.test(layer.text)) return layer;
  return { ...unrendered(layer), face, fixedFace: true };
}

function recolour(scene: Scene, layer: TextLayer, colour: string): TextLayer {
  const behind = backdropOf(scene, layer);
  const coloured = { ...unrendered(layer), fill: colour, highlight: colour, fixedFill: true };
  return { ...coloured, ...outlineFor(coloured, behind, unitOf(scene)) };
}

/** Least outline width an asked outline colour gets, as a share of the frame's short side, so the colour shows. */
const MIN_ASKED_OUTLINE = 0.012;

/**
 * The headline outlined in the asked colour. Legibility still rules: when the letters would not stand out from what
 * is behind them and the asked colour does not set them apart, the outline takes white or black instead, and the diff
 * says which colour it got.
 */
function reoutline(scene: Scene, layer: TextLayer, colour: string): TextLayer {
  const unit = unitOf(scene);
  const asked = { ...unrendered(layer), stroke: { color: colour, width: Math.max(layer.stroke.width, Math.round(unit * MIN_ASKED_OUTLINE * 10) / 10) } };
  return { ...asked, ...outlineFor(asked, backdropOf(scene, layer), unit) };
}

/**
 * What is behind the headline: the colour the last render measured while the box has not moved, else what the
 * style's background is mostly made of there. The render measures again and keeps the stronger outline if needed.
 */
function backdropOf(scene: Scene, layer: TextLayer): Rgb {
  if (layer.backdrop) return hexToRgb(layer.backdrop);
  const p = scene.palette;
  if (scene.background.photo) return [128, 128, 128];
  switch (scene.style) {
    case "realistic":
      return mix(hexToRgb(p.base), hexToRgb(p.mid), 0.5);
    case "cartoon":
      return mix(hexToRgb(p.mid), hexToRgb(p.light), 0.5);
    case "abstract":
      return mix(hexToRgb(p.base), hexToRgb(p.mid), 0.4);
    case "vintage":
      return mix(hexToRgb(p.light), hexToRgb(p.mid), 0.5);
  }
}

function placeHeadline(scene: Scene, layer: TextLayer, position: HeadlinePosition): TextLayer {
  const margin = marginOf(scene.width, scene.height);
  const { box } = layer;
  const y = position === "top" ? margin : position === "bottom" ? scene.height - margin - box.h : (scene.height - box.h) / 2;
  // A tall box moved to the top would still centre its lines; anchoring them to the same edge makes the move show.
  return { ...unrendered(layer), box: fitInFrame(scene, { ...box, y }), valign: position };
}

/** The headline across the frame: a wide box narrows to about half the frame so that a move to a side shows. */
function sideHeadline(scene: Scene, layer: TextLayer, side: SubjectPosition): TextLayer {
  const margin = marginOf(scene.width, scene.height);
  const usable = scene.width - 2 * margin;
  const w = side === "center" ? layer.box.w : Math.min(layer.box.w, usable * 0.55);
  const x = side === "left" ? margin : side === "right" ? scene.width - margin - w : (scene.width - w) / 2;
  return { ...unrendered(layer), box: fitInFrame(scene, { ...layer.box, x, w }), align: side === "center" ? "center" : "left" };
}

/**
 * A background of the asked colour: the style's gradient stops are taken from it (darker below, lighter at the key
 * light) so the style's look stays and the colour reads as the one asked for.
 */
function recolourBackground(scene: Scene, colour: string): Scene {
  const rgb = hexToRgb(colour);
  const palette = { ...scene.palette, mid: colour, base: rgbToHex(mix(rgb, [0, 0, 0], 0.3)), light: rgbToHex(mix(rgb, [255, 255, 255], 0.45)) };
  // What the renderer measured behind the text is stale now; the render measures again.
  return { ...scene, palette, background: { ...scene.background, fixedColor: true }, text: scene.text.map(unrendered) };
}

function scaleHeadline(scene: Scene, layer: TextLayer, factor: number): TextLayer {
  const scale = clamp((layer.scale ?? 1) * factor, MIN_TOTAL_SCALE, MAX_TOTAL_SCALE);
  const applied = scale / (layer.scale ?? 1);
  if (applied === 1) return layer;
  const { box } = layer;
  const w = box.w * applied;
  const h = box.h * applied;
  // The box grows from the edge its lines are anchored to, and from its middle otherwise.
  const y = layer.valign === "top" ? box.y : layer.valign === "bottom" ? box.y + box.h - h : box.y + (box.h - h) / 2;
  const x = box.x + (box.w - w) / 2;
  return { ...unrendered(layer), box: fitInFrame(scene, { x, y, w, h }), scale };
}

/** Keeps a box inside the frame's safe margin: shrunk to fit first, then moved in. */
function fitInFrame(scene: Scene, box: Rect): Rect {
  return fitBox(box, scene.width, scene.height, unitOf(scene) * 0.1);
}

function moveSubjects(scene: Scene, position: SubjectPosition): Scene {
  const hero = scene.subjects.at(-1);
  if (!hero) return scene;
  const { width, height } = scene;
  const landscape = width > height;
  const targetX = landscape
    ? position === "center"
      ? width / 2
      : centreX(sideBySide(width, height, position === "right").subjectArea)
    : width * (position === "left" ? 0.3 : position === "right" ? 0.7 : 0.5);
  const dx = Math.round(targetX - centreX(hero.box));
  const subjects = scene.subjects.map((s) => ({ ...s, box: { ...s.box, x: s.box.x + dx } }));
  const moved: Scene = {
    ...scene,
    subjects,
    // The key light and the rays follow the persona they were centred on.
    background: { ...scene.background, focus: { ...scene.background.focus, x: Math.round(clamp(scene.background.focus.x + dx, 0, width)) } },
  };
  const next = landscape ? withHeadline(moved, (layer) => mirrorHeadline(moved, layer, position)) : moved;
  // The art, badge and pointers stood on the persona's side of the headline; when the two swap sides, so do they.
  const swapped = landscape && position !== "center" && centreX(hero.box) > width / 2 !== (position === "right");
  return { ...(swapped ? mirrorDecor(next) : next), accents: aimArrows(next, scene) };
}

/** The composition's own layers mirrored across the frame's vertical centre line. */
function mirrorDecor(scene: Scene): Scene {
  const { width } = scene;
  const flipX = (r: Rect): Rect => ({ ...r, x: round1(width - r.x - r.w) });
  const out: Scene = { ...scene };
  if (scene.art) out.art = scene.art.map((a) => ({ ...a, box: flipX(a.box), rotation: -a.rotation }));
  if (scene.badge) out.badge = { ...scene.badge, x: round1(width - scene.badge.x), rotation: -scene.badge.rotation };
  if (scene.pointers) {
    out.pointers = scene.pointers.map((p) =>
      p.kind === "ring" ? { ...p, rect: flipX(p.rect) } : { ...p, from: { ...p.from, x: round1(width - p.from.x) }, to: { ...p.to, x: round1(width - p.to.x) } },
    );
  }
  if (scene.split) {
    const { labels, ...split } = scene.split;
    out.split = { ...split, at: split.axis === "x" ? round1(width - split.at) : split.at, ...(labels ? { labels: labels.map((l) => ({ ...l, box: flipX(l.box) })) } : {}) };
  }
  return out;
}

/** In a landscape frame the headline takes the side the personas left: mirrored, or a band above a centred persona. */
function mirrorHeadline(scene: Scene, layer: TextLayer, position: SubjectPosition): TextLayer {
  const { width, height } = scene;
  const { box } = layer;
  const wide = box.w > width * 0.7;
  if (position === "center") {
    if (wide) return layer;
    const margin = marginOf(width, height);
    return { ...unrendered(layer), box: { x: margin, y: round1(height * 0.05), w: width - 2 * margin, h: round1(height * 0.3) }, align: "center" };
  }
  if (wide) return { ...unrendered(layer), box: sideBySide(width, height, position === "right").textBox, align: "left" };
  const textOnRight = centreX(box) > width / 2;
  if (textOnRight !== (position === "right")) return layer;
  return { ...unrendered(layer), box: { ...box, x: round1(width - box.x - box.w) } };
}

/** Arrows point from the headline to the hero persona (as the scene builder aims them), so they follow a move. */
function aimArrows(scene: Scene, before: Scene): Scene["accents"] {
  const hero = scene.subjects.at(-1);
  const text = scene.text[0];
  if (!hero || !text) return scene.accents;
  const wasRight = (before.subjects.at(-1)?.box.x ?? 0) > (before.text[0]?.box.x ?? 0);
  const toRight = hero.box.x > text.box.x;
  const unit = unitOf(scene);
  return scene.accents.map((a) =>
    a.kind !== "arrow"
      ? a
      : {
          ...a,
          x: Math.round(toRight ? hero.box.x - unit * 0.02 : hero.box.x + hero.box.w + unit * 0.02),
          y: Math.round(Math.min(scene.height - unit * 0.2, text.box.y + text.box.h + unit * 0.02)),
          rotation: toRight === wasRight ? a.rotation : 180 - a.rotation,
        },
  );
}

/**
 * Another style on the same layout: palette, background and accents are drawn again for the new style from the
 * scene's seed (so the same image restyled twice comes out the same), the headline keeps its words and box and takes
 * the style's face and colours, unless the user chose a face or a fill, which stay.
 */
function restyle(scene: Scene, style: ImageStyle): Scene {
  const random = createRandom(scene.seed).fork(`restyle:${style}`);
  const palette: Palette = random.fork("palette").pick(palettesFor(style));
  const { width, height } = scene;
  const unit = unitOf(scene);
  const subjects = scene.subjects.map((s) => ({ ...s, outline: { ...s.outline, color: palette.outline } }));
  const firstText = scene.text[0];
  const hero = subjects.at(-1)?.box ?? firstText?.box ?? { x: 0, y: 0, w: width, h: height };
  const look = textLook(style, palette, unit, random.fork("layout"));
  const restyled: Scene = {
    ...scene,
    ...recolourDecor(scene, style, palette),
    style,
    palette,
    background: { ...backgroundFor(style, width, height, palette, random.fork("background"), hero), photo: scene.background.photo },
    subjects,
    // As the scene builder does: the arrow accent points at a persona only when no art stands beside them.
    accents: firstText ? accentsFor(style, width, height, palette, random.fork("accents"), scene.art ? [] : subjects, firstText.box) : [],
  };
  return withHeadline(restyled, (layer) => {
    // A face the user chose stays, like a fill they chose.
    const styled = { ...unrendered(layer), ...look, ...(layer.fixedFace ? { face: layer.face } : {}) };
    if (!layer.fixedFill) return styled;
    const kept = { ...styled, fill: layer.fill, highlight: layer.highlight };
    return { ...kept, ...outlineFor(kept, backdropOf(restyled, kept), unit) };
  });
}

function unitOf(scene: Scene): number {
  return Math.min(scene.width, scene.height);
}

function centreX(rect: Rect): number {
  return rect.x + rect.w / 2;
}
