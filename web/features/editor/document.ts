import { EDITOR_MAX_TEXTS, type EditorDocument, type EditorLayersResponse, type EditorText, outputSize } from "../../../contract/editor.ts";

/** The source image's size: what crops are measured in. */
export function sourceSize(layers: EditorLayersResponse): { width: number; height: number } {
  return { width: layers.image.width ?? 1280, height: layers.image.height ?? 720 };
}

/** A fresh document: the whole image, nothing changed; a Studio image brings its headline and personas as layers. */
export function initialDocument(layers: EditorLayersResponse): EditorDocument {
  const { width, height } = sourceSize(layers);
  return {
    crop: { aspect: "free", x: 0, y: 0, w: width, h: height },
    rotation: 0,
    flipX: false,
    flipY: false,
    adjust: { brightness: 0, contrast: 0, saturation: 0 },
    filter: "none",
    texts: layers.studio?.texts ?? [],
    subjects: layers.studio?.subjects.map((s) => ({ index: s.index, box: { x: Math.round(s.box.x), y: Math.round(s.box.y), w: Math.round(s.box.w), h: Math.round(s.box.h) } })) ?? [],
  };
}

/** A new text layer near the middle of the frame, sized to it; undefined when the document has the most it may. */
export function newTextLayer(doc: EditorDocument, text: string): EditorText | undefined {
  if (doc.texts.length >= EDITOR_MAX_TEXTS) return undefined;
  const { width, height } = outputSize(doc);
  const size = Math.round(Math.max(24, Math.min(width, height) * 0.12));
  const taken = new Set(doc.texts.map((t) => t.id));
  let n = doc.texts.length + 1;
  while (taken.has(`text-${n}`)) n++;
  // Each new layer a little lower than the last, so several added in a row do not hide each other.
  const step = (doc.texts.length % 5) * size * 0.6;
  return {
    id: `text-${n}`,
    text,
    face: "anton",
    size,
    fill: "#ffffff",
    stroke: { color: "#000000", width: Math.round(size * 0.08) },
    shadow: { color: "#000000", blur: 8, dx: 3, dy: 4, opacity: 0.5 },
    x: Math.round(width * 0.08),
    y: Math.round(Math.min(height - size * 1.2, height * 0.3 + step)),
    rotation: 0,
    align: "left",
  };
}

export function updateText(doc: EditorDocument, id: string, change: Partial<EditorText>): EditorDocument {
  return { ...doc, texts: doc.texts.map((t) => (t.id === id ? { ...t, ...change } : t)) };
}

/** Characters only the CJK faces draw: the browser then needs those faces loaded. */
export const needsCjk = (doc: EditorDocument) => doc.texts.some((t) => t.face === "dela" || t.face === "kuaile" || /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(t.text));

/** Persona layers are selected by this id; text layers by their own. */
export const SUBJECT_PREFIX = "subject-";
export const subjectLayerId = (index: number) => `${SUBJECT_PREFIX}${index}`;
