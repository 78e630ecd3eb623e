import type { EditorDocument } from "../../../contract/editor.ts";
import { SUBJECT_PREFIX } from "./document.ts";
import { sourceToOutput } from "./geometry.ts";

/**
 * Moves the selected layer by (dx, dy) output pixels, as the arrow keys do. A persona lives in source pixels, under
 * the turn and flips: the move is taken back through them (their matrix is orthogonal, so its transpose).
 */
export function moveSelected(doc: EditorDocument, id: string, dx: number, dy: number): EditorDocument {
  if (!id.startsWith(SUBJECT_PREFIX)) {
    return { ...doc, texts: doc.texts.map((t) => (t.id === id ? { ...t, x: t.x + dx, y: t.y + dy } : t)) };
  }
  const index = Number(id.slice(SUBJECT_PREFIX.length));
  const [a, b, c, d] = sourceToOutput(doc);
  const sx = Math.round(a * dx + b * dy);
  const sy = Math.round(c * dx + d * dy);
  return { ...doc, subjects: doc.subjects.map((s) => (s.index === index ? { ...s, box: { ...s.box, x: s.box.x + sx, y: s.box.y + sy } } : s)) };
}
