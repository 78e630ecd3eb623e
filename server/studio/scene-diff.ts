import type { SceneChange } from "../../contract/chat.ts";
import type { Scene } from "./scene.ts";

/**
 * What an edit changed, layer by layer: the frame's aspect, the headline's words, face, colour, size, outline (width and colour) and place, the background's style
 * and colour, the hero persona's place, and the drawn objects added or removed. Read off the scenes themselves, so a
 * change that would not show (the same colour again, a move to where it already is) is no change. Positions are
 * compared in whole pixels and sizes to two decimals, below which nothing on the render moves.
 */
export function diffScenes(before: Scene, after: Scene): SceneChange[] {
  const changes: SceneChange[] = [];
  const add = (layer: SceneChange["layer"], property: SceneChange["property"], from: string | number | undefined, to: string | number | undefined) => {
    if (from !== to) changes.push({ layer, property, ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) });
  };
  // Laid out for another frame: first, since every place that follows is read in the new frame.
  add("frame", "aspect", before.aspect, after.aspect);

  const was = before.text[0];
  const now = after.text[0];
  if (was && now) {
    add("headline", "text", was.text, now.text);
    add("headline", "font", was.face, now.face);
    add("headline", "color", was.fill.toLowerCase(), now.fill.toLowerCase());
    // The highlighted line has a colour of its own until the user picks one for the whole headline.
    if (was.fill.toLowerCase() === now.fill.toLowerCase()) add("headline", "color", was.highlight.toLowerCase(), now.highlight.toLowerCase());
    // A colour the user picks is kept legible by an outline, never a plate: the plate the render drew goes.
    if (was.plate && !was.fixedFill && now.fixedFill && was.fill.toLowerCase() === now.fill.toLowerCase() && was.highlight.toLowerCase() === now.highlight.toLowerCase()) {
      add("headline", "color", was.plate.color.toLowerCase(), now.fill.toLowerCase());
    }
    add("headline", "size", round2(was.scale ?? 1), round2(now.scale ?? 1));
    // Outline widths are drawn in proportion to the frame: laid out for a larger frame, the same outline is wider.
    const frame = Math.min(after.width, after.height) / Math.min(before.width, before.height);
    add("headline", "outline", round2(was.stroke.width * frame), round2(now.stroke.width));
    add("headline", "outlineColor", was.stroke.color.toLowerCase(), now.stroke.color.toLowerCase());
    add("headline", "x", Math.round(was.box.x), Math.round(now.box.x));
    // Lines anchored to another edge of a box that already stood there move just as much as a moved box.
    const y = (layer: typeof was) => Math.round(layer.box.y) + ANCHOR_OFFSET[layer.valign ?? "center"];
    add("headline", "y", y(was), y(now));
  }

  add("background", "style", before.style, after.style);
  // A new style brings its own palette; its colour is part of the style change, not a second one.
  if (before.style === after.style) add("background", "color", before.palette.mid.toLowerCase(), after.palette.mid.toLowerCase());

  const hero = before.subjects.at(-1);
  const heroAfter = after.subjects.at(-1);
  if (hero && heroAfter) add("subject", "x", hero.box.x, heroAfter.box.x);

  const wordsBefore = (before.art ?? []).map((a) => a.word);
  const wordsAfter = (after.art ?? []).map((a) => a.word);
  for (const word of wordsBefore.filter((w) => !wordsAfter.includes(w))) add("art", "removed", word, undefined);
  for (const word of wordsAfter.filter((w) => !wordsBefore.includes(w))) add("art", "added", undefined, word);
  return changes;
}

/**
 * Where the lines sit in their box, as a fraction of a pixel added to the box's y: the change of anchor shows in the
 * diff and in its direction, and never outweighs a move of one whole pixel.
 */
const ANCHOR_OFFSET = { top: 0, center: 0.25, bottom: 0.5 } as const;

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
