import { z } from "zod";
import { imageAspects, imageAspectSchema, imageStyleSchema, MAX_PERSONAS } from "../../contract/images.ts";
import { isArtId } from "./art/art-svg.ts";
import { compositionIds, MAX_VARIANT } from "./compositions.ts";
import type { Scene } from "./scene.ts";
import { kitSides } from "../../contract/style-kits.ts";

/**
 * A stored scene (the image's jsonb `scene` column) read back safely. Everything the renderer trusts is bounded
 * here: colours it parses, sizes it allocates buffers for, counts it loops over. A scene that fails is not edited.
 */
// Coordinates may sit a little outside the frame (shapes, subjects at the edge); sizes stay below a few frames.
const coordinate = z.number().min(-8192).max(8192);
const length = z.number().min(0).max(4096);
const hex = z.string().regex(/^#[0-9a-f]{6}$/i);
const opacity = z.number().min(0).max(1);
const rect = z.object({ x: coordinate, y: coordinate, w: length, h: length });

const paletteSchema = z.object({
  base: hex,
  mid: hex,
  light: hex,
  accents: z.array(hex).min(1).max(8),
  text: hex,
  highlight: hex,
  ink: hex,
  outline: hex,
});

const shapeSchema = z.object({
  kind: z.enum(["bokeh", "blob", "ring", "rect", "wave", "dots", "triangle", "star"]),
  x: coordinate,
  y: coordinate,
  size: length,
  rotation: coordinate,
  color: hex,
  opacity,
});

// A persona is placed and resized in whole pixels (sharp takes integers only), so its geometry is integral.
const pixels = (min: number, max: number) => z.int().min(min).max(max);
const subjectSchema = z.object({
  name: z.string().max(64),
  index: z.int().min(0).max(MAX_PERSONAS - 1),
  box: z.object({ x: pixels(-8192, 8192), y: pixels(-8192, 8192), w: pixels(0, 4096), h: pixels(0, 4096) }),
  // Outline and shadow widths size the padding of a prepared cut-out, so they stay small.
  outline: z.object({ color: hex, width: pixels(0, 128) }),
  shadow: z.object({ dx: pixels(-128, 128), dy: pixels(-128, 128), blur: pixels(0, 128), opacity }),
});

const textSchema = z.object({
  text: z.string().max(400),
  script: z.enum(["latin", "cjk"]),
  face: z.enum(["anton", "abril"]),
  box: rect,
  align: z.enum(["left", "center"]),
  rotation: z.number().min(-45).max(45),
  fill: hex,
  highlight: hex,
  highlightLine: z.int().min(0).max(16),
  stroke: z.object({ color: hex, width: z.number().min(0).max(128) }),
  shadow: z.object({ dx: z.number().min(-128).max(128), dy: z.number().min(-128).max(128), opacity }),
  fixedFill: z.boolean().optional(),
  fixedFace: z.boolean().optional(),
  scale: z.number().min(0.25).max(4).optional(),
  valign: z.enum(["top", "center", "bottom"]).optional(),
  lines: z.array(z.string().max(400)).max(16).optional(),
  size: z.number().min(0).max(4096).optional(),
  plate: z.object({ color: hex, opacity, rect }).optional(),
  backdrop: hex.optional(),
  contrast: z.number().min(1).max(21).optional(),
});

const accentSchema = z.object({
  kind: z.enum(["arrow", "burst", "sparkle"]),
  x: coordinate,
  y: coordinate,
  size: length,
  rotation: coordinate,
  color: hex,
});

// Art is rasterised at its box's size with room for its treatment, so the box stays within a frame's short side.
const artSchema = z.object({
  id: z.string().max(80).refine(isArtId, { message: "not an icon of the art set" }),
  name: z.string().max(80),
  word: z.string().max(80),
  box: z.object({ x: coordinate, y: coordinate, w: z.number().min(8).max(1200), h: z.number().min(8).max(1200) }),
  rotation: z.number().min(-45).max(45),
  role: z.enum(["object", "reaction"]),
  flip: z.boolean().optional(),
  muted: z.boolean().optional(),
});

const point = z.object({ x: coordinate, y: coordinate });
const pointerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("arrow"), from: point, to: point, width: z.number().min(0).max(128), color: hex }),
  z.object({ kind: z.literal("ring"), rect, width: z.number().min(0).max(128), color: hex }),
]);

const badgeSchema = z.object({
  text: z.string().max(24),
  x: coordinate,
  y: coordinate,
  r: z.number().min(0).max(1024),
  rotation: z.number().min(-45).max(45),
  fill: hex,
  color: hex,
  ink: hex,
});

const splitSchema = z.object({
  kind: z.enum(["versus", "before-after"]),
  axis: z.enum(["x", "y"]),
  at: coordinate,
  color: hex,
  labels: z.array(z.object({ text: z.string().max(24), box: rect })).max(2).optional(),
});

export const sceneSchema = z
  .object({
    version: z.literal(1),
    engine: z.literal("studio"),
    seed: z.int().min(0).max(0xffffffff),
    style: imageStyleSchema,
    aspect: imageAspectSchema,
    width: z.int(),
    height: z.int(),
    palette: paletteSchema,
    background: z.object({ style: imageStyleSchema, focus: z.object({ x: coordinate, y: coordinate }), shapes: z.array(shapeSchema).max(64), photo: z.boolean(), fixedColor: z.boolean().optional(), modelPicture: z.boolean().optional() }),
    subjects: z.array(subjectSchema).max(MAX_PERSONAS),
    text: z.array(textSchema).max(4),
    accents: z.array(accentSchema).max(32),
    composition: z.enum(compositionIds).optional(),
    variant: z.int().min(0).max(MAX_VARIANT).optional(),
    art: z.array(artSchema).max(4).optional(),
    badge: badgeSchema.optional(),
    pointers: z.array(pointerSchema).max(4).optional(),
    split: splitSchema.optional(),
    kit: z.object({ side: z.enum(kitSides), case: z.enum(["upper", "mixed"]).optional() }).optional(),
  })
  // The canvas size follows from the aspect; anything else would render at a size nobody asked for.
  .refine((s) => imageAspects[s.aspect].width === s.width && imageAspects[s.aspect].height === s.height, { message: "size does not match the aspect" });

/** The scene, stripped of unknown keys, or undefined when the value is not a Studio scene this engine can render. */
export function parseStudioScene(value: unknown): Scene | undefined {
  const parsed = sceneSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function isStudioScene(value: unknown): value is Scene {
  return sceneSchema.safeParse(value).success;
}
