import { type REST, Routes } from "discord.js";
import { z } from "zod";
import type { PollPoster } from "../server/community-polls/jobs.ts";
import type { DiscordPostOutcome, DiscordPoster } from "../server/discord/post-job.ts";
import type { Logger } from "../server/logger.ts";
import { botMessages } from "./i18n.ts";
import { EPHEMERAL } from "./interaction.ts";
import type { Messages } from "./locales/messages.ts";
import { pollMessage } from "./poll-message.ts";

/** The message a finished post is: the words and the pictures (a pack's three in one message). */
function messageOf(m: Messages, mention: string, outcome: DiscordPostOutcome) {
  const ready = outcome.images.flatMap((i) => (i.status === "ready" ? [i] : []));
  const refunded = outcome.images.reduce((sum, i) => sum + (i.status === "failed" ? i.credits : 0), 0);
  const prompt = outcome.images[0]?.image.prompt ?? "";
  const failedCount = outcome.images.length - ready.length;
  const lines: string[] = [];
  if (ready.length === 0) lines.push(`${mention} ${outcome.kind === "pack" ? m.pack.allFailed({ credits: refunded }) : m.failed({ credits: refunded })}`);
  else if (outcome.kind === "pack") {
    lines.push(m.pack.posted({ mention, prompt, count: ready.length, creditsLeft: outcome.creditsLeft }));
    if (failedCount > 0) lines.push(m.pack.someFailed({ count: failedCount, credits: refunded }));
  } else if (outcome.kind === "edit") lines.push(m.edit.posted({ mention, creditsLeft: outcome.creditsLeft }));
  else lines.push(m.posted({ mention, prompt, creditsLeft: outcome.creditsLeft }));
  if (ready.length > 0 && outcome.note) lines.push(outcome.note);
  return {
    content: lines.join("\n"),
    files: ready.map((i) => ({ name: `thumbnail-${i.image.id}.png`, data: i.png, contentType: "image/png" })),
    // Only failures, or a member who did not ask for the channel, are told privately.
    private: ready.length === 0 || !outcome.public,
  };
}

/**
 * What a log line says of Discord's refusal: its status, code and message. discord.js's error also carries the
 * address (with the interaction's token) and the request's body (the images' bytes).
 */
function refusalOf(err: unknown): { status?: unknown; code?: unknown; message: string } {
  const { status, code, message } = (err ?? {}) as { status?: unknown; code?: unknown; message?: unknown };
  return { status, code, message: typeof message === "string" ? message : String(err) };
}

/**
 * Posts finished thumbnails through Discord's REST API (discord.js's client queues requests and honours its rate
 * limits). First as a follow-up to the member's command, which works for 15 minutes after it (ephemeral unless they
 * asked for the channel); past that, or when Discord refuses the follow-up, a public post goes to the command's
 * channel and a private one to the member's direct messages, never to the channel.
 */
export function createDiscordPoster(rest: REST, logger: Logger): DiscordPoster {
  return {
    polls: createPollPoster(rest),
    async post(target, language, outcome) {
      const m = botMessages[language];
      const message = messageOf(m, `<@${target.discordUserId}>`, outcome);
      const body = { content: message.content, allowed_mentions: { users: [target.discordUserId] } };
      try {
        await rest.post(Routes.webhook(target.applicationId, target.interactionToken), { body: { ...body, flags: message.private ? EPHEMERAL : 0 }, files: message.files, auth: false });
        return;
      } catch (err) {
        if (message.private) logger.warn({ refusal: refusalOf(err) }, "the follow-up was refused; sending the result as a direct message");
        else if (target.channelId) logger.warn({ refusal: refusalOf(err) }, "the follow-up was refused; posting the thumbnail in the channel");
        else throw err;
      }
      const channelId = message.private ? ((await rest.post(Routes.userChannels(), { body: { recipient_id: target.discordUserId } })) as { id: string }).id : target.channelId;
      if (!channelId) throw new Error("no channel to post the result in");
      await rest.post(Routes.channelMessages(channelId), { body, files: message.files });
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
