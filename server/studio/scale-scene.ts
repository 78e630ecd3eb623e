import { imageAspects } from "../../contract/images.ts";
import type { Rect, Scene } from "./scene.ts";

/**
 * A scene drawn k times larger (docs/product/images.md, Exports): every length and position is multiplied, so the
 * renderer draws the same picture on a k× canvas from the vectors, the fonts and the full-size photos, never from
 * the pixels of the 1× render. Colours, angles, opacities, counts and words stay. The result is for rendering only:
 * it is larger than any stored scene may be (scene-schema.ts), and it is never stored.
 */
export function scaleScene(scene: Scene, k: number): Scene {
  if (!(k > 0) || !Number.isFinite(k)) throw new Error(`a scene scale must be a positive number, not ${k}`);
  if (k === 1) return scene;
  const n = (v: number) => v * k;
  // Personas are placed and resized in whole pixels (sharp takes integers), so their geometry stays integral.
  const px = (v: number) => Math.round(v * k);
  const rect = (r: Rect): Rect => ({ x: n(r.x), y: n(r.y), w: n(r.w), h: n(r.h) });
  const out: Scene = {
    ...scene,
    width: px(scene.width),
    height: px(scene.height),
    background: {
      ...scene.background,
      focus: { x: n(scene.background.focus.x), y: n(scene.background.focus.y) },
      shapes: scene.background.shapes.map((s) => ({ ...s, x: n(s.x), y: n(s.y), size: n(s.size) })),
    },
    subjects: scene.subjects.map((s) => ({
      ...s,
      box: { x: px(s.box.x), y: px(s.box.y), w: px(s.box.w), h: px(s.box.h) },
      outline: { ...s.outline, width: px(s.outline.width) },
      shadow: { ...s.shadow, dx: px(s.shadow.dx), dy: px(s.shadow.dy), blur: px(s.shadow.blur) },
    })),
    text: scene.text.map((t) => ({
      ...t,
      box: rect(t.box),
      stroke: { ...t.stroke, width: n(t.stroke.width) },
      shadow: { ...t.shadow, dx: n(t.shadow.dx), dy: n(t.shadow.dy) },
      ...(t.size === undefined ? {} : { size: n(t.size) }),
      ...(t.plate ? { plate: { ...t.plate, rect: rect(t.plate.rect) } } : {}),
    })),
    accents: scene.accents.map((a) => ({ ...a, x: n(a.x), y: n(a.y), size: n(a.size) })),
  };
  if (scene.art) out.art = scene.art.map((a) => ({ ...a, box: rect(a.box) }));
  if (scene.badge) out.badge = { ...scene.badge, x: n(scene.badge.x), y: n(scene.badge.y), r: n(scene.badge.r) };
  if (scene.pointers) {
    out.pointers = scene.pointers.map((p) =>
      p.kind === "arrow"
        ? { ...p, from: { x: n(p.from.x), y: n(p.from.y) }, to: { x: n(p.to.x), y: n(p.to.y) }, width: n(p.width) }
        : { ...p, rect: rect(p.rect), width: n(p.width) },
    );
  }
  if (scene.split) {
    out.split = { ...scene.split, at: n(scene.split.at), ...(scene.split.labels ? { labels: scene.split.labels.map((l) => ({ ...l, box: rect(l.box) })) } : {}) };
  }
  return out;
}

/**
 * How many times larger than its aspect's frame a scene is drawn: 1 for every stored scene, k for scaleScene's. The
 * few marks drawn in fixed pixels (the halftone's dots, the grain, the photo's smoothing) grow by it, so a master
 * shows the same texture as the 1× picture rather than a finer one.
 */
export function renderScale(scene: Pick<Scene, "aspect" | "width">): number {
  return scene.width / imageAspects[scene.aspect].width;
}
