import { z } from "zod";
import type { ImageRecord } from "../../contract/images.ts";
import { languages, type Language } from "../../contract/languages.ts";
import type { PollPoster } from "../community-polls/service.ts";
import type { CreditsService } from "../credits/service.ts";
import type { ImageService } from "../images/service.ts";
import { defineJobHandler, defineJobType } from "../jobs/job-type.ts";
import { awaitImages, isFinished } from "../realtime/image-waiter.ts";
import type { RealtimeListening } from "../realtime/publisher.ts";

const snowflake = z.string().regex(/^\d{17,20}$/);

/**
 * Posts a thumbnail made from Discord back to Discord once it is finished (docs/product/discord-bot.md, /thumbnail).
 * Queued with the generation, in its transaction; run by the bot's job runner, the only process that talks to Discord.
 * The interaction token lets the post follow up on the member's command for 15 minutes; the channel is the fallback.
 */
export const discordPostJob = defineJobType(
  "discord-post",
  z.object({
    imageId: z.uuid(),
    userId: z.uuid(),
    language: z.enum(languages),
    target: z.object({
      applicationId: snowflake,
      interactionToken: z.string().min(1).max(1000),
      channelId: snowflake.nullable(),
      discordUserId: snowflake,
    }),
  }),
);

export type DiscordPostPayload = z.infer<typeof discordPostJob.payload>;
export type DiscordPostTarget = DiscordPostPayload["target"];

/** A finished image as the post tells it: the picture and the balance left, or the refund of a failed one. */
export type DiscordPostOutcome =
  | { status: "ready"; image: ImageRecord; png: Buffer; creditsLeft: number }
  | { status: "failed"; image: ImageRecord; credits: number };

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
      const [image] = await awaitImages({ hub: deps.realtime, read }, payload.userId, [payload.imageId], { signal, timeoutMs: maxWaitMs });
      signal.throwIfAborted();
      if (!image || !isFinished(image)) throw new Error(`image ${payload.imageId} was not finished after ${maxWaitMs} ms; is a worker running?`);
      const outcome: DiscordPostOutcome =
        image.status === "ready"
          ? { status: "ready", image, png: await deps.images.originalBytes(payload.userId, image.id), creditsLeft: (await deps.credits.balance(payload.userId)) ?? 0 }
          : { status: "failed", image, credits: image.creditsSpent };
      await deps.poster.post(payload.target, payload.language, outcome);
      await complete(async () => undefined);
    },
  });
}
