import { z } from "zod/mini";
import { imageRecordSchema } from "./images.ts";

/**
 * The image editor's document (docs/product/editor.md): what the browser edits and the server renders at full size.
 * It arrives from the browser, so every number, count, string and size is bounded here.
 */
export const EDITOR_MAX_TEXTS = 10;
export const EDITOR_MAX_TEXT_LENGTH = 200;
/** Font sizes in output pixels; the largest frame the app makes is 1920 tall. */
export const EDITOR_FONT_SIZE = { min: 8, max: 600 } as const;
export const EDITOR_STROKE_MAX = 60;
export const EDITOR_SHADOW_BLUR_MAX = 60;
export const EDITOR_SHADOW_OFFSET_MAX = 200;
/** Coordinates may sit a little outside the frame (a layer dragged half off an edge). */
export const EDITOR_COORDINATE_MAX = 16_384;
/** Line spacing of a text layer, as a multiple of its size: the browser preview and the server render share it. */
export const EDITOR_LINE_HEIGHT = 1.1;
/** Brightness, contrast and saturation go from -1 (none) through 0 (unchanged) to 1. */
export const EDITOR_ADJUST_MAX = 1;

/** The edits endpoint's JSON limit: well above a real document (~10 kB) and ten thousand layers of one, so the schema, not the parser, refuses. */
export const EDITOR_BODY_LIMIT = "4mb";

export const editorCropAspects = ["free", "16:9", "9:16", "1:1"] as const;
export type EditorCropAspect = (typeof editorCropAspects)[number];
export const editorFilters = ["none", "mono", "sepia", "vivid", "cool", "warm"] as const;
export type EditorFilter = (typeof editorFilters)[number];
/** The bundled faces (the Studio's): Anton, Abril Fatface, Dela Gothic One (Japanese), ZCOOL KuaiLe (Chinese). */
export const editorFaces = ["anton", "abril", "dela", "kuaile"] as const;
export type EditorFace = (typeof editorFaces)[number];
export const editorAligns = ["left", "center", "right"] as const;
export const editorRotations = [0, 90, 180, 270] as const;
export type EditorRotation = (typeof editorRotations)[number];
export const editorDownloadFormats = ["png", "jpeg", "webp"] as const;
export type EditorDownloadFormat = (typeof editorDownloadFormats)[number];

const hex = z.string().check(z.regex(/^#[0-9a-f]{6}$/i));
const coordinate = z.number().check(z.minimum(-EDITOR_COORDINATE_MAX), z.maximum(EDITOR_COORDINATE_MAX));
const pixel = z.int().check(z.minimum(0), z.maximum(EDITOR_COORDINATE_MAX));
const side = z.int().check(z.minimum(1), z.maximum(EDITOR_COORDINATE_MAX));
const adjustment = z.number().check(z.minimum(-EDITOR_ADJUST_MAX), z.maximum(EDITOR_ADJUST_MAX));
const withoutNul = z.refine<string>((value) => !value.includes("\u0000"), { error: "must not contain a NUL character" });

/** A rectangle of the source image, in its pixels. */
export const editorCropSchema = z.object({ aspect: z.enum(editorCropAspects), x: pixel, y: pixel, w: side, h: side });
export type EditorCrop = z.infer<typeof editorCropSchema>;

export const editorAdjustSchema = z.object({ brightness: adjustment, contrast: adjustment, saturation: adjustment });
export type EditorAdjust = z.infer<typeof editorAdjustSchema>;

/** A text layer in output pixels (after crop and rotation): its top-left corner, rotated about that corner. */
export const editorTextSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9-]{1,40}$/)),
  text: z.string().check(z.minLength(1), z.maxLength(EDITOR_MAX_TEXT_LENGTH), withoutNul),
  face: z.enum(editorFaces),
  size: z.number().check(z.minimum(EDITOR_FONT_SIZE.min), z.maximum(EDITOR_FONT_SIZE.max)),
  fill: hex,
  stroke: z.object({ color: hex, width: z.number().check(z.minimum(0), z.maximum(EDITOR_STROKE_MAX)) }),
  shadow: z.object({
    color: hex,
    blur: z.number().check(z.minimum(0), z.maximum(EDITOR_SHADOW_BLUR_MAX)),
    dx: z.number().check(z.minimum(-EDITOR_SHADOW_OFFSET_MAX), z.maximum(EDITOR_SHADOW_OFFSET_MAX)),
    dy: z.number().check(z.minimum(-EDITOR_SHADOW_OFFSET_MAX), z.maximum(EDITOR_SHADOW_OFFSET_MAX)),
    opacity: z.number().check(z.minimum(0), z.maximum(1)),
  }),
  x: coordinate,
  y: coordinate,
  rotation: z.number().check(z.minimum(-180), z.maximum(180)),
  align: z.enum(editorAligns),
});
export type EditorText = z.infer<typeof editorTextSchema>;

/** A Studio persona moved or resized: the box its cut-out is fitted into, in source pixels. */
export const editorSubjectSchema = z.object({
  index: z.int().check(z.minimum(0), z.maximum(2)),
  box: z.object({ x: z.int().check(z.minimum(-8192), z.maximum(8192)), y: z.int().check(z.minimum(-8192), z.maximum(8192)), w: z.int().check(z.minimum(8), z.maximum(4096)), h: z.int().check(z.minimum(8), z.maximum(4096)) }),
});
export type EditorSubject = z.infer<typeof editorSubjectSchema>;

export const editorDocumentSchema = z.object({
  crop: editorCropSchema,
  rotation: z.literal(editorRotations),
  flipX: z.boolean(),
  flipY: z.boolean(),
  adjust: editorAdjustSchema,
  filter: z.enum(editorFilters),
  texts: z.array(editorTextSchema).check(z.maxLength(EDITOR_MAX_TEXTS)),
  subjects: z.array(editorSubjectSchema).check(z.maxLength(3)),
});
export type EditorDocument = z.infer<typeof editorDocumentSchema>;

/** A Studio persona as the editor shows it: the cut-out drawn the Studio's way (outline, shadow) and where it sits. */
export const editorSubjectLayerSchema = z.object({
  index: z.number(),
  name: z.string(),
  box: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
  /** A PNG data URL of the cut-out with its outline and shadow, padded. */
  sprite: z.string(),
  /** Where the sprite sits for `box`, in source pixels. */
  spriteRect: z.object({ x: z.number(), y: z.number(), w: z.number(), h: z.number() }),
});
export type EditorSubjectLayer = z.infer<typeof editorSubjectLayerSchema>;

/** GET /api/images/:id/layers: the image, and for a Studio image its layers made editable. */
export const editorLayersResponseSchema = z.object({
  image: imageRecordSchema,
  studio: z.nullable(
    z.object({
      /** A PNG data URL of the scene without its headline and personas (nor the frame and accents above them). */
      backplate: z.string(),
      /** A PNG data URL of the frame and accents that lie above the personas, on transparency; null when none. */
      front: z.nullable(z.string()),
      subjects: z.array(editorSubjectLayerSchema),
      texts: z.array(editorTextSchema),
    }),
  ),
});
export type EditorLayersResponse = z.infer<typeof editorLayersResponseSchema>;

/**
 * The colour change of the adjustments and filter as one affine map per pixel, `out = M·rgb + offset` on 0–255
 * values: row-major [r←r, r←g, r←b, r+, g←r, …]. The browser preview and the server render both apply this, so
 * they agree.
 */
export function colourTransform(adjust: EditorAdjust, filter: EditorFilter): number[] {
  let m = identity();
  const saturation = (s: number) => {
    // Rec. 709 luma weights, as CSS saturate() uses.
    const lr = 0.2126 * (1 - s);
    const lg = 0.7152 * (1 - s);
    const lb = 0.0722 * (1 - s);
    return [lr + s, lg, lb, 0, lr, lg + s, lb, 0, lr, lg, lb + s, 0];
  };
  const contrast = (c: number) => [c, 0, 0, 128 * (1 - c), 0, c, 0, 128 * (1 - c), 0, 0, c, 128 * (1 - c)];
  if (filter === "mono") m = compose(saturation(0), m);
  if (filter === "sepia") m = compose([0.393, 0.769, 0.189, 0, 0.349, 0.686, 0.168, 0, 0.272, 0.534, 0.131, 0], m);
  if (filter === "vivid") m = compose(contrast(1.1), compose(saturation(1.45), m));
  if (filter === "cool") m = compose([0.92, 0, 0, 0, 0, 1, 0, 4, 0, 0, 1.1, 12], m);
  if (filter === "warm") m = compose([1.1, 0, 0, 12, 0, 1.02, 0, 4, 0, 0, 0.88, 0], m);
  m = compose(saturation(1 + adjust.saturation), m);
  m = compose(contrast(1 + adjust.contrast), m);
  const b = adjust.brightness * 255;
  return compose([1, 0, 0, b, 0, 1, 0, b, 0, 0, 1, b], m);
}

function identity(): number[] {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0];
}

/** `a` after `b`. */
function compose(a: number[], b: number[]): number[] {
  const out: number[] = [];
  for (let row = 0; row < 3; row++) {
    for (let col = 0; col < 4; col++) {
      let v = col === 3 ? (a[row * 4 + 3] ?? 0) : 0;
      for (let k = 0; k < 3; k++) v += (a[row * 4 + k] ?? 0) * (b[k * 4 + col] ?? 0);
      out.push(v);
    }
  }
  return out;
}

/** Applies `colourTransform` to RGBA bytes in place, alpha untouched. */
export function applyColourTransform(rgba: Uint8Array | Uint8ClampedArray, m: number[]): void {
  const [a0 = 1, a1 = 0, a2 = 0, a3 = 0, b0 = 0, b1 = 1, b2 = 0, b3 = 0, c0 = 0, c1 = 0, c2 = 1, c3 = 0] = m;
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  for (let i = 0; i < rgba.length; i += 4) {
    const r = rgba[i] ?? 0;
    const g = rgba[i + 1] ?? 0;
    const b = rgba[i + 2] ?? 0;
    rgba[i] = clamp(a0 * r + a1 * g + a2 * b + a3);
    rgba[i + 1] = clamp(b0 * r + b1 * g + b2 * b + b3);
    rgba[i + 2] = clamp(c0 * r + c1 * g + c2 * b + c3);
  }
}

/** Output size of a document: the crop, sides swapped by a quarter turn. */
export function outputSize(doc: Pick<EditorDocument, "crop" | "rotation">): { width: number; height: number } {
  const quarter = doc.rotation === 90 || doc.rotation === 270;
  return quarter ? { width: doc.crop.h, height: doc.crop.w } : { width: doc.crop.w, height: doc.crop.h };
}
