import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.ts";
import { localizations, messagesFor } from "../i18n.ts";
import { EPHEMERAL } from "../interaction.ts";
import { en } from "../locales/en.ts";
import { fitMessage } from "../replies.ts";

/**
 * `/style`: the member's style kits by name, with their look; `/thumbnail style_kit:` and `/pack style_kit:` make in
 * one (suggested as they type), as "in my style" does in the chat.
 */
export const style: BotCommand = {
  data: new SlashCommandBuilder().setName("style").setDescription(en.style.command).setDescriptionLocalizations(localizations((m) => m.style.command)),
  async execute(interaction, { services }) {
    await interaction.deferReply({ flags: EPHEMERAL });
    const m = messagesFor(interaction.locale);
    const userId = await services.discord.accountOf(interaction.user.id);
    const kits = await services.styleKits.list(userId);
    if (kits.length === 0) return void (await interaction.editReply({ content: m.style.none }));
    const lines = [m.style.heading({ count: kits.length }), ...kits.map((k) => `• **${k.name}** — ${m.styles[k.kit.baseStyle]}`), m.style.use];
    await interaction.editReply({ content: fitMessage(lines.join("\n")) });
  },
};
