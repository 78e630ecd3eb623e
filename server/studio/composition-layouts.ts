import type { CompositionId } from "./compositions.ts";
import type { Random } from "./random.ts";
import { marginOf, type Rect, sideBySide } from "./frame.ts";

/**
 * Where each part of a composition goes, per frame: the headline's box, the persona's area, the art slots, the badge,
 * the pointer's ends and the split's divider. Art is square and at least a third of the frame's height (a reaction
 * face a quarter); nothing here overlaps the headline's box or the top of a persona's area, where the face is. A tall
 * frame is filled to the bottom: the art or the persona reaches past four fifths of its height.
 */
export interface Slot {
  box: Rect;
  rotation: number;
  /** Drawn the other way round (the left side of a split faces the right one). */
  flip?: boolean;
  /** Drawn without colour: the "before" side of a before/after split. */
  muted?: boolean;
}

export interface Layout {
  textBox: Rect;
  align: "left" | "center";
  /** Where the persona stands (bottom-anchored), when there is one. */
  subjectArea?: Rect;
  /** Art objects, the main one first. */
  objects: Slot[];
  reaction?: Slot;
  badge?: { x: number; y: number; r: number };
  /** An arrow from a free spot to the main object; the ring goes around that object. */
  pointer?: { from: { x: number; y: number } };
  divider?: { axis: "x" | "y"; at: number };
  /** Where a before/after split writes its two words. */
  labels?: [Rect, Rect];
}

export interface LayoutInput {
  width: number;
  height: number;
  persona: boolean;
  /** Art objects to place (0–2 are placed; a third pick is left to the scene's record). */
  objects: number;
  split?: "versus" | "before-after";
  random: Random;
}

/** The share of the frame's height an art object takes at least, and a reaction face. */
export const MIN_OBJECT_SHARE = 1 / 3;
export const MIN_REACTION_SHARE = 1 / 4;

export function layoutFor(id: CompositionId, input: LayoutInput): Layout {
  const { width: W, height: H, random } = input;
  const frame = W > H ? "wide" : W === H ? "square" : "tall";
  // The object's side: the seed decides, so another seed mirrors the picture.
  const right = random.chance(0.5);
  const tilt = (max: number) => Math.round(random.range(-max, max) * 10) / 10;
  const g = geometry(W, H);
  if (input.persona) return withPersona(id, frame, g, right, tilt, input);
  if (input.objects === 0) return textOnly(id, frame, g, right);
  switch (id) {
    case "side":
      return side(frame, g, right, tilt, input.objects);
    case "hero":
      return hero(frame, g, tilt, input.objects);
    case "split":
      return split(frame, g, tilt, input.split);
    case "badge":
      return badge(frame, g, right, tilt);
    case "reaction":
      return reaction(frame, g, right, tilt);
    case "pointer":
      return pointer(frame, g, right, tilt);
  }
}

interface Geometry {
  W: number;
  H: number;
  m: number;
}

function geometry(W: number, H: number): Geometry {
  return { W, H, m: marginOf(W, H) };
}

function square(cx: number, cy: number, s: number): Rect {
  return { x: Math.round(cx - s / 2), y: Math.round(cy - s / 2), w: Math.round(s), h: Math.round(s) };
}

function band(g: Geometry, from: number, to: number): Rect {
  return { x: g.m, y: Math.round(g.H * from), w: g.W - 2 * g.m, h: Math.round(g.H * (to - from)) };
}

/** A second object, smaller, in front of the main one's lower outer corner, like a prop beside it. */
function companion(main: Rect, outward: boolean, g: Geometry, tilt: (n: number) => number): Slot {
  const s = Math.max(g.H * 0.22, main.w * 0.5);
  const x = outward ? main.x + main.w - s * 0.45 : main.x - s * 0.55;
  return { box: { x: Math.round(Math.min(g.W - s - g.m * 0.3, Math.max(g.m * 0.3, x))), y: Math.round(main.y + main.h - s), w: Math.round(s), h: Math.round(s) }, rotation: tilt(8) };
}

/** No persona and no art: the headline is the picture, with the badge beside it when there is a figure. */
function textOnly(id: CompositionId, frame: string, g: Geometry, right: boolean): Layout {
  const { W, H, m } = g;
  const w = W - 2 * m;
  if (id !== "badge") {
    const textBox = frame === "tall" ? band(g, 0.2, 0.8) : { x: Math.round(m + w * 0.04), y: Math.round(H * 0.16), w: Math.round(w * 0.92), h: Math.round(H * 0.62) };
    return { textBox, align: "center", objects: [] };
  }
  if (frame === "tall") return { textBox: band(g, 0.12, 0.6), align: "center", objects: [], badge: roundBadge({ x: W / 2, y: H * 0.74, r: H * 0.12 }) };
  const r = H * (frame === "wide" ? 0.24 : 0.2);
  const textW = W - 2 * m - 2 * r - m;
  return {
    textBox: { x: Math.round(right ? m : W - m - textW), y: Math.round(H * 0.12), w: Math.round(textW), h: Math.round(H * 0.7) },
    align: "center",
    objects: [],
    badge: roundBadge({ x: right ? W - m - r : m + r, y: H * 0.48, r }),
  };
}

function side(frame: string, g: Geometry, right: boolean, tilt: (n: number) => number, objects: number): Layout {
  const { W, H, m } = g;
  if (frame === "tall") {
    const s = W * 0.76;
    const main = { box: square(right ? W - m * 0.5 - s / 2 : m * 0.5 + s / 2, H * 0.08 + s / 2, s), rotation: tilt(6) };
    const text = band(g, 0.53, 0.88);
    return { textBox: { ...text, x: text.x, w: text.w }, align: "left", objects: withCompanion(main, objects, !right, g, tilt) };
  }
  const { textBox, subjectArea } = sideBySide(W, H, right);
  const s = Math.min(subjectArea.w * 0.8, H * 0.66);
  const main = { box: square(subjectArea.x + subjectArea.w / 2, H * 0.52, s), rotation: tilt(frame === "wide" ? 6 : 4) };
  return { textBox, align: "left", objects: withCompanion(main, objects, right, g, tilt) };
}

function withCompanion(main: Slot, objects: number, right: boolean, g: Geometry, tilt: (n: number) => number): Slot[] {
  return objects >= 2 ? [main, companion(main.box, right, g, tilt)] : [main];
}

function hero(frame: string, g: Geometry, tilt: (n: number) => number, objects: number): Layout {
  const { W, H } = g;
  const right = objects % 2 === 0;
  if (frame === "tall") {
    const s = W * 0.86;
    return { textBox: band(g, 0.04, 0.29), align: "center", objects: withCompanion({ box: square(W / 2, H * 0.33 + s / 2, s), rotation: tilt(4) }, objects, right, g, tilt) };
  }
  const top = frame === "wide" ? 0.35 : 0.33;
  const s = H * (frame === "wide" ? 0.58 : 0.6);
  const main = { box: square(W / 2, H * (top + 0.035) + s / 2, s), rotation: tilt(4) };
  return { textBox: band(g, 0.04, top), align: "center", objects: withCompanion(main, objects, right, g, tilt) };
}

function split(frame: string, g: Geometry, tilt: (n: number) => number, kind: LayoutInput["split"]): Layout {
  const { W, H, m } = g;
  const muted = kind === "before-after";
  if (frame === "tall") {
    const s = H * 0.34;
    const first: Slot = { box: square(m * 0.5 + s / 2, H * 0.2 + s / 2, s), rotation: tilt(4), ...(muted ? { muted } : {}) };
    const second: Slot = { box: square(W - m * 0.5 - s / 2, H * 0.64 + s / 2, s), rotation: tilt(4) };
    const labels: [Rect, Rect] | undefined = muted ? [labelRect(W * 0.75, H * 0.22, g), labelRect(W * 0.25, H * 0.93, g)] : undefined;
    return { textBox: band(g, 0.03, 0.18), align: "center", objects: [first, second], divider: { axis: "y", at: Math.round(H * 0.59) }, ...badgeOrLabels(muted, { x: W / 2, y: H * 0.59, r: H * 0.045 }, labels) };
  }
  const s = Math.min(W * 0.42, H * (muted ? 0.5 : 0.55));
  const cy = H * 0.35 + s / 2;
  const first: Slot = { box: square(W / 4, cy, s), rotation: tilt(4), flip: true, ...(muted ? { muted } : {}) };
  const second: Slot = { box: square((W * 3) / 4, cy, s), rotation: tilt(4) };
  const labels: [Rect, Rect] | undefined = muted ? [labelRect(W / 4, H * 0.93, g), labelRect((W * 3) / 4, H * 0.93, g)] : undefined;
  const r = H * 0.11;
  return { textBox: band(g, 0.04, 0.32), align: "center", objects: [first, second], divider: { axis: "x", at: Math.round(W / 2) }, ...badgeOrLabels(muted, { x: W / 2, y: Math.min(cy, H - m - r), r }, labels) };
}

function badgeOrLabels(muted: boolean, badge: Layout["badge"], labels: [Rect, Rect] | undefined): Partial<Layout> {
  return muted && labels ? { labels } : { badge: roundBadge(badge) };
}

function labelRect(cx: number, cy: number, g: Geometry): Rect {
  const unit = Math.min(g.W, g.H);
  const w = unit * 0.34;
  const h = unit * 0.085;
  return { x: Math.round(cx - w / 2), y: Math.round(cy - h / 2), w: Math.round(w), h: Math.round(h) };
}

function roundBadge(b: Layout["badge"]): Layout["badge"] {
  return b && { x: Math.round(b.x), y: Math.round(b.y), r: Math.round(b.r) };
}

function badge(frame: string, g: Geometry, right: boolean, tilt: (n: number) => number): Layout {
  const { W, H, m } = g;
  if (frame === "wide") {
    const { textBox, subjectArea } = sideBySide(W, H, right);
    const text = { ...textBox, y: Math.round(H * 0.07), h: Math.round(H * 0.52) };
    const s = Math.min(subjectArea.w * 0.86, H * 0.64);
    const r = H * 0.16;
    return { textBox: text, align: "left", objects: [{ box: square(subjectArea.x + subjectArea.w / 2, H * 0.52, s), rotation: tilt(6) }], badge: roundBadge({ x: text.x + r + m * 0.3, y: H * 0.78, r }) };
  }
  if (frame === "square") {
    const s = Math.min(H * 0.55, W * 0.52);
    const r = H * 0.18;
    const objectX = right ? W - m * 0.5 - s / 2 : m * 0.5 + s / 2;
    const badgeX = right ? m + r : W - m - r;
    return { textBox: band(g, 0.04, 0.31), align: "center", objects: [{ box: square(objectX, H * 0.345 + s / 2, s), rotation: tilt(6) }], badge: roundBadge({ x: badgeX, y: H * 0.64, r }) };
  }
  const s = W * 0.72;
  const r = H * 0.095;
  return { textBox: band(g, 0.04, 0.26), align: "center", objects: [{ box: square(W / 2, H * 0.5 + s / 2, s), rotation: tilt(5) }], badge: roundBadge({ x: right ? W * 0.64 : W * 0.36, y: H * 0.375, r }) };
}

function reaction(frame: string, g: Geometry, right: boolean, tilt: (n: number) => number): Layout {
  const { W, H, m } = g;
  const place = (cx: number) => (right ? cx : W - cx);
  if (frame === "tall") {
    const s = W * 0.68;
    const f = H * 0.27;
    return {
      textBox: band(g, 0.04, 0.27),
      align: "center",
      objects: [{ box: square(place(m * 0.5 + s / 2), H * 0.29 + s / 2, s), rotation: tilt(5) }],
      reaction: { box: square(place(W - m * 0.5 - f / 2), H * 0.93 - f / 2, f), rotation: tilt(8) },
    };
  }
  const top = frame === "wide" ? 0.34 : 0.33;
  const s = frame === "wide" ? H * 0.6 : W * 0.5;
  const f = frame === "wide" ? H * 0.44 : W * 0.38;
  const cy = H * (top + 0.03) + s / 2;
  return {
    textBox: band(g, 0.04, top),
    align: "center",
    objects: [{ box: square(place(W * (frame === "wide" ? 0.3 : 0.3)), cy, s), rotation: tilt(5) }],
    reaction: { box: square(place(W * (frame === "wide" ? 0.72 : 0.76)), Math.min(H - m * 0.4 - f / 2, cy + s * 0.12), f), rotation: tilt(8) },
  };
}

function pointer(frame: string, g: Geometry, right: boolean, tilt: (n: number) => number): Layout {
  const { W, H, m } = g;
  if (frame === "wide") {
    const { textBox, subjectArea } = sideBySide(W, H, right);
    const text = { ...textBox, h: Math.round(H * 0.5) };
    const s = Math.min(subjectArea.w * 0.7, H * 0.52);
    const box = square(subjectArea.x + subjectArea.w / 2, H * 0.5, s);
    const fromX = right ? text.x + text.w * 0.55 : text.x + text.w * 0.45;
    return { textBox: text, align: "left", objects: [{ box, rotation: tilt(5) }], pointer: { from: { x: Math.round(fromX), y: Math.round(H * 0.8) } } };
  }
  const tall = frame === "tall";
  const text = band(g, 0.04, tall ? 0.27 : 0.31);
  const s = tall ? W * 0.66 : H * 0.5;
  const cx = right ? W - m - s / 2 : m + s / 2;
  const cy = tall ? H * 0.5 + s / 2 : H * 0.42 + s / 2;
  const box = square(cx, cy, s);
  const fromX = right ? W * 0.2 : W * 0.8;
  return { textBox: text, align: "center", objects: [{ box, rotation: tilt(5) }], pointer: { from: { x: Math.round(fromX), y: Math.round(tall ? H * 0.36 : H * 0.42) } } };
}

/**
 * With a persona the user stands where the subject would, and the main object stands beside them, low, in front of
 * their body and clear of their face. The composition adds its own parts in the space left.
 */
function withPersona(id: CompositionId, frame: string, g: Geometry, right: boolean, tilt: (n: number) => number, input: LayoutInput): Layout {
  const { W, H, m } = g;
  const objects = input.objects > 0;
  if (id === "split" && frame !== "tall") {
    const s = Math.min(W * 0.4, H * 0.55);
    const r = H * 0.11;
    return {
      textBox: band(g, 0.04, 0.3),
      align: "center",
      subjectArea: { x: right ? 0 : Math.round(W / 2), y: Math.round(H * 0.32), w: Math.round(W / 2), h: Math.round(H * 0.68) },
      objects: objects ? [{ box: square(right ? (W * 3) / 4 : W / 4, H * 0.34 + s / 2, s), rotation: tilt(4), ...(input.split === "before-after" && !right ? { muted: true } : {}) }] : [],
      divider: { axis: "x", at: Math.round(W / 2) },
      // Low on the divider, under the persona's face.
      ...(input.split === "before-after" ? {} : { badge: roundBadge({ x: W / 2, y: H - m - r, r }) }),
    };
  }
  let layout: Layout;
  if (frame === "wide") {
    const { textBox, subjectArea } = sideBySide(W, H, right);
    const s = H * 0.4;
    // A ring around the object needs room of its own between the object and the headline.
    const gap = m * 0.6 + (id === "pointer" ? s * 0.14 : 0);
    const x = right ? textBox.x + textBox.w + gap : textBox.x - gap - s;
    layout = { textBox, align: "left", subjectArea, objects: objects ? [{ box: { x: Math.round(x), y: Math.round(H - s - m * 0.5), w: Math.round(s), h: Math.round(s) }, rotation: tilt(6) }] : [] };
  } else {
    const tall = frame === "tall";
    const textTo = tall ? 0.26 : 0.38;
    const areaFrom = tall ? 0.34 : 0.39;
    // In a tall frame a third of the height is most of the width: the object stands below the persona's face.
    const s = tall ? H * MIN_OBJECT_SHARE + 2 : H * 0.36;
    const areaW = W * (tall ? 0.68 : 0.62);
    layout = {
      textBox: band(g, 0.04, textTo),
      align: "center",
      subjectArea: { x: right ? 0 : Math.round(W - areaW), y: Math.round(H * areaFrom), w: Math.round(areaW), h: Math.round(H * (1 - areaFrom)) },
      objects: objects ? [{ box: { x: Math.round(right ? W - m * 0.5 - s : m * 0.5), y: Math.round(H - s - (tall ? 2 : H * 0.01)), w: Math.round(s), h: Math.round(s) }, rotation: tilt(tall ? 3 : 6) }] : [],
    };
  }
  const main = layout.objects[0]?.box;
  if (id === "badge" || (id === "split" && frame === "tall")) layout.badge = roundBadge(freeSpot(layout, g, right, frame, id === "split" ? 0.07 : 0.14));
  if (id === "pointer" && main) {
    const spot = freeSpot(layout, g, right, frame, 0.1);
    if (spot) layout.pointer = { from: { x: Math.round(spot.x), y: Math.round(spot.y) } };
  }
  return layout;
}

/** The middle of the space a persona layout leaves: under the headline on its side, or above the object. */
function freeSpot(layout: Layout, g: Geometry, right: boolean, frame: string, share: number): { x: number; y: number; r: number } {
  const { W, H, m } = g;
  const r = H * share;
  if (frame === "wide") {
    layout.textBox = { ...layout.textBox, h: Math.round(H * 0.52) };
    const x = right ? layout.textBox.x + r + m * 0.2 : layout.textBox.x + layout.textBox.w - r - m * 0.2;
    return { x, y: Math.min(H - m - r, layout.textBox.y + layout.textBox.h + r + m * 0.3), r };
  }
  const top = layout.textBox.y + layout.textBox.h;
  const bottom = layout.objects[0]?.box.y ?? H;
  // On the object's side, clear of where the persona's face can be (the middle of their area, from a fifth in).
  const area = layout.subjectArea ?? { x: 0, y: 0, w: W, h: H };
  const room = right ? W - (area.x + area.w * 0.83) : area.x + area.w * 0.17;
  const fit = Math.min(r, (bottom - top) / 2 - m * 0.2, (room - m) / 2);
  return { x: right ? W - m - fit : m + fit, y: (top + bottom) / 2, r: fit };
}

/** The layout mirrored across the frame's vertical centre line, so the hero stands on the side it stood before. */
export function mirrorLayout(layout: Layout, width: number): Layout {
  const flip = (r: Rect): Rect => ({ ...r, x: Math.round(width - r.x - r.w) });
  const slot = (s: Slot): Slot => ({ ...s, box: flip(s.box), rotation: -s.rotation });
  const out: Layout = { ...layout, textBox: flip(layout.textBox), objects: layout.objects.map(slot) };
  if (layout.subjectArea) out.subjectArea = flip(layout.subjectArea);
  if (layout.reaction) out.reaction = slot(layout.reaction);
  if (layout.badge) out.badge = { ...layout.badge, x: Math.round(width - layout.badge.x) };
  if (layout.pointer) out.pointer = { from: { ...layout.pointer.from, x: Math.round(width - layout.pointer.from.x) } };
  if (layout.divider) out.divider = layout.divider.axis === "x" ? { ...layout.divider, at: Math.round(width - layout.divider.at) } : layout.divider;
  if (layout.labels) out.labels = [flip(layout.labels[0]), flip(layout.labels[1])];
  return out;
}
