import { marginOf, type Rect, type Scene, sideBySide, type SubjectLayer } from "./scene.ts";

/**
 * A persona swapped into a Studio scene (docs/decisions/030-swap-into-the-scene.md): the scene already knows its
 * subject, so the new persona takes the hero's layer (subject index 0) and the image is drawn again. Without a persona
 * the main art object gives up its place; with neither, the persona takes the side the headline leaves. Everything
 * else (headline, icons, colours) stays as it was, and no pixels are guessed at, so a busy thumbnail cannot fail it.
 */
export function swapIntoScene(scene: Scene, personaName: string): Scene {
  const name = [...personaName.trim()].slice(0, 64).join("") || "Persona";
  const hero = scene.subjects.find((s) => s.index === 0);
  if (hero) return { ...scene, subjects: scene.subjects.map((s) => (s === hero ? { ...s, name } : s)) };
  const art = scene.art ?? [];
  const main = art.find((a) => a.role === "object") ?? art[0];
  if (main) {
    const rest = art.filter((a) => a !== main);
    const { art: _dropped, ...withoutArt } = scene;
    return { ...withoutArt, ...(rest.length > 0 ? { art: rest } : {}), subjects: [subjectAt(scene, name, main.box)] };
  }
  return besideHeadline(scene, name);
}

/** A persona layer in `box`, outlined and shadowed like the scene builder's personas; the box kept within the frame. */
function subjectAt(scene: Scene, name: string, box: Rect): SubjectLayer {
  const unit = Math.min(scene.width, scene.height);
  const w = Math.min(scene.width, Math.round(box.w));
  const h = Math.min(scene.height, Math.round(box.h));
  return {
    name,
    index: 0,
    box: { x: Math.round(clamp(box.x, 0, scene.width - w)), y: Math.round(clamp(box.y, 0, scene.height - h)), w, h },
    outline: { color: scene.palette.outline, width: Math.round(unit * 0.018) },
    shadow: { dx: Math.round(unit * 0.012), dy: Math.round(unit * 0.018), blur: Math.round(unit * 0.02), opacity: 0.55 },
  };
}

/**
 * No persona and no art: the persona stands on the side away from the headline, which keeps to the other side. The
 * caller renders the text afresh (withoutRenderedText), so the moved headline is broken and fitted again.
 */
function besideHeadline(scene: Scene, name: string): Scene {
  const { width, height } = scene;
  const headline = scene.text[0];
  const headlineLeft = headline ? headline.box.x + headline.box.w / 2 <= width / 2 : true;
  if (width > height) {
    const { textBox, subjectArea } = sideBySide(width, height, headlineLeft);
    const text = headline ? [{ ...headline, box: textBox, align: "left" as const }, ...scene.text.slice(1)] : scene.text;
    return { ...scene, text, subjects: [subjectAt(scene, name, subjectArea)] };
  }
  // Square and portrait frames: the persona stands in the lower part, the headline keeps the top.
  const margin = marginOf(width, height);
  const area = { x: margin, y: Math.round(height * 0.42), w: width - 2 * margin, h: Math.round(height * 0.58) };
  const text = headline
    ? [{ ...headline, box: { x: margin, y: margin, w: width - 2 * margin, h: Math.round(height * 0.36) - margin }, align: "center" as const }, ...scene.text.slice(1)]
    : scene.text;
  return { ...scene, text, subjects: [subjectAt(scene, name, area)] };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}
