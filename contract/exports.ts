import { z } from "zod/mini";
import { type ImageAspect, imageAspects, PACK_MAX_FILE_BYTES } from "./images.ts";

/**
 * Exports of an image for every screen (docs/product/images.md, Exports): YouTube's thumbnail under its 2 MB limit,
 * a 4K master drawn again from the Studio scene, and the same scene laid out for Shorts, square and 16:9.
 */
export const exportKinds = ["youtube", "master", "9x16", "1x1", "16x9"] as const;
export type ExportKind = (typeof exportKinds)[number];
export const exportKindSchema = z.enum(exportKinds);

/** The frame each re-layout kind is drawn in. */
export const exportAspects = { "9x16": "9:16", "1x1": "1:1", "16x9": "16:9" } as const satisfies Record<string, ImageAspect>;

/** A master is the scene drawn at the TV's 2160 lines: 3840×2160 for 16:9, 2160×3840 for 9:16, 2160×2160 for 1:1. */
export const MASTER_SHORT_SIDE = 2160;

export function masterSize(aspect: ImageAspect): { width: number; height: number } {
  const { width, height } = imageAspects[aspect];
  const k = MASTER_SHORT_SIDE / Math.min(width, height);
  return { width: Math.round(width * k), height: Math.round(height * k) };
}

/** YouTube's limit for a thumbnail file, which the youtube export always stays under. */
export const EXPORT_YOUTUBE_MAX_BYTES = PACK_MAX_FILE_BYTES;

/**
 * Why an export is not offered: the image has no Studio scene to draw again (an upload, a provider's picture), or
 * what its scene was drawn with is gone (a persona deleted, a base photo expired).
 */
export const exportUnavailableReasons = ["no_scene", "parts_missing", "model_picture"] as const;
export type ExportUnavailableReason = (typeof exportUnavailableReasons)[number];

export const exportOptionSchema = z.object({
  kind: exportKindSchema,
  available: z.boolean(),
  reason: z.nullable(z.enum(exportUnavailableReasons)),
  width: z.number(),
  height: z.number(),
  /** The file's name when downloaded (the youtube export's extension is decided when it is made: .png or .jpg). */
  fileName: z.string(),
});
export type ExportOption = z.infer<typeof exportOptionSchema>;

export const exportsResponseSchema = z.object({ exports: z.array(exportOptionSchema), zipName: z.string() });
export type ExportsResponse = z.infer<typeof exportsResponseSchema>;

/** The response header that says which format the youtube export came out as. */
export const EXPORT_FORMAT_HEADER = "X-Export-Format";
export const exportFormats = ["png", "jpeg"] as const;

export const exportsPath = (imageId: string) => `/api/images/${encodeURIComponent(imageId)}/exports`;
export const exportPath = (imageId: string, kind: ExportKind) => `/api/images/${encodeURIComponent(imageId)}/export/${kind}`;
export const exportZipPath = (imageId: string) => `/api/images/${encodeURIComponent(imageId)}/export.zip`;
