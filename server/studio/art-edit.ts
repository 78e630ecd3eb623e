import { AppError } from "../errors/app-error.ts";
import { foldLatin } from "./art/fold.ts";
import { type ArtPick, artIdsNamedBy, findArt } from "./art/pick-art.ts";
import { marginOf, overlaps, type Rect, rotatedBounds } from "./frame.ts";
import { createRandom } from "./random.ts";
import type { ArtLayer, PointerLayer, Scene } from "./scene.ts";

/**
 * Chat edits of a scene's art ("no emoji", "remove the trophy", "add a fire", "swap the controller for a trophy"):
 * words in any of the six languages are resolved to the art set's objects, a replacement takes the place and size of
 * what it replaces, and an object added on its own goes where it covers neither the headline nor a persona.
 */
export interface ArtChanges {
  /** An object to draw, as the user named it. */
  artAdd?: string | undefined;
  /** An object to take away, as the user named it, or "all". */
  artRemove?: string | undefined;
}

/** Most art layers a scene keeps: beyond this a thumbnail stops reading at feed size. */
export const MAX_ART_LAYERS = 6;

// Objects the set surely has, named when a word finds none, so the user can pick one that works.
const SUGGESTIONS = ["trophy", "fire", "rocket", "money bag", "laptop", "crown", "pizza", "camera"] as const;
// Sizes of a new object, as shares of the frame's height: a third is the goal, half the most, an eighth the least.
const GOAL_SHARE = 1 / 3;
const MAX_SHARE = 0.5;
const MIN_SHARE = 0.125;
const MAX_TILT = 8;

export function editArt(scene: Scene, changes: ArtChanges): Scene {
  const add = changes.artAdd?.trim() || undefined;
  const remove = changes.artRemove?.trim() || undefined;
  if (!add && !remove) return scene;
  // An unknown word fails before anything is taken away, so a failed swap leaves the picture whole.
  const adding = add ? resolve(add) : undefined;
  const layers = scene.art ?? [];
  const removed = remove ? layersNamed(layers, remove) : [];
  const kept = layers.filter((layer) => !removed.includes(layer));
  if (!adding || !add) return withArt(scene, kept, removed);
  if (kept.length >= MAX_ART_LAYERS) {
    throw new AppError("unprocessable:art_full", `This picture already has ${kept.length} objects; take one away before adding “${add}”.`);
  }
  const replaced = removed.find((layer) => layer.role === "object") ?? removed[0];
  if (replaced) return withArt(scene, [...kept, { ...replaced, id: adding.id, name: adding.name, word: add }], removed);
  const { box, rotation, headline } = placeFreely(scene, kept, adding.id);
  const added: ArtLayer = { id: adding.id, name: adding.name, word: add, box, rotation, role: "object" };
  return withArt(headline ? withHeadlineBox(scene, headline) : scene, [...kept, added], removed);
}

/** The scene with the headline in a new box; what the last render decided about its lines is made again. */
function withHeadlineBox(scene: Scene, box: Rect): Scene {
  const [first, ...rest] = scene.text;
  if (!first) return scene;
  const { lines: _lines, size: _size, plate: _plate, backdrop: _backdrop, contrast: _contrast, ...layer } = first;
  return { ...scene, text: [{ ...layer, box }, ...rest] };
}

function resolve(word: string): ArtPick {
  const pick = findArt(word);
  if (pick) return pick;
  const known = SUGGESTIONS.filter((name) => findArt(name) !== undefined).slice(0, 5);
  throw new AppError("unprocessable:art_word", `There is no picture for “${word}” yet. Try another word, like ${known.join(", ")}.`);
}

function fold(text: string): string {
  return foldLatin(text.normalize("NFKC")).replace(/\s+/gu, " ").trim();
}

/** The layers a word names: "all", the object the word finds, or a layer whose name or word it is. */
function layersNamed(layers: readonly ArtLayer[], word: string): ArtLayer[] {
  const key = fold(word);
  if (key === "all") {
    if (layers.length === 0) throw new AppError("not_found:art", "This picture has no drawn objects to take away.");
    return [...layers];
  }
  const id = findArt(word)?.id;
  const named = layers.filter((layer) => layer.id === id || fold(layer.name) === key || fold(layer.word) === key);
  if (named.length > 0) return named;
  // "Remove the computer" with a laptop drawn: the word names the laptop too, though not first.
  const near = artIdsNamedBy(word);
  const meant = layers.filter((layer) => near.has(layer.id));
  if (meant.length > 0) return meant;
  const shown = [...new Set(layers.map((layer) => layer.name))];
  throw new AppError(
    "not_found:art",
    shown.length > 0
      ? `There is no “${word}” in this picture; it shows ${shown.map((name) => `“${name}”`).join(", ")}.`
      : `There is no “${word}” in this picture; it has no drawn objects yet.`,
  );
}

/** The scene with its art replaced; pointers aimed at an object that went and came back nowhere go too. */
function withArt(scene: Scene, art: ArtLayer[], removed: readonly ArtLayer[]): Scene {
  const { art: _old, pointers, ...rest } = scene;
  const next: Scene = { ...rest, ...(art.length > 0 ? { art } : {}) };
  if (!pointers) return next;
  const aimed = removed.length === 0 ? pointers : pointers.filter((pointer) => pointsAtArt(pointer, art));
  return aimed.length > 0 ? { ...next, pointers: aimed } : next;
}

function pointsAtArt(pointer: PointerLayer, art: readonly ArtLayer[]): boolean {
  return art.some(({ box }) => {
    const centre = { x: box.x + box.w / 2, y: box.y + box.h / 2 };
    if (pointer.kind === "ring") return contains(pointer.rect, centre);
    // An arrow stops short of its object, at the edge of the ring around it.
    const reach = Math.max(box.w, box.h) * 0.75;
    return Math.hypot(pointer.to.x - centre.x, pointer.to.y - centre.y) <= reach;
  });
}

function contains(rect: Rect, point: { x: number; y: number }): boolean {
  return point.x >= rect.x && point.x <= rect.x + rect.w && point.y >= rect.y && point.y <= rect.y + rect.h;
}

/** Where a new object goes, and the headline's box when it had to give way. */
interface Placement {
  box: Rect;
  rotation: number;
  headline?: Rect;
}

/**
 * The largest free square inside the safe margin (covering no headline, persona, other art or badge), up to half the
 * frame's height and nearest the centre among equals. When none is a third of the height, the headline's box gives
 * up a side to the largest that fits beside it, as long as it keeps half its width and height (the renderer fits its
 * lines again), else a free square of that size; then the goal size where it covers least. The tilt comes from the
 * scene's seed, so the same edit lands the same.
 */
function placeFreely(scene: Scene, art: readonly ArtLayer[], id: string): Placement {
  const { width, height } = scene;
  const margin = marginOf(width, height);
  const rotation = Math.round(createRandom(scene.seed).fork(`art-edit:${id}`).range(-MAX_TILT, MAX_TILT));
  const headline = scene.text[0]?.box;
  const fixed: Rect[] = [
    ...scene.subjects.map((subject) => subject.box),
    ...art.map((layer) => rotatedBounds(layer.box, layer.rotation)),
    ...(scene.badge ? [{ x: scene.badge.x - scene.badge.r, y: scene.badge.y - scene.badge.r, w: 2 * scene.badge.r, h: 2 * scene.badge.r }] : []),
  ];
  const obstacles = headline ? [headline, ...fixed] : fixed;
  const step = Math.max(4, Math.round(Math.min(width, height) * 0.02));
  const largest = Math.floor(Math.min(height * MAX_SHARE, (width - 2 * margin) * 0.9, (height - 2 * margin) * 0.9));
  const goal = Math.round(Math.min(largest, height * GOAL_SHARE));
  const covered = (box: Rect, of: readonly Rect[]) => of.reduce((sum, o) => sum + overlapArea(rotatedBounds(box, rotation), o), 0);
  const freeOfSize = (size: number) => squares(scene, size, step, rotation).filter((box) => covered(box, obstacles) === 0);

  for (let size = largest; size >= goal; size -= step) {
    const free = freeOfSize(size);
    if (free.length > 0) return { box: nearestCentre(scene, free), rotation };
  }
  // Below the goal, a larger object beside a narrower headline beats a smaller one in a free corner.
  for (let size = goal; size >= height * MIN_SHARE; size -= step) {
    const free = size === goal ? [] : freeOfSize(size);
    const room = headline ? makeRoom(scene, headline, fixed, size, step, rotation) : undefined;
    if (room) return { box: room.box, rotation, headline: room.headline };
    if (free.length > 0) return { box: nearestCentre(scene, free), rotation };
  }
  // Nothing is free at any size: the goal size where it covers the least, a persona counting far more than words.
  const cost = (box: Rect) => covered(box, fixed) * 100 + (headline ? covered(box, [headline]) : 0);
  const spots = squares(scene, goal, step, rotation);
  const least = Math.min(...spots.map(cost));
  return { box: nearestCentre(scene, spots.filter((box) => cost(box) === least)), rotation };
}

/** A square of `size` clear of `fixed` beside the headline's box with a side given up, keeping the most headline. */
function makeRoom(scene: Scene, headline: Rect, fixed: readonly Rect[], size: number, step: number, rotation: number): { box: Rect; headline: Rect } | undefined {
  const gap = Math.round(marginOf(scene.width, scene.height) / 2);
  let best: { box: Rect; headline: Rect; area: number } | undefined;
  for (const box of squares(scene, size, step, rotation)) {
    const bounds = rotatedBounds(box, rotation);
    if (fixed.some((o) => overlaps(bounds, o))) continue;
    const trimmed = headlineBeside(headline, bounds, gap);
    if (!trimmed) continue;
    const area = trimmed.w * trimmed.h;
    if (!best || area > best.area || (area === best.area && nearestCentre(scene, [best.box, box]) === box)) best = { box, headline: trimmed, area };
  }
  return best && { box: best.box, headline: best.headline };
}

/** The headline's box with one side given up to `object`, the largest that keeps half its width and height. */
function headlineBeside(headline: Rect, object: Rect, gap: number): Rect | undefined {
  const right = headline.x + headline.w;
  const bottom = headline.y + headline.h;
  const options: Rect[] = [
    { ...headline, x: object.x + object.w + gap, w: right - (object.x + object.w + gap) },
    { ...headline, w: object.x - gap - headline.x },
    { ...headline, y: object.y + object.h + gap, h: bottom - (object.y + object.h + gap) },
    { ...headline, h: object.y - gap - headline.y },
  ];
  const kept = options
    .filter((r) => r.w >= headline.w / 2 && r.h >= headline.h / 2 && !overlaps(r, object))
    .map((r) => ({ x: Math.round(r.x), y: Math.round(r.y), w: Math.floor(r.w), h: Math.floor(r.h) }));
  return kept.reduce<Rect | undefined>((best, r) => (!best || r.w * r.h > best.w * best.h ? r : best), undefined);
}

/** Squares of one size on a grid, whole pixels, whose tilted corners stay inside the safe margin. */
function squares(scene: Scene, size: number, step: number, rotation: number): Rect[] {
  const tilted = rotatedBounds({ x: 0, y: 0, w: size, h: size }, rotation);
  const inset = marginOf(scene.width, scene.height) + Math.ceil(-tilted.x);
  const boxes: Rect[] = [];
  for (let y = inset; y + size <= scene.height - inset; y += step) {
    for (let x = inset; x + size <= scene.width - inset; x += step) boxes.push({ x, y, w: size, h: size });
  }
  return boxes;
}

function nearestCentre(scene: Scene, boxes: readonly Rect[]): Rect {
  const distance = (box: Rect) => Math.hypot(box.x + box.w / 2 - scene.width / 2, box.y + box.h / 2 - scene.height / 2);
  return boxes.reduce((best, box) => (distance(box) < distance(best) ? box : best));
}

function overlapArea(a: Rect, b: Rect): number {
  if (!overlaps(a, b)) return 0;
  const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
  return w * h;
}
