import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.ts";
import { localizations, messagesFor } from "../i18n.ts";
import { en } from "../locales/en.ts";
import type { Messages } from "../locales/messages.ts";
import { EPHEMERAL } from "../interaction.ts";

/** The commands' list, then the lines of the features that keep their words in their own block. */
export const helpText = (m: Messages): string => [m.help, m.polls.helpLine, m.moreHelp].join("\n");

export const help: BotCommand = {
  data: new SlashCommandBuilder().setName("help").setDescription(en.commands.help).setDescriptionLocalizations(localizations((m) => m.commands.help)),
  async execute(interaction) {
    const m = messagesFor(interaction.locale);
    await interaction.reply({ content: helpText(m), flags: EPHEMERAL });
  },
};
