/** Frame geometry shared by the scene builder, the compositions and the edits: rectangles and safe margins. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The frame's safe margin, in pixels. */
export function marginOf(width: number, height: number): number {
  return Math.round(Math.min(width, height) * 0.055);
}

/** The landscape layout with personas: headline on one side, personas on the other. */
export function sideBySide(width: number, height: number, personaRight: boolean): { textBox: Rect; subjectArea: Rect } {
  const margin = marginOf(width, height);
  const split = width * 0.54;
  const textW = split - margin * 1.5;
  const textX = personaRight ? margin : width - margin - textW;
  const subjectW = width - split + margin;
  return {
    // Leave the bottom-right corner free on 16:9, where YouTube draws the duration.
    textBox: { x: textX, y: height * 0.1, w: textW, h: height * 0.7 },
    subjectArea: { x: personaRight ? width - subjectW : 0, y: height * 0.08, w: subjectW, h: height * 0.92 },
  };
}

/** Whether two rectangles share any area. */
export function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

/** The box a square-ish layer covers once turned by `degrees` about its centre. */
export function rotatedBounds(r: Rect, degrees: number): Rect {
  const a = (Math.abs(degrees) * Math.PI) / 180;
  const w = r.w * Math.cos(a) + r.h * Math.sin(a);
  const h = r.w * Math.sin(a) + r.h * Math.cos(a);
  return { x: r.x + (r.w - w) / 2, y: r.y + (r.h - h) / 2, w, h };
}

/** A box kept inside the frame's safe margin: shrunk to fit first, then moved in; `min` is its smallest side. */
export function fitInFrame(box: Rect, width: number, height: number, min: number): Rect {
  const margin = marginOf(width, height);
  const w = clamp(box.w, min, width - 2 * margin);
  const h = clamp(box.h, min, height - 2 * margin);
  return {
    x: round1(clamp(box.x, margin, width - margin - w)),
    y: round1(clamp(box.y, margin, height - margin - h)),
    w: round1(w),
    h: round1(h),
  };
}

/** `value` kept within [min, max]. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** To a tenth of a pixel, as scenes store places and sizes. */
export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}
