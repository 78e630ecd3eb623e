import { z } from "zod/mini";
import { imageRecordSchema, MAX_PROMPT_LENGTH } from "./images.ts";
import { languages } from "./languages.ts";

/**
 * Compare models side by side (docs/product/compare.md): one prompt, or one image's scene, tried on the Studio and on
 * every provider model this server has configured, each as its own image, charged together and refunded per failure.
 */
export const COMPARISONS_PATH = "/api/comparisons";
export const comparisonPath = (id: string) => `${COMPARISONS_PATH}/${encodeURIComponent(id)}`;
export const comparisonWinnerPath = (id: string) => `${comparisonPath(id)}/winner`;

/** Comparisons a page of the list holds at most, and by default. */
export const COMPARISONS_PAGE_MAX = 50;
export const COMPARISONS_PAGE_DEFAULT = 20;
export const COMPARISONS_CURSOR_MAX_LENGTH = 200;

const withoutNul = z.refine<string>((value) => !value.includes("\u0000"), { error: "must not contain a NUL character" });

/**
 * POST /api/comparisons: exactly one of `prompt` (a new thumbnail on every model) or `imageId` (one of your finished
 * images: its prompt, style, frame and personas on every model); the route refuses both or neither (`invalid:body`). `conversationId`, one of your conversations, puts the
 * comparison in that chat (its winner becomes the chat's current image). `expectedModels`: the model ids whose price was
 * shown; when the server's set differs by now, nothing is made or charged (409 `conflict:comparison_models_changed`).
 */
export const createComparisonRequestSchema = z.object({
  prompt: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PROMPT_LENGTH), withoutNul)),
  imageId: z.optional(z.uuid()),
  conversationId: z.optional(z.uuid()),
  expectedModels: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1), z.maxLength(32))),
});
export type CreateComparisonRequest = z.infer<typeof createComparisonRequestSchema>;

/**
 * POST /api/comparisons/:id/winner: one of the comparison's finished images; `language` is what the conversation's
 * note about it is written in (the interface's), English by default.
 */
export const pickWinnerRequestSchema = z.object({ imageId: z.uuid(), language: z.optional(z.enum(languages)) });
export type PickWinnerRequest = z.infer<typeof pickWinnerRequestSchema>;

/** A comparison as the API shows it: its images (one per model, in the order they were asked for), live at the time read. */
export const comparisonSchema = z.object({
  id: z.string(),
  prompt: z.string(),
  /** The image whose scene was tried on every model; null for a plain prompt. */
  sourceImageId: z.nullable(z.string()),
  winnerImageId: z.nullable(z.string()),
  conversationId: z.nullable(z.string()),
  /** What the set was charged, less what was refunded for the images that failed. */
  creditsSpent: z.number(),
  createdAt: z.string(),
  images: z.array(imageRecordSchema),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const comparisonResponseSchema = z.object({ comparison: comparisonSchema });
export type ComparisonResponse = z.infer<typeof comparisonResponseSchema>;

export const comparisonListResponseSchema = z.object({ comparisons: z.array(comparisonSchema), nextCursor: z.nullable(z.string()) });
export type ComparisonListResponse = z.infer<typeof comparisonListResponseSchema>;
