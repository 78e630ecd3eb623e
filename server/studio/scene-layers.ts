import type { Rect } from "./frame.ts";

// The layers a composition adds to a scene: art from the bundled set, a badge, pointers and a split.

/** An object from the art set, and why it is there: the prompt word that chose it (docs/product/studio-engine.md). */
export interface ArtChoice {
  id: string;
  name: string;
  word: string;
}

export interface ArtLayer extends ArtChoice {
  /** The square the art is fitted into; it is turned by `rotation` degrees about its centre. */
  box: Rect;
  rotation: number;
  role: "object" | "reaction";
  /** Mirrored, so the left side of a split faces the right one. */
  flip?: boolean;
  /** Drawn without colour: the "before" side of a before/after split. */
  muted?: boolean;
}

/** A round sticker with a figure ("$500", "30 DAYS") or the "VS" of a split; `x`, `y` is its centre. */
export interface BadgeLayer {
  text: string;
  x: number;
  y: number;
  r: number;
  rotation: number;
  fill: string;
  color: string;
  ink: string;
}

/** What points at the main object: an arrow from `from` to `to`, or a hand-drawn ring around `rect`. */
export type PointerLayer =
  | { kind: "arrow"; from: { x: number; y: number }; to: { x: number; y: number }; width: number; color: string }
  | { kind: "ring"; rect: Rect; width: number; color: string };

/** The two halves of a comparison: the divider, and for before/after the two words in their boxes. */
export interface SplitLayer {
  kind: "versus" | "before-after";
  axis: "x" | "y";
  at: number;
  color: string;
  labels?: { text: string; box: Rect }[];
}

