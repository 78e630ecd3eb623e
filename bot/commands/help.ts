import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.ts";
import { localizations, messagesFor } from "../i18n.ts";
import { en } from "../locales/en.ts";
import { EPHEMERAL } from "../interaction.ts";

export const help: BotCommand = {
  data: new SlashCommandBuilder().setName("help").setDescription(en.commands.help).setDescriptionLocalizations(localizations((m) => m.commands.help)),
  async execute(interaction) {
    const m = messagesFor(interaction.locale);
    await interaction.reply({ content: `${m.help}\n${m.moreHelp}`, flags: EPHEMERAL });
  },
};
