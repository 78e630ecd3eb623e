import sharp from "sharp";
import { EDITOR_FONT_SIZE, EDITOR_LINE_HEIGHT, EDITOR_STROKE_MAX, type EditorSubject, type EditorText } from "../../contract/editor.ts";
import type { FontStore } from "./fonts.ts";
import type { ArtCache } from "./art-cache.ts";
import { frontLayer, renderScene } from "./render.ts";
import type { Rect, Scene, SubjectLayer, TextLayer } from "./scene.ts";
import type { SubjectCache } from "./subject-cache.ts";
import { placeSubject } from "./subjects.ts";
import { faceChain } from "./fonts.ts";
import { measure } from "./text-shape.ts";

/**
 * A stored Studio scene taken apart for the image editor (docs/product/editor.md): the backplate (the scene without
 * its headline, personas and what lies above them), the frame and accents above the personas, each persona drawn alone the way the Studio draws it, and the headline as an editor
 * text layer. And back: the backplate with the personas where the user moved them.
 */
export interface EditorSubjectSprite {
  index: number;
  name: string;
  box: Rect;
  png: Buffer;
  spriteRect: Rect;
}

export interface StudioLayers {
  /** Under the personas: the background, base photo and grain. */
  backplate: Buffer;
  /** Over the personas: the art, frame, accents and marks, on transparency; undefined when the scene has none. */
  front: Buffer | undefined;
  subjects: EditorSubjectSprite[];
  texts: EditorText[];
}

interface Parts {
  fonts: FontStore;
  art: ArtCache;
  subjects: SubjectCache;
  cutouts: readonly Buffer[];
  baseImage?: Buffer | undefined;
  signal?: AbortSignal | undefined;
}

const quiet = () => {};

export async function studioLayers(scene: Scene, parts: Parts): Promise<StudioLayers> {
  const { png: backplate } = await renderScene(scene, { ...parts, progress: quiet, omit: ["text", "subjects", "front"] });
  const front = await frontLayer(scene, parts);
  const subjects: EditorSubjectSprite[] = [];
  for (const subject of scene.subjects) {
    const cutout = parts.cutouts[subject.index];
    if (cutout) subjects.push(await sprite(subject, cutout, parts.subjects));
  }
  const texts = await Promise.all(scene.text.map((layer, i) => headlineAsText(layer, i, parts.fonts)));
  // Front to back in the scene (the hero last), as the editor stacks them.
  return { backplate, front, subjects, texts };
}

/** The backplate with each persona at the box the editor gave it (or where the scene had it): what text goes over. */
export async function studioBase(scene: Scene, moved: readonly EditorSubject[], parts: Parts): Promise<Buffer> {
  const boxes = new Map(moved.map((s) => [s.index, s.box]));
  const subjects = scene.subjects.map((s) => ({ ...s, box: boxes.get(s.index) ?? s.box }));
  const { png } = await renderScene({ ...scene, subjects }, { ...parts, progress: quiet, omit: ["text"] });
  return png;
}

async function sprite(subject: SubjectLayer, cutout: Buffer, cache: SubjectCache): Promise<EditorSubjectSprite> {
  const prepared = await cache.get(subject, cutout);
  const { dx, dy } = subject.shadow;
  // Where placeSubject puts the padded cut-out, and the shadow beside it: the sprite covers both.
  const left = Math.round(subject.box.x + (subject.box.w - prepared.width) / 2) - prepared.pad + Math.min(0, dx);
  const top = Math.round(subject.box.y + subject.box.h - prepared.height) - prepared.pad + subject.outline.width + Math.min(0, dy);
  const canvas = { width: prepared.w + Math.abs(dx), height: prepared.h + Math.abs(dy) };
  const local = { ...subject, box: { ...subject.box, x: subject.box.x - left, y: subject.box.y - top } };
  const png = await sharp({ create: { ...canvas, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite(placeSubject(local, prepared, canvas))
    .png({ compressionLevel: 2 })
    .toBuffer();
  return { index: subject.index, name: subject.name, box: subject.box, png, spriteRect: { x: left, y: top, w: canvas.width, h: canvas.height } };
}

/** The rendered headline as a free text layer: its lines, size and colours, placed where the Studio put it. */
async function headlineAsText(layer: TextLayer, i: number, fonts: FontStore): Promise<EditorText> {
  const lines = layer.lines && layer.lines.length > 0 ? layer.lines : [layer.text];
  const text = lines.join("\n").slice(0, 200);
  const size = clamp(layer.size ?? 48, EDITOR_FONT_SIZE.min, EDITOR_FONT_SIZE.max);
  const chain = await Promise.all(faceChain(layer.face, text).map((id) => fonts.face(id)));
  const widest = Math.max(...lines.map((line) => measure(line, chain) * size));
  const height = lines.length * size * EDITOR_LINE_HEIGHT;
  const { box } = layer;
  const cx = layer.align === "center" ? box.x + box.w / 2 : box.x + widest / 2;
  const top = layer.valign === "top" ? box.y : layer.valign === "bottom" ? box.y + box.h - height : box.y + (box.h - height) / 2;
  const cy = top + height / 2;
  // The Studio turns its headline about its centre; the editor turns a layer about its corner: the same centre.
  const a = (layer.rotation * Math.PI) / 180;
  const hx = widest / 2;
  const hy = height / 2;
  const x = cx - (hx * Math.cos(a) - hy * Math.sin(a));
  const y = cy - (hx * Math.sin(a) + hy * Math.cos(a));
  return {
    id: `headline-${i}`,
    text,
    face: layer.face,
    size: Math.round(size * 10) / 10,
    fill: layer.fill,
    stroke: { color: layer.stroke.color, width: clamp(Math.round(layer.stroke.width * 20) / 10, 0, EDITOR_STROKE_MAX) },
    shadow: { color: layer.stroke.color, blur: 0, dx: Math.round(layer.shadow.dx), dy: Math.round(layer.shadow.dy), opacity: layer.shadow.opacity },
    x: Math.round(x * 10) / 10,
    y: Math.round(y * 10) / 10,
    rotation: Math.round(layer.rotation * 100) / 100,
    align: layer.align,
  };
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}
