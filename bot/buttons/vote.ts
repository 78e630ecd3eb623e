import { z } from "zod";
import type { BotButton } from "../context.ts";
import { messagesFor } from "../i18n.ts";
import { EPHEMERAL } from "../interaction.ts";
import { pollMessage } from "../poll-message.ts";

/** `vote:<pollId>:<label>`, as poll-message.ts writes it; anything else, a malformed id too, is not a vote of ours. */
const customIdSchema = z
  .string()
  .regex(/^vote:[^:]+:[A-C]$/)
  .transform((id) => {
    const [, pollId, label] = id.split(":");
    return { pollId, label };
  })
  .pipe(z.object({ pollId: z.uuid(), label: z.enum(["A", "B", "C"]) }));

/**
 * A member's press on a poll's A/B/C button: their vote, set or changed (one per member). The press is acknowledged
 * at once (Discord allows three seconds; the vote's checks and transaction may take longer), then the message is
 * redrawn with the new counts for everyone and the member alone is told what they chose, in their language. A closed
 * poll, a rate limit or a gone poll is answered to the member alone and changes nothing (route-interaction.ts).
 */
export const voteButton: BotButton = {
  prefix: "vote",
  async press(interaction, { services }) {
    const m = messagesFor(interaction.locale);
    const parsed = customIdSchema.safeParse(interaction.customId);
    if (!parsed.success || !interaction.guildId) return void (await interaction.reply({ content: m.polls.gone, flags: EPHEMERAL }));
    await interaction.deferUpdate();
    const { state } = await services.communityPolls.vote({ ...parsed.data, discordUserId: interaction.user.id, guildId: interaction.guildId });
    // The state is read after the vote's commit: a poll closed meanwhile is drawn closed, never with its buttons back on.
    await interaction.editReply({ ...pollMessage(state), allowedMentions: { parse: [] } });
    if (state.status === "open") {
      // Closed while this redraw was on its way, its closing edit may have landed first: drawn closed again, last.
      const now = await services.communityPolls.messageState(state.pollId);
      if (now && now.status !== "open") await interaction.editReply({ ...pollMessage(now), allowedMentions: { parse: [] } });
    }
    await interaction.followUp({ content: m.polls.youVoted({ label: parsed.data.label }), flags: EPHEMERAL });
  },
};
