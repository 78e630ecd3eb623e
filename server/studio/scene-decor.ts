import type { ImageStyle } from "../../contract/images.ts";
import { contrastRatio, hexToRgb } from "./color.ts";
import type { Layout, Slot } from "./composition-layouts.ts";
import type { Palette } from "./palette.ts";
import type { PromptShape } from "./prompt-shape.ts";
import type { Random } from "./random.ts";
import type { ArtChoice, ArtLayer, BadgeLayer, PointerLayer, SplitLayer } from "./scene-layers.ts";

/**
 * Fills a composition's slots: the prompt's art in the object slots (the first pick in the first slot; a split with one
 * pick shows it on both sides), a reaction face the seed picks, the badge's figure, the pointer aimed at the main
 * object, the split's divider and words. Keys are left out when the composition has no such part.
 */
export interface Decor {
  art?: ArtLayer[];
  badge?: BadgeLayer;
  pointers?: PointerLayer[];
  split?: SplitLayer;
}

export interface DecorInput {
  style: ImageStyle;
  palette: Palette;
  width: number;
  height: number;
  shape: PromptShape;
  picks: readonly ArtChoice[];
  faces: readonly ArtChoice[];
  random: Random;
}

export function decorate(layout: Layout, input: DecorInput): Decor {
  const { palette, shape, picks } = input;
  const unit = Math.min(input.width, input.height);
  const decor: Decor = {};
  const art: ArtLayer[] = [];
  layout.objects.forEach((slot, i) => {
    const pick = picks[i] ?? picks[0];
    if (pick) art.push(artLayer(pick, slot, "object"));
  });
  if (layout.reaction && input.faces.length > 0) art.push(artLayer(input.random.pick(input.faces), layout.reaction, "reaction"));
  if (art.length > 0) decor.art = art;

  if (layout.badge) {
    const text = shape.figure && !layout.divider ? shape.figure : "VS";
    decor.badge = { text, ...layout.badge, rotation: Math.round(input.random.range(-12, 12)), ...badgeColours(badgeFill(input), palette) };
  }
  const main = art.find((a) => a.role === "object");
  if (layout.pointer && main) {
    const color = pointerColour(input.style, palette);
    const width = Math.round(unit * 0.018);
    const { box } = main;
    const pad = box.w * 0.07;
    const ring = { x: Math.round(box.x - pad), y: Math.round(box.y - pad), w: Math.round(box.w + 2 * pad), h: Math.round(box.h + 2 * pad) };
    const { from } = layout.pointer;
    // Aimed at the edge of the ring nearest the start, so the head stops short of the object.
    const cx = ring.x + ring.w / 2;
    const cy = ring.y + ring.h / 2;
    const angle = Math.atan2(from.y - cy, from.x - cx);
    const to = { x: Math.round(cx + Math.cos(angle) * ring.w * 0.56), y: Math.round(cy + Math.sin(angle) * ring.h * 0.56) };
    decor.pointers = [
      { kind: "ring", rect: ring, width, color },
      { kind: "arrow", from, to, width: Math.round(unit * 0.03), color },
    ];
  }
  if (layout.divider) {
    const split: SplitLayer = { kind: shape.split?.kind ?? "versus", axis: layout.divider.axis, at: layout.divider.at, color: palette.ink };
    if (layout.labels && shape.split) split.labels = layout.labels.map((box, i) => ({ text: shape.split?.labels[i] ?? "", box }));
    decor.split = split;
  }
  return decor;
}

/** The same marks in another style's colours, for a restyle: the layout and words stay. */
export function recolourDecor(decor: Decor, style: ImageStyle, palette: Palette): Decor {
  const out: Decor = { ...decor };
  if (decor.badge) out.badge = { ...decor.badge, ...badgeColours(palette.highlight, palette) };
  if (decor.pointers) out.pointers = decor.pointers.map((p) => ({ ...p, color: pointerColour(style, palette) }));
  if (decor.split) out.split = { ...decor.split, color: palette.ink };
  return out;
}

function badgeColours(fill: string, palette: Palette): Pick<BadgeLayer, "fill" | "color" | "ink"> {
  const color = contrastRatio(hexToRgb(palette.ink), hexToRgb(fill)) >= contrastRatio([255, 255, 255], hexToRgb(fill)) ? palette.ink : "#ffffff";
  return { fill, color, ink: palette.ink };
}

function artLayer(pick: ArtChoice, slot: Slot, role: ArtLayer["role"]): ArtLayer {
  return {
    id: pick.id,
    name: pick.name,
    word: pick.word,
    box: slot.box,
    rotation: slot.rotation,
    role,
    ...(slot.flip ? { flip: true } : {}),
    ...(slot.muted ? { muted: true } : {}),
  };
}

/** Stickers stand out in the style's loudest colour: the highlight, which the palettes keep light. */
function badgeFill(input: DecorInput): string {
  return input.style === "vintage" ? input.palette.highlight : input.random.pick([input.palette.highlight, input.palette.accents[0] ?? input.palette.highlight]);
}

function pointerColour(style: ImageStyle, palette: Palette): string {
  switch (style) {
    case "realistic":
    case "cartoon":
      return "#ff2a2a";
    case "abstract":
      return palette.highlight;
    case "vintage":
      return palette.accents[1] ?? palette.ink;
  }
}
