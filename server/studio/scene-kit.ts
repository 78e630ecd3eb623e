import { scriptOf, upperWord } from "../../contract/headline-hook.ts";
import type { KitSide, StyleKit } from "../../contract/style-kits.ts";
import { type Layout, mirrorLayout } from "./composition-layouts.ts";
import { mixHex } from "./color.ts";
import type { Palette } from "./palette.ts";

/** The headline's look in a kit, as the text layer (scene.ts `TextLayer`) takes it. */
export interface KitLook {
  face: "anton" | "abril";
  rotation: number;
  fill: string;
  highlight: string;
  stroke: { color: string; width: number };
  shadow: { dx: number; dy: number; opacity: number };
  fixedFill: true;
  fixedFace: true;
}

/**
 * What a scene keeps of the style kit it was made in (docs/product/style-kits.md): its colours and headline look are
 * in the palette and the text layer already; the side is kept here so a variant or a re-lay puts the headline there again.
 */
export interface SceneKit {
  side: KitSide;
  /** The kit's headline case, so a new headline typed in an edit is set as the kit sets them (absent in older scenes: capitals). */
  case?: KitCase;
}

export type KitCase = StyleKit["headline"]["case"];

/**
 * The kit's colours as a Studio palette: the backdrop in shades of its most used colour (the styles draw their fills,
 * gradients and rays from base, mid and light, which are shades of one hue in the built-in palettes too), its other
 * clusters as accents, and the headline's fill, highlight and outline as it learned them. A pack's variants turn the
 * accents, so the three still differ a little.
 */
export function kitPalette(kit: StyleKit, variant = 0): Palette {
  const swatches = kit.palette.map((s) => s.color);
  const mid = swatches[0] ?? "#000000";
  const base = mixHex(mid, "#000000", 0.35);
  const light = mixHex(mid, "#ffffff", 0.35);
  const rest = swatches.slice(1);
  const accents = rest.length > 0 ? rest.map((_, i) => rest[(i + variant) % rest.length] as string) : [kit.highlight ?? kit.text];
  const darkest = [...swatches].sort((a, b) => lightness(a) - lightness(b))[0] ?? "#000000";
  return { base, mid, light, accents, text: kit.text, highlight: kit.highlight ?? kit.text, ink: kit.outline ?? darkest, outline: kit.text };
}

/**
 * The headline as the kit has it: its face, straight, its fill and highlight kept whatever is behind them (the
 * outline and shadow carry the contrast, as in the creator's own thumbnails), the outline and shadow only when learned.
 */
export function kitLook(kit: StyleKit, palette: Palette, unit: number): KitLook {
  const heavy = kit.headline.weight === "heavy";
  return {
    face: kit.font,
    rotation: 0,
    fill: kit.text,
    highlight: kit.highlight ?? kit.text,
    stroke: { color: palette.ink, width: kit.headline.outline ? unit * (heavy ? 0.02 : 0.014) : 0 },
    shadow: kit.headline.shadow ? { dx: unit * 0.008, dy: unit * 0.012, opacity: 0.75 } : { dx: 0, dy: 0, opacity: 0 },
    fixedFill: true,
    fixedFace: true,
  };
}

/** The layout with its headline on the kit's side: mirrored when the composition put it on the other. */
export function kitLayout(layout: Layout, side: KitSide, width: number): Layout {
  if (side === "center") return layout;
  const box = layout.textBox;
  const centre = box.x + box.w / 2;
  // A headline across the frame (a band over the hero) keeps its band but takes the kit's side of it.
  if (Math.abs(centre - width / 2) < width * 0.1) {
    const w = Math.round(box.w * 0.6);
    return { ...layout, textBox: { ...box, x: side === "left" ? box.x : box.x + box.w - w, w }, align: "left" };
  }
  const onLeft = centre < width / 2;
  return (side === "left") === onLeft ? layout : mirrorLayout(layout, width);
}

/**
 * The headline in the kit's case. Headlines come set in capitals (headline.ts); for a mixed-case kit each word is
 * found again in what the creator wrote (`source`, the prompt or the words typed), so "iPhone", "GTA" and "VI" keep
 * their own capitals and other words are capitalised. Capitals go through upperWord, which keeps brands as written.
 */
export function applyKitCase(text: string, kitCase: KitCase, source = text): string {
  if (scriptOf(text) === "cjk") return text;
  if (kitCase === "upper") return text.split(" ").map(upperWord).join(" ");
  const written = new Map<string, string>();
  for (const word of source.split(/\s+/u)) {
    const core = bare(word);
    if (core && !written.has(core.toLocaleUpperCase("en"))) written.set(core.toLocaleUpperCase("en"), core);
  }
  return text
    .split(" ")
    .map((word) => {
      const core = bare(word);
      if (!core) return word;
      const original = written.get(core.toLocaleUpperCase("en")) ?? core.toLocaleLowerCase("en");
      const branded = upperWord(original);
      // A brand, or a word the creator wrote with capitals past its first letter (an acronym, a numeral): as written.
      const kept = branded !== original.toLocaleUpperCase("en") ? branded : /^.+\p{Lu}/u.test(original) ? original : capitalised(original);
      return word.replace(core, kept);
    })
    .join(" ");
}

/** A word without the quotes and punctuation around it. */
function bare(word: string): string {
  return word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

function capitalised(word: string): string {
  const [first = "", ...rest] = [...word];
  return first.toLocaleUpperCase("en") + rest.join("").toLocaleLowerCase("en");
}

function lightness(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255);
}
