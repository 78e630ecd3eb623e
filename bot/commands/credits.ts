import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.ts";
import { localizations, messagesFor } from "../i18n.ts";
import { en } from "../locales/en.ts";
import { EPHEMERAL } from "../interaction.ts";

export const credits: BotCommand = {
  data: new SlashCommandBuilder().setName("credits").setDescription(en.commands.credits).setDescriptionLocalizations(localizations((m) => m.commands.credits)),
  async execute(interaction, { services }) {
    await interaction.deferReply({ flags: EPHEMERAL });
    const m = messagesFor(interaction.locale);
    const userId = await services.discord.accountOf(interaction.user.id);
    const [statement, earlyBird] = await Promise.all([services.credits.statement(userId, { limit: 1 }), services.discord.isEarlyBird(userId)]);
    await interaction.editReply({ content: m.credits({ credits: statement.credits, earlyBird }) });
  },
};
