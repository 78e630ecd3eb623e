import { z } from "zod";
import { type ImageRecord, PACK_SIZE } from "../../contract/images.ts";
import { languages, type Language } from "../../contract/languages.ts";
import type { PollPoster } from "../community-polls/service.ts";
import type { CreditsService } from "../credits/service.ts";
import type { ImageService } from "../images/service.ts";
import { defineJobHandler, defineJobType } from "../jobs/job-type.ts";
import { awaitImages, isFinished } from "../realtime/image-waiter.ts";
import type { RealtimeListening } from "../realtime/publisher.ts";

const snowflake = z.string().regex(/^\d{17,20}$/);

/** What a post shows: one thumbnail, an A/B pack's three, or an edit of the member's latest image. */
export const discordPostKinds = ["thumbnail", "pack", "edit"] as const;
export type DiscordPostKind = (typeof discordPostKinds)[number];

/**
 * Posts thumbnails made from Discord back to Discord once they are finished (docs/product/discord-bot.md): one image,
 * or a pack's three in one message. Queued with the generation, in its transaction; run by the bot's job runner, the
 * only process that talks to Discord. The interaction token lets the post follow up on the member's command for 15
 * minutes; past that, a public post goes to the channel and a private one to the member's direct messages.
 */
export const discordPostJob = defineJobType(
  "discord-post",
  z.preprocess(
    // Posts queued before packs existed name one image and were always public.
    (raw) => {
      const legacy = raw as { imageId?: unknown; imageIds?: unknown; public?: unknown } | null;
      if (!legacy || typeof legacy !== "object" || legacy.imageIds !== undefined || typeof legacy.imageId !== "string") return raw;
      const { imageId, ...rest } = legacy;
      return { ...rest, imageIds: [imageId], public: legacy.public ?? true };
    },
    z.object({
      imageIds: z.array(z.uuid()).min(1).max(PACK_SIZE),
      userId: z.uuid(),
      language: z.enum(languages),
      kind: z.enum(discordPostKinds).default("thumbnail"),
      /** In the channel for everyone, or an ephemeral follow-up only the member sees. */
      public: z.boolean(),
      /** Words said with the result once it is made (an edit's scene diff, in the member's language). */
      note: z.string().max(1000).optional(),
      target: z.object({
        applicationId: snowflake,
        interactionToken: z.string().min(1).max(1000),
        channelId: snowflake.nullable(),
        discordUserId: snowflake,
      }),
    }),
  ),
);

export type DiscordPostPayload = z.infer<typeof discordPostJob.payload>;
export type DiscordPostTarget = DiscordPostPayload["target"];

/** One finished image as the post tells it: its picture, or its failure (refunded by its job). */
export type DiscordPostImage = { status: "ready"; image: ImageRecord; png: Buffer } | { status: "failed"; image: ImageRecord; credits: number };

/** What a post says: the images, in order, and the balance after them. */
export interface DiscordPostOutcome {
  kind: DiscordPostKind;
  public: boolean;
  images: DiscordPostImage[];
  creditsLeft: number;
  note?: string | undefined;
}

/** What talks to Discord: the bot's REST client, or a test's recorder. */
export interface DiscordPoster {
  post(target: DiscordPostTarget, language: Language, outcome: DiscordPostOutcome): Promise<void>;
  /** Community polls' messages (server/community-polls/jobs.ts), when this poster can post them: the bot's can. */
  polls?: PollPoster;
}

/** Longer than any generation takes; past it the image's job is stuck (no worker running) and the post gives up. */
const MAX_WAIT_MS = 30 * 60_000;

export function discordPostJobHandler(deps: { images: ImageService; credits: CreditsService; poster: DiscordPoster; realtime: RealtimeListening; maxWaitMs?: number }) {
  const maxWaitMs = deps.maxWaitMs ?? MAX_WAIT_MS;
  return defineJobHandler({
    type: discordPostJob,
    async run({ payload, signal, complete }) {
      // The image is made by the app's worker, maybe on another node: its events, heard through the hub, say when it
      // is done; its record is read once as the wait begins.
      const read = (id: string) => deps.images.record(payload.userId, id);
      const found = await awaitImages({ hub: deps.realtime, read }, payload.userId, payload.imageIds, { signal, timeoutMs: maxWaitMs });
      signal.throwIfAborted();
      if (found.length !== payload.imageIds.length || !found.every(isFinished)) {
        throw new Error(`images ${payload.imageIds.join(", ")} were not finished after ${maxWaitMs} ms; is a worker running?`);
      }
      const images = await Promise.all(
        found.map(async (image): Promise<DiscordPostImage> =>
          image.status === "ready" ? { status: "ready", image, png: await deps.images.originalBytes(payload.userId, image.id) } : { status: "failed", image, credits: image.creditsSpent },
        ),
      );
      const outcome: DiscordPostOutcome = { kind: payload.kind, public: payload.public, images, creditsLeft: (await deps.credits.balance(payload.userId)) ?? 0, note: payload.note };
      await deps.poster.post(payload.target, payload.language, outcome);
      await complete(async () => undefined);
    },
  });
}
