import { z } from "zod/mini";

/**
 * Share links (docs/product/sharing.md): a read-only, unguessable, revocable link to an image, an A/B pack or a
 * comparison. The owner's routes live under SHARES_PATH; the visitor's under PUBLIC_SHARE_API_PATH and the page's own
 * path, `/s/<token>`, whose image bytes are answered under `/s/<token>/images/…`.
 */
export const SHARES_PATH = "/api/shares";
export const PUBLIC_SHARE_API_PATH = "/api/s";

export const shareKinds = ["image", "pack", "comparison"] as const;
export type ShareKind = (typeof shareKinds)[number];

/** How long a new link works: for good (until revoked), a day, a week or thirty days. */
export const shareExpiries = ["never", "1d", "7d", "30d"] as const;
export type ShareExpiry = (typeof shareExpiries)[number];
export const shareExpiryMs: Record<Exclude<ShareExpiry, "never">, number> = { "1d": 86_400_000, "7d": 7 * 86_400_000, "30d": 30 * 86_400_000 };

export const shareVoteSources = ["web", "discord"] as const;
export type ShareVoteSource = (typeof shareVoteSources)[number];

/** 32 random bytes, base64url: what a link carries; the server keeps only its SHA-256. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const shareTokenSchema = z.string().check(z.regex(SHARE_TOKEN_PATTERN));

/** The variants of a shared image the page shows: the large preview and the original (the card's image). */
export const shareImageVariants = ["preview", "original"] as const;
export type ShareImageVariant = (typeof shareImageVariants)[number];

/** The public page of a share. */
export const sharePagePath = (token: string): string => `/s/${token}`;
/** A shared image's bytes, answered while the share works and checked on every request. */
export const shareImagePath = (token: string, imageId: string, variant: ShareImageVariant): string => `/s/${token}/images/${imageId}/${variant}`;
export const publicShareApiPath = (token: string): string => `${PUBLIC_SHARE_API_PATH}/${token}`;
export const shareVotePath = (token: string): string => `${PUBLIC_SHARE_API_PATH}/${token}/vote`;

export const createShareRequestSchema = z.object({
  kind: z.enum(shareKinds),
  targetId: z.uuid(),
  expiry: z._default(z.enum(shareExpiries), "never"),
});
export type CreateShareRequest = z.input<typeof createShareRequestSchema>;

export const shareListQuerySchema = z.object({ kind: z.enum(shareKinds), targetId: z.uuid() });

/** One choice's votes, per source: the share page's and Discord's add up in one tally. */
export const shareTallyRowSchema = z.object({
  imageId: z.string(),
  /** A, B, C… in the order the page shows them. */
  label: z.string(),
  web: z.int(),
  discord: z.int(),
  total: z.int(),
});
export type ShareTallyRow = z.infer<typeof shareTallyRowSchema>;

export const shareStatuses = ["active", "expired", "revoked"] as const;

/** A link as its owner sees it. The link itself is shown once, when it is made: only its hash is kept. */
export const shareSchema = z.object({
  id: z.string(),
  kind: z.enum(shareKinds),
  targetId: z.string(),
  status: z.enum(shareStatuses),
  createdAt: z.string(),
  expiresAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  /** Empty for a single image, which is not voted on. */
  tally: z.array(shareTallyRowSchema),
});
export type Share = z.infer<typeof shareSchema>;

export const createShareResponseSchema = z.object({
  share: shareSchema,
  /** The page's path, `/s/<token>`: the only time the token is sent. */
  path: z.string(),
});
export type CreateShareResponse = z.infer<typeof createShareResponseSchema>;

export const shareListResponseSchema = z.object({ shares: z.array(shareSchema) });
export type ShareListResponse = z.infer<typeof shareListResponseSchema>;

export const shareResponseSchema = z.object({ share: shareSchema });
export type ShareResponse = z.infer<typeof shareResponseSchema>;

/** One shared image as a visitor sees it: no prompt, no owner, no other image. */
export const sharedImageSchema = z.object({
  id: z.string(),
  label: z.nullable(z.string()),
  title: z.nullable(z.string()),
  width: z.nullable(z.int()),
  height: z.nullable(z.int()),
  urls: z.object({ preview: z.string(), original: z.string() }),
});
export type SharedImage = z.infer<typeof sharedImageSchema>;

export const publicShareResponseSchema = z.object({
  kind: z.enum(shareKinds),
  expiresAt: z.nullable(z.string()),
  images: z.array(sharedImageSchema),
  /** Whether visitors may vote (packs and comparisons of two or more ready images). */
  voting: z.boolean(),
  /** This browser's vote, when it has voted. */
  myVote: z.nullable(z.string()),
});
export type PublicShareResponse = z.infer<typeof publicShareResponseSchema>;

export const shareVoteRequestSchema = z.object({ imageId: z.uuid() });
export const shareVoteResponseSchema = z.object({ myVote: z.string() });
export type ShareVoteResponse = z.infer<typeof shareVoteResponseSchema>;
