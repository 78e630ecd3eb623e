import { type REST, Routes } from "discord.js";
import type { DiscordPoster } from "../server/discord/post-job.ts";
import type { Logger } from "../server/logger.ts";
import { botMessages } from "./i18n.ts";
import { EPHEMERAL } from "./interaction.ts";

/**
 * Posts finished thumbnails through Discord's REST API (discord.js's client queues requests and honours its rate
 * limits). First as a follow-up to the member's command, which works for 15 minutes after it; past that, or when
 * Discord refuses the follow-up, as a message in the command's channel.
 */
export function createDiscordPoster(rest: REST, logger: Logger): DiscordPoster {
  return {
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
