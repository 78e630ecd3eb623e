import type { EditorCrop, EditorCropAspect, EditorDocument } from "../../../contract/editor.ts";
import { outputSize } from "../../../contract/editor.ts";

/** A 2D affine matrix as canvas and Konva write it: [a, b, c, d, e, f] maps (x, y) to (ax + cy + e, bx + dy + f). */
export type Matrix = [number, number, number, number, number, number];

export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

export function apply(m: Matrix, x: number, y: number): { x: number; y: number } {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

/**
 * Source pixels to output pixels, in the server's order (server/editor/render-edit.ts): crop, a clockwise quarter
 * turn, then the flips in the turned frame.
 */
export function sourceToOutput(doc: Pick<EditorDocument, "crop" | "rotation" | "flipX" | "flipY">): Matrix {
  const { crop } = doc;
  const { width, height } = outputSize(doc);
  const cropShift: Matrix = [1, 0, 0, 1, -crop.x, -crop.y];
  const turns: Record<number, Matrix> = {
    0: [1, 0, 0, 1, 0, 0],
    90: [0, 1, -1, 0, crop.h, 0],
    180: [-1, 0, 0, -1, crop.w, crop.h],
    270: [0, -1, 1, 0, 0, crop.w],
  };
  const turn = turns[doc.rotation] ?? turns[0] ?? [1, 0, 0, 1, 0, 0];
  const flip: Matrix = [doc.flipX ? -1 : 1, 0, 0, doc.flipY ? -1 : 1, doc.flipX ? width : 0, doc.flipY ? height : 0];
  return multiply(flip, multiply(turn, cropShift));
}

const ratios: Record<Exclude<EditorCropAspect, "free">, number> = { "16:9": 16 / 9, "9:16": 9 / 16, "1:1": 1 };

/** The largest crop of an aspect centred on the current one (the whole image for "free"). */
export function cropFor(aspect: EditorCropAspect, source: { width: number; height: number }, current?: EditorCrop): EditorCrop {
  if (aspect === "free") return { aspect, x: 0, y: 0, w: source.width, h: source.height };
  const ratio = ratios[aspect];
  const w = Math.min(source.width, Math.round(source.height * ratio));
  const h = Math.min(source.height, Math.round(w / ratio));
  const cx = current ? current.x + current.w / 2 : source.width / 2;
  const cy = current ? current.y + current.h / 2 : source.height / 2;
  return { aspect, ...placeCrop(w, h, cx, cy, source) };
}

/** A crop of `w`×`h` centred as near `(cx, cy)` as the image allows, in whole pixels. */
export function placeCrop(w: number, h: number, cx: number, cy: number, source: { width: number; height: number }): { x: number; y: number; w: number; h: number } {
  const cw = Math.max(1, Math.min(source.width, Math.round(w)));
  const ch = Math.max(1, Math.min(source.height, Math.round(h)));
  const x = Math.min(source.width - cw, Math.max(0, Math.round(cx - cw / 2)));
  const y = Math.min(source.height - ch, Math.max(0, Math.round(cy - ch / 2)));
  return { x, y, w: cw, h: ch };
}

/** Where a dragged box snaps: to the frame's edges and centre lines, within `threshold`; the guides to draw. */
export function snap(
  box: { x: number; y: number; w: number; h: number },
  frame: { width: number; height: number },
  threshold: number,
): { dx: number; dy: number; guides: { vertical: number[]; horizontal: number[] } } {
  const best = (edges: number[], targets: number[]) => {
    let found: { delta: number; at: number } | undefined;
    for (const edge of edges) {
      for (const target of targets) {
        const delta = target - edge;
        if (Math.abs(delta) <= threshold && (!found || Math.abs(delta) < Math.abs(found.delta))) found = { delta, at: target };
      }
    }
    return found;
  };
  const x = best([box.x, box.x + box.w / 2, box.x + box.w], [0, frame.width / 2, frame.width]);
  const y = best([box.y, box.y + box.h / 2, box.y + box.h], [0, frame.height / 2, frame.height]);
  return { dx: x?.delta ?? 0, dy: y?.delta ?? 0, guides: { vertical: x ? [x.at] : [], horizontal: y ? [y.at] : [] } };
}

/** Konva takes position, rotation and scale, not a matrix: these give the same transform for a turn-and-flip one. */
export function decompose(m: Matrix): { x: number; y: number; rotation: number; scaleX: number; scaleY: number } {
  const [a, b, c, d, e, f] = m;
  const det = a * d - b * c;
  // A reflection is a flip on x after a rotation: scaleX -1, rotation from the first column.
  const rotation = (Math.atan2(b, a) * 180) / Math.PI;
  return det < 0
    ? { x: e, y: f, rotation: (Math.atan2(-c, d) * 180) / Math.PI, scaleX: -1, scaleY: 1 }
    : { x: e, y: f, rotation, scaleX: 1, scaleY: 1 };
}
