import { z } from "zod/mini";

/** Thumbnail looks every engine understands (issue 5). Plain constants so the web can list them without zod. */
export const imageStyles = ["realistic", "cartoon", "abstract", "vintage"] as const;
export type ImageStyle = (typeof imageStyles)[number];

/** Output sizes per aspect: YouTube 16:9 (the default), Shorts/Reels 9:16, square posts 1:1. */
export const imageAspects = {
  "16:9": { width: 1280, height: 720 },
  "9:16": { width: 1080, height: 1920 },
  "1:1": { width: 1080, height: 1080 },
} as const satisfies Record<string, { width: number; height: number }>;
export type ImageAspect = keyof typeof imageAspects;
export const imageAspectIds = Object.keys(imageAspects) as ImageAspect[];
export const DEFAULT_ASPECT: ImageAspect = "16:9";
export const DEFAULT_STYLE: ImageStyle = "realistic";

/** SPEC.md §7 caps prompts at 2000 characters. */
export const MAX_PROMPT_LENGTH = 2000;
export const MAX_PERSONAS = 3;

export const imageStyleSchema = z.enum(imageStyles);
export const imageAspectSchema = z.enum(["16:9", "9:16", "1:1"]);

/** One entry of GET /api/models: the model list of contract/models.ts plus whether this server can run it. */
export const modelEntrySchema = z.object({
  id: z.string(),
  label: z.string(),
  provider: z.string(),
  popular: z.boolean(),
  capabilities: z.array(z.string()),
  creditCost: z.number(),
  available: z.boolean(),
  /** When not available: the settings any one of which enables the model. */
  enabledBy: z.optional(z.array(z.string())),
});
export type ModelEntry = z.infer<typeof modelEntrySchema>;
export const modelsResponseSchema = z.object({ models: z.array(modelEntrySchema) });
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;
