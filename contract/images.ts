import { z } from "zod/mini";

/** The looks every engine understands (docs/product/images.md); plain constants so the web lists them without zod. */
export const imageStyles = ["realistic", "cartoon", "abstract", "vintage"] as const;
export type ImageStyle = (typeof imageStyles)[number];

/** Output sizes per aspect: YouTube 16:9 (the default), Shorts/Reels 9:16, square posts 1:1. */
export const imageAspects = {
  "16:9": { width: 1280, height: 720 },
  "9:16": { width: 1080, height: 1920 },
  "1:1": { width: 1080, height: 1080 },
} as const satisfies Record<string, { width: number; height: number }>;
export type ImageAspect = keyof typeof imageAspects;
export const imageAspectIds = ["16:9", "9:16", "1:1"] as const satisfies readonly ImageAspect[];
export const DEFAULT_ASPECT: ImageAspect = "16:9";
export const DEFAULT_STYLE: ImageStyle = "realistic";

/** Prompts are at most 2000 characters (docs/product/images.md, Looks and sizes). */
export const MAX_PROMPT_LENGTH = 2000;
export const MAX_PERSONAS = 3;

export const imageStyleSchema = z.enum(imageStyles);
export const imageAspectSchema = z.enum(imageAspectIds);

/** One entry of GET /api/models: the model list of contract/models.ts plus whether this server can run it. */
export const modelEntrySchema = z.object({
  id: z.string(),
  label: z.string(),
  provider: z.string(),
  popular: z.boolean(),
  capabilities: z.array(z.string()),
  creditCost: z.number(),
  /** Whether this server can run the model. Which setting would switch it on is for the README and the log only. */
  available: z.boolean(),
});
export type ModelEntry = z.infer<typeof modelEntrySchema>;
export const modelsResponseSchema = z.object({ models: z.array(modelEntrySchema) });
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;

/**
 * Uploads (docs/product/images.md, Uploads): at most 20 MB and 40 megapixels, PNG, JPEG or WebP, sniffed from the
 * bytes; kept 24 hours.
 */
/** The largest image the app takes in or decodes from anywhere (uploads, cut-outs, base images, provider results). */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES;
export const MAX_UPLOAD_PIXELS = MAX_IMAGE_PIXELS;
export const UPLOAD_TTL_HOURS = 24;
export const uploadTypes = ["image/png", "image/jpeg", "image/webp"] as const;

export const imageKinds = ["generated", "subject-replaced", "edited", "upload"] as const;
export type ImageKind = (typeof imageKinds)[number];
/**
 * The gallery's tabs beside All: every made image is under exactly one, and so is every frame saved from a video
 * ("from-video", an upload linked to its video); other uploads are never listed. An `edited` image is a chat edit
 * when a chat conversation made it, an editor save otherwise.
 */
export const galleryKinds = ["generated", "subject-replaced", "chat-edited", "editor-edited", "from-video"] as const;
export type GalleryKind = (typeof galleryKinds)[number];

/** The tab an image is under; none for an upload that is not a video's frame. */
export function galleryKindOf(image: { kind: ImageKind; conversationId?: string | null | undefined; sourceVideo?: SourceVideo | null | undefined }): GalleryKind | undefined {
  return galleryTabOf(image.kind, Boolean(image.conversationId), Boolean(image.sourceVideo));
}
/** The tab of an image of `kind`: an edit is a chat's or the editor's; an upload is under From video when it is a video's frame, else in none. */
export function galleryTabOf(kind: ImageKind, fromChat: boolean, fromVideo = false): GalleryKind | undefined {
  if (kind === "edited") return fromChat ? "chat-edited" : "editor-edited";
  if (kind === "upload") return fromVideo ? "from-video" : undefined;
  return kind;
}

/** The video a saved frame was picked from, as the video was then, and the moment (milliseconds from its start). */
export const sourceVideoSchema = z.object({ videoId: z.string(), name: z.string(), durationMs: z.number(), timeMs: z.number() });
export type SourceVideo = z.infer<typeof sourceVideoSchema>;
export const GALLERY_PAGE_DEFAULT = 24;
export const GALLERY_PAGE_MAX = 60;
export const GALLERY_CURSOR_MAX_LENGTH = 200;
export const imageStatuses = ["pending", "running", "ready", "failed"] as const;
export type ImageStatus = (typeof imageStatuses)[number];
export const imageVariants = ["original", "preview", "thumb"] as const;
export type ImageVariant = (typeof imageVariants)[number];

/**
 * Where a variant's bytes at one version are served (docs/decisions/019-immutable-image-urls.md): the server writes
 * these into records; the web uses the URLs it is given and never builds them.
 */
export const imageBytesPath = (id: string, variant: ImageVariant, version: string): string => `/api/images/${id}/${variant}/${version}`;

/** PostgreSQL text cannot hold a NUL byte: refused as bad input instead of failing in SQL. */
const withoutNul = z.refine<string>((value) => !value.includes("\u0000"), { error: "must not contain a NUL character" });

/** POST /api/generate-kontext-image: the one generation endpoint for every model (docs/product/images.md). */
export const generateImageRequestSchema = z.object({
  prompt: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_PROMPT_LENGTH), withoutNul),
  style: z._default(imageStyleSchema, DEFAULT_STYLE),
  aspect: z._default(imageAspectSchema, DEFAULT_ASPECT),
  model: z.optional(z.string().check(z.maxLength(64), withoutNul)),
  personaIds: z.optional(z.array(z.uuid()).check(z.maxLength(MAX_PERSONAS))),
  baseImageId: z.optional(z.uuid()),
  seed: z.optional(z.int().check(z.minimum(0), z.maximum(0xffffffff))),
  /**
   * A provider model writes the headline into the picture itself, as the creator asked; by default it draws the
   * picture without words and the headline is a text layer over it (docs/product/images.md, Headlines over a model's picture).
   */
  modelText: z.optional(z.boolean()),
  /** One of your style kits (docs/product/style-kits.md): Studio renders in it, a provider model is told it. */
  styleKitId: z.optional(z.uuid()),
});
export type GenerateImageRequest = z.input<typeof generateImageRequestSchema>;

/** An image as the API shows it; `urls` are present once the image is ready. */
export const imageRecordSchema = z.object({
  id: z.string(),
  kind: z.enum(imageKinds),
  status: z.enum(imageStatuses),
  prompt: z.nullable(z.string()),
  style: z.nullable(imageStyleSchema),
  aspect: z.nullable(imageAspectSchema),
  model: z.nullable(z.string()),
  width: z.nullable(z.number()),
  height: z.nullable(z.number()),
  creditsSpent: z.number(),
  /** Why a failed image failed, safe to show; `errorCode` lets the web translate it. */
  error: z.nullable(z.string()),
  errorCode: z.nullable(z.string()),
  /** The image this one was edited from. */
  parentId: z.nullable(z.string()),
  /** The A/B pack this image is one variant of. */
  packId: z.nullable(z.string()),
  /** The video's title as the creator gave it (docs/product/images.md, Video title); null until one is given. */
  title: z.optional(z.nullable(z.string())),
  /** The chat conversation that made it (it may since have been deleted); null for images made elsewhere. */
  conversationId: z.optional(z.nullable(z.string())),
  /** The personas it was made with (ids; the gallery names them and filters by them). */
  personaIds: z.optional(z.array(z.string())),
  /** A frame saved from a video: the video (it may since have been deleted) and the moment; null for other images. */
  sourceVideo: z.optional(z.nullable(sourceVideoSchema)),
  /** The comparison (one prompt on every model, docs/product/compare.md) this image is one model's try of. */
  comparisonId: z.optional(z.nullable(z.string())),
  /** From the request to ready, in milliseconds; null until it is ready (and for images made before it was kept). */
  durationMs: z.optional(z.nullable(z.number())),
  /** The style kit it was made in (it may since have been deleted); null for images made in one of the four looks. */
  styleKitId: z.optional(z.nullable(z.string())),
  createdAt: z.string(),
  urls: z.nullable(z.object({ original: z.string(), preview: z.string(), thumb: z.string(), download: z.string() })),
});
export type ImageRecord = z.infer<typeof imageRecordSchema>;

export const imageResponseSchema = z.object({ image: imageRecordSchema });

/** YouTube's limit for a video title, in characters (docs/product/images.md, Video title). */
export const TITLE_MAX = 100;
export const imageTitlePath = (id: string) => `/api/images/${encodeURIComponent(id)}/title`;

/** A title as it is kept: one line (YouTube titles have no line breaks), trimmed; null when nothing is left. */
export function cleanTitle(title: string | null | undefined): string | null {
  const line = title?.replace(/\s+/gu, " ").trim();
  return line ? line : null;
}

/** Characters as YouTube counts them: an emoji or a CJK character is one. */
export const titleLength = (title: string): number => [...title].length;

/**
 * PUT /api/images/:id/title: the video's title, or null to clear it. A title of only spaces is refused (400); one
 * over TITLE_MAX characters after trimming answers 422 `unprocessable:title_too_long` with the reason.
 */
export const imageTitleRequestSchema = z.object({
  title: z.nullable(z.string().check(z.minLength(1), withoutNul, z.refine((value) => cleanTitle(value) !== null, { error: "must not be blank; send null to clear" }))),
});
export type ImageTitleRequest = z.infer<typeof imageTitleRequestSchema>;

/**
 * The A/B pack (docs/product/images.md, The A/B pack): three variants of one prompt for YouTube's Test & Compare,
 * always 16:9 at 1280×720, each under YouTube's 2 MB limit in the pack's zip.
 */
export const PACK_SIZE = 3;
export const PACK_ASPECT: ImageAspect = "16:9";
/** YouTube's limit for a thumbnail file. */
export const PACK_MAX_FILE_BYTES = 2 * 1024 * 1024;
export const GENERATE_PACK_PATH = "/api/generate-pack";
export const PACKS_PATH = "/api/packs";

export const generatePackRequestSchema = z.object({
  prompt: generateImageRequestSchema.shape.prompt,
  style: generateImageRequestSchema.shape.style,
  model: generateImageRequestSchema.shape.model,
  personaIds: generateImageRequestSchema.shape.personaIds,
  baseImageId: generateImageRequestSchema.shape.baseImageId,
  /**
   * One base image per variant, variant A's first (three moments of a video, docs/product/videos.md): exactly
   * PACK_SIZE distinct images of the user's own; not with `baseImageId`. The last two rules span values, which the
   * OpenAPI document cannot say, so the generation service checks them (400 `invalid:body`).
   */
  baseImageIds: z.optional(z.array(z.uuid()).check(z.length(PACK_SIZE))),
  /** The pack's seed; each variant's own seed is derived from it. */
  seed: generateImageRequestSchema.shape.seed,
  modelText: generateImageRequestSchema.shape.modelText,
  styleKitId: generateImageRequestSchema.shape.styleKitId,
});
export type GeneratePackRequest = z.input<typeof generatePackRequestSchema>;

/** A pack: its id and its three images, variant A first. */
export const packSchema = z.object({ id: z.string(), images: z.array(imageRecordSchema) });
export type Pack = z.infer<typeof packSchema>;
export const packResponseSchema = z.object({ pack: packSchema });
export type PackResponse = z.infer<typeof packResponseSchema>;
export type ImageResponse = z.infer<typeof imageResponseSchema>;

/**
 * GET /api/images/:id: the record and the scene its engine stored beside it — for a Studio image the layered scene it
 * drew (docs/product/studio-engine.md, The scene), for a provider image what the provider was asked; null for uploads,
 * swaps and images not finished.
 */
export const imageDetailResponseSchema = z.object({ image: imageRecordSchema, scene: z.nullable(z.record(z.string(), z.unknown())) });
export type ImageDetailResponse = z.infer<typeof imageDetailResponseSchema>;

/**
 * GET /api/images/:id/versions: the image's line of versions (docs/product/chat.md, Versions): what it was edited
 * from back to the first version, the image, then each newest finished edit after it, oldest first. One image alone
 * is a line of one.
 */
export const imageVersionsResponseSchema = z.object({ versions: z.array(imageRecordSchema) });
export type ImageVersionsResponse = z.infer<typeof imageVersionsResponseSchema>;
export const imageVersionsPath = (id: string) => `/api/images/${encodeURIComponent(id)}/versions`;

/** The longest search the gallery takes: enough for any phrase, short enough to bound the scan. */
export const GALLERY_SEARCH_MAX_LENGTH = 200;

/** How many images each gallery tab holds under the other filters (persona, model, search): All, then per tab. */
export const galleryCountsSchema = z.object({
  all: z.number(),
  generated: z.number(),
  "subject-replaced": z.number(),
  "chat-edited": z.number(),
  "editor-edited": z.number(),
  "from-video": z.number(),
});
export type GalleryCounts = z.infer<typeof galleryCountsSchema>;

/**
 * GET /api/users/:userId/gallery: newest first, `nextCursor` pages on. `counts` comes with the first page only (a
 * page asked for with no cursor): the later ones would repeat it at the cost of a scan each.
 */
export const galleryResponseSchema = z.object({
  images: z.array(imageRecordSchema),
  nextCursor: z.nullable(z.string()),
  counts: z.optional(galleryCountsSchema),
});
export type GalleryResponse = z.infer<typeof galleryResponseSchema>;

/** POST /api/images/zip: several of your ready images' originals in one zip, streamed (docs/product/images.md). */
export const IMAGE_ZIP_PATH = "/api/images/zip";
export const IMAGE_ZIP_MAX = 200;
export const imageZipRequestSchema = z.object({ ids: z.array(z.uuid()).check(z.minLength(1), z.maxLength(IMAGE_ZIP_MAX)) });
export type ImageZipRequest = z.infer<typeof imageZipRequestSchema>;

/** Formats an original can be downloaded in (`?format=` on /api/images/:id/original); converted on the fly. */
export const downloadFormats = ["png", "jpeg", "webp"] as const;
export type DownloadFormat = (typeof downloadFormats)[number];

/** Stages every engine reports, in order; the web maps them to words. */
export const generateStages = ["queued", "layout", "background", "subjects", "text", "encode", "provider", "saving"] as const;
export type GenerateStage = (typeof generateStages)[number];
