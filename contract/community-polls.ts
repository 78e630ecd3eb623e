import { z } from "zod/mini";
import { shareTallyRowSchema } from "./shares.ts";

/**
 * Community polls (docs/product/community-votes.md): a creator asks the Discord community to pick between two or three
 * images (an A/B pack, a comparison, or any two or three of their own images). The bot posts them in the configured
 * feedback channel as one message with A/B/C buttons; members vote once (and may change it) until the poll closes.
 * Discord's votes and the share page's votes on the same images add up in one tally, each source shown.
 */
export const COMMUNITY_POLLS_PATH = "/api/community-polls";
export const communityPollPath = (id: string): string => `${COMMUNITY_POLLS_PATH}/${id}`;
export const communityPollClosePath = (id: string): string => `${COMMUNITY_POLLS_PATH}/${id}/close`;

export const communityPollKinds = ["pack", "comparison", "images"] as const;
export type CommunityPollKind = (typeof communityPollKinds)[number];

/** How long a poll takes votes unless its owner closes it sooner. */
export const COMMUNITY_POLL_DEFAULT_HOURS = 24;
export const COMMUNITY_POLL_MAX_HOURS = 168;
export const COMMUNITY_POLL_MIN_IMAGES = 2;
export const COMMUNITY_POLL_MAX_IMAGES = 3;

export const createCommunityPollRequestSchema = z.union([
  z.object({ kind: z.enum(["pack", "comparison"]), targetId: z.uuid(), hours: z.optional(z.int().check(z.minimum(1), z.maximum(COMMUNITY_POLL_MAX_HOURS))) }),
  z.object({
    kind: z.literal("images"),
    imageIds: z.array(z.uuid()).check(z.minLength(COMMUNITY_POLL_MIN_IMAGES), z.maxLength(COMMUNITY_POLL_MAX_IMAGES)),
    hours: z.optional(z.int().check(z.minimum(1), z.maximum(COMMUNITY_POLL_MAX_HOURS))),
  }),
]);
export type CreateCommunityPollRequest = z.infer<typeof createCommunityPollRequestSchema>;

/** Polls that show a pack's, a comparison's or one image's result. */
export const communityPollListQuerySchema = z.union([
  z.object({ kind: z.enum(["pack", "comparison"]), targetId: z.uuid() }),
  z.object({ imageId: z.uuid() }),
]);

/**
 * posting: queued for the bot; open: in the channel, taking votes; closed: its time ran out or its owner closed it;
 * failed: Discord refused the post (the reason is logged; the creator may try again).
 */
export const communityPollStatuses = ["posting", "open", "closed", "failed"] as const;
export type CommunityPollStatus = (typeof communityPollStatuses)[number];

export const communityPollSchema = z.object({
  id: z.string(),
  kind: z.enum(communityPollKinds),
  /** The pack's or the comparison's id; null for a set of images. */
  targetId: z.nullable(z.string()),
  /** In the order of their labels: A, B, C. */
  imageIds: z.array(z.string()),
  status: z.enum(communityPollStatuses),
  createdAt: z.string(),
  closesAt: z.string(),
  closedAt: z.nullable(z.string()),
  /** The Discord message, once posted. */
  messageUrl: z.nullable(z.string()),
  /** One tally for the poll's images: Discord's votes on this poll and the share page's votes on the same images. */
  tally: z.array(shareTallyRowSchema),
  /** The image with the most votes once closed; null while open, with no votes or on a tie. */
  winnerImageId: z.nullable(z.string()),
});
export type CommunityPoll = z.infer<typeof communityPollSchema>;

export const communityPollResponseSchema = z.object({ poll: communityPollSchema });
export type CommunityPollResponse = z.infer<typeof communityPollResponseSchema>;
export const communityPollListResponseSchema = z.object({
  polls: z.array(communityPollSchema),
  /** Whether a new poll can be posted: the bot's Discord server and feedback channel are set and the user is linked. */
  canPost: z.boolean(),
  /** Why not, when not: `not_configured` (the web offers no poll) or `not_linked` (the web says how to link). */
  cannotPostReason: z.nullable(z.enum(["not_configured", "not_linked"])),
});
export type CommunityPollListResponse = z.infer<typeof communityPollListResponseSchema>;
