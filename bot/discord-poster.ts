import { type REST, Routes } from "discord.js";
import { z } from "zod";
import type { PollPoster } from "../server/community-polls/jobs.ts";
import type { DiscordPoster } from "../server/discord/post-job.ts";
import type { Logger } from "../server/logger.ts";
import { botMessages } from "./i18n.ts";
import { EPHEMERAL } from "./interaction.ts";
import { pollMessage } from "./poll-message.ts";

/**
 * Posts finished thumbnails through Discord's REST API (discord.js's client queues requests and honours its rate
 * limits). First as a follow-up to the member's command, which works for 15 minutes after it; past that, or when
 * Discord refuses the follow-up, as a message in the command's channel.
 */
export function createDiscordPoster(rest: REST, logger: Logger): DiscordPoster {
  return {
    polls: createPollPoster(rest),
    async post(target, language, outcome) {
      const m = botMessages[language];
      const mention = `<@${target.discordUserId}>`;
      const allowed_mentions = { users: [target.discordUserId] };
      const message =
        outcome.status === "ready"
          ? {
              body: { content: m.posted({ mention, prompt: outcome.image.prompt ?? "", creditsLeft: outcome.creditsLeft }), allowed_mentions },
              files: [{ name: `thumbnail-${outcome.image.id}.png`, data: outcome.png, contentType: "image/png" }],
            }
          : { body: { content: `${mention} ${m.failed({ credits: outcome.credits })}`, allowed_mentions }, files: [] };
      try {
        const flags = outcome.status === "failed" ? EPHEMERAL : 0;
        await rest.post(Routes.webhook(target.applicationId, target.interactionToken), { body: { ...message.body, flags }, files: message.files, auth: false });
      } catch (err) {
        if (!target.channelId) throw err;
        logger.warn({ err }, "the follow-up was refused; posting the thumbnail in the channel");
        await rest.post(Routes.channelMessages(target.channelId), { body: message.body, files: message.files });
      }
    },
  };
}

/** What Discord answers a new message with, as far as the poll keeps it. */
const postedMessageSchema = z.object({ id: z.string().regex(/^\d{17,20}$/) });

/**
 * Community polls' messages: one message in the feedback channel with the images attached in label order and a
 * button per image; later edits change its words and buttons only (the images stay). Mentions never ping.
 */
export function createPollPoster(rest: REST): PollPoster {
  return {
    async post(channelId, state, files) {
      const answer = await plainly("the poll's post", () =>
        rest.post(Routes.channelMessages(channelId), {
          body: { ...pollMessage(state), allowed_mentions: { parse: [] } },
          files: files.map((file) => ({ name: file.name, data: file.data, contentType: file.contentType })),
        }),
      );
      return { messageId: postedMessageSchema.parse(answer).id };
    },
    async edit(channelId, messageId, state) {
      await plainly("the poll's edit", () => rest.patch(Routes.channelMessage(channelId, messageId), { body: { ...pollMessage(state), allowed_mentions: { parse: [] } } }));
    },
  };
}

/**
 * Discord's refusal as the job's log should read it: its status, code and message. discord.js's error also carries
 * the request's body, here the images' bytes, which have no place in a log line.
 */
async function plainly<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const { status, code, message } = err as { status?: unknown; code?: unknown; message?: unknown };
    throw new Error(`Discord refused ${what}: ${[status, code, message ?? String(err)].filter((part) => part !== undefined && part !== "").join(" ")}`);
  }
}
