import { SlashCommandBuilder } from "discord.js";
import { z } from "zod";
import type { BotCommand } from "../context.ts";
import { languageOf, localizations, messagesFor } from "../i18n.ts";
import { en } from "../locales/en.ts";
import { EPHEMERAL } from "../interaction.ts";
import { readOptions } from "../options.ts";

const schema = z.object({ email: z.string().trim().min(3).max(254).includes("@") });

export const link: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("link")
    .setDescription(en.commands.link)
    .setDescriptionLocalizations(localizations((m) => m.commands.link))
    .addStringOption((o) =>
      o.setName("email").setDescription(en.commands.linkEmail).setDescriptionLocalizations(localizations((m) => m.commands.linkEmail)).setRequired(true).setMaxLength(254),
    ),
  async execute(interaction, { services }) {
    // Sending a mail can take longer than Discord's 3 seconds.
    await interaction.deferReply({ flags: EPHEMERAL });
    const m = messagesFor(interaction.locale);
    const input = readOptions(interaction, schema, ["email"], m);
    if (!input.ok) return void (await interaction.editReply({ content: m.errors.invalidEmail }));
    const sent = await services.discord.requestLink(interaction.user.id, input.value.email, languageOf(interaction.locale));
    await interaction.editReply({ content: m.linkSent(sent) });
  },
};
