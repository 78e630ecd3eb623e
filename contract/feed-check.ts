import { z } from "zod/mini";
import { editImageInputSchema } from "./image-edit.ts";
import { imageRecordSchema } from "./images.ts";

/**
 * The feed check (docs/product/feed-check.md): an image shrunk to the sizes YouTube really shows it at, with the
 * duration badge where YouTube draws it, its words read back, and what to fix, each fix a scene edit.
 */

export const FEED_CHECK_PATH = (id: string): string => `/api/images/${id}/check`;
export const FEED_FIX_PATH = (id: string): string => `/api/images/${id}/fix`;

/** Where a thumbnail is seen, and the size YouTube draws it at there (CSS pixels, 16:9 slots). */
export const feedSizeIds = ["desktop-home", "desktop-search", "desktop-up-next", "mobile-home", "mobile-search", "tv"] as const;
export type FeedSizeId = (typeof feedSizeIds)[number];
export const feedSizes: Record<FeedSizeId, { width: number; height: number; phone: boolean }> = {
  "desktop-home": { width: 360, height: 202, phone: false },
  "desktop-search": { width: 360, height: 202, phone: false },
  "desktop-up-next": { width: 168, height: 94, phone: false },
  "mobile-home": { width: 343, height: 193, phone: true },
  "mobile-search": { width: 168, height: 94, phone: true },
  tv: { width: 427, height: 240, phone: false },
};
export const feedThemes = ["dark", "light"] as const;
export type FeedTheme = (typeof feedThemes)[number];

/**
 * How the words were read: OCR on the shrunk pixels, the scene's measured cap height and contrast (no OCR data for the
 * script), or not at all ("none": no headline is known, or a CJK headline without a scene to measure). With "none"
 * no size is said to read: `reads` stays false, `readsOnPhones` is false, and the panel says the words were not checked.
 */
export const readMethods = ["ocr", "scene", "none"] as const;
export type ReadMethod = (typeof readMethods)[number];

export const feedVerdicts = ["pass", "warn", "fail"] as const;
export type FeedVerdict = (typeof feedVerdicts)[number];

export const feedSizeResultSchema = z.object({
  size: z.enum(feedSizeIds),
  theme: z.enum(feedThemes),
  width: z.number(),
  height: z.number(),
  verdict: z.enum(feedVerdicts),
  /** Whether the headline reads at this size. */
  reads: z.boolean(),
  /** What OCR read back (null when the scene method was used or there are no words to read). */
  readBack: z.nullable(z.string()),
  /** Normalised edit distance between the intended and the read-back words, 0 (same) to 1; null without OCR. */
  distance: z.nullable(z.number()),
  /** The headline's cap (or CJK character) height at this size, in pixels; null without a text layer. */
  capHeight: z.nullable(z.number()),
  /** WCAG contrast of the headline against the pixels behind it at this size; null without a known headline box. */
  contrast: z.nullable(z.number()),
});
export type FeedSizeResult = z.infer<typeof feedSizeResultSchema>;

export const findingIds = ["small-headline", "misread", "low-contrast", "under-badge", "small-subject", "near-identical", "repeats-title", "unreadable"] as const;
export type FindingId = (typeof findingIds)[number];

/** A scene edit that mends a finding: the chat's edit fields, without the words (the server writes the instruction). */
export const fixChangesSchema = z.omit(editImageInputSchema, { imageId: true, instruction: true });
export type FixChanges = z.infer<typeof fixChangesSchema>;

export const findingSchema = z.object({
  id: z.enum(findingIds),
  severity: z.enum(["fail", "warn"]),
  /** The sizes it shows at (empty when it is about the whole image). */
  sizes: z.array(z.enum(feedSizeIds)),
  /** Figures a sentence about it needs, e.g. { capHeight: 5.2 }, { misread: "CODNG" }, { overlap: 0.75 }, { hook: "…" }. */
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The edit that mends it; null when no scene edit can (it is advice). */
  fix: z.nullable(z.object({ id: z.enum(["bigger-headline", "stronger-outline", "move-text", "darker-backdrop", "bigger-subject", "new-hook", "text-layer"]), changes: fixChangesSchema })),
});
export type Finding = z.infer<typeof findingSchema>;

export const feedCheckSchema = z.object({
  imageId: z.string(),
  /** The headline the check expected to read (the scene's, else the prompt's), or null when none is known. */
  headline: z.nullable(z.string()),
  title: z.nullable(z.string()),
  method: z.enum(readMethods),
  /** The OCR language data used (e.g. "eng"), null with the scene method. */
  ocrLanguage: z.nullable(z.string()),
  /** The compact line a chat card shows: true when every phone size reads. */
  readsOnPhones: z.boolean(),
  sizes: z.array(feedSizeResultSchema),
  findings: z.array(findingSchema),
  checkedAt: z.string(),
});
export type FeedCheck = z.infer<typeof feedCheckSchema>;
export const feedCheckResponseSchema = z.object({ check: feedCheckSchema });

export const feedFixRequestSchema = z.object({ finding: z.enum(findingIds) });

/** The fix's answer: the edit queued as a new image (202), or nothing to change (200: the scene already is that way). */
export const feedFixResponseSchema = z.union([z.object({ image: imageRecordSchema }), z.object({ outcome: z.literal("no-change") })]);
export type FeedFixResponse = z.infer<typeof feedFixResponseSchema>;
export type FeedCheckResponseBody = z.infer<typeof feedCheckResponseSchema>;
