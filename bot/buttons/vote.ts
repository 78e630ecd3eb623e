import { z } from "zod";
import type { BotButton } from "../context.ts";
import { messagesFor } from "../i18n.ts";
import { EPHEMERAL } from "../interaction.ts";
import { pollMessage } from "../poll-message.ts";

/** `vote:<pollId>:<label>`, as poll-message.ts writes it; anything else is not a vote of ours. */
const customIdSchema = z.string().regex(/^vote:[0-9a-f-]{36}:[A-C]$/).transform((id) => {
  const [, pollId, label] = id.split(":");
  return { pollId: z.uuid().parse(pollId), label: label ?? "" };
});

/**
 * A member's press on a poll's A/B/C button: their vote, set or changed (one per member). The answer redraws the
 * message with the new counts for everyone, then tells the member alone what they chose, in their language. A closed
 * poll, a rate limit or a gone poll is answered to the member alone and changes nothing (route-interaction.ts).
 */
export const voteButton: BotButton = {
  prefix: "vote",
  async press(interaction, { services }) {
    const m = messagesFor(interaction.locale);
    const parsed = customIdSchema.safeParse(interaction.customId);
    if (!parsed.success || !interaction.guildId) return void (await interaction.reply({ content: m.polls.gone, flags: EPHEMERAL }));
    const { state } = await services.communityPolls.vote({ ...parsed.data, discordUserId: interaction.user.id, guildId: interaction.guildId });
    await interaction.update({ ...pollMessage(state), allowedMentions: { parse: [] } });
    await interaction.followUp({ content: m.polls.youVoted({ label: parsed.data.label }), flags: EPHEMERAL });
  },
};
