import { SlashCommandBuilder } from "discord.js";
import type { BotCommand } from "../context.ts";
import { contactSheet, SHEET_MAX } from "../contact-sheet.ts";
import { localizations, messagesFor } from "../i18n.ts";
import { EPHEMERAL } from "../interaction.ts";
import { en } from "../locales/en.ts";
import { fitMessage } from "../replies.ts";

/** `/personas`: the member's personas with their @handles, and their faces on one contact sheet. Only they see it. */
export const personas: BotCommand = {
  data: new SlashCommandBuilder().setName("personas").setDescription(en.personas.command).setDescriptionLocalizations(localizations((m) => m.personas.command)),
  async execute(interaction, { services }) {
    await interaction.deferReply({ flags: EPHEMERAL });
    const m = messagesFor(interaction.locale);
    const userId = await services.discord.accountOf(interaction.user.id);
    const mine = await services.personas.list(userId);
    if (mine.length === 0) return void (await interaction.editReply({ content: m.personas.none }));
    const faces = await Promise.all(
      mine.slice(0, SHEET_MAX).map(async (p) => ({ label: `@${p.handle}`, png: await services.storage.get(await services.personas.fileKey(userId, p.id, "thumb", "persona")) })),
    );
    const lines = [m.personas.heading({ count: mine.length }), ...mine.map((p) => `• **@${p.handle}** — ${p.name}`), m.personas.use];
    await interaction.editReply({ content: fitMessage(lines.join("\n")), files: [{ attachment: await contactSheet(faces), name: "personas.png" }] });
  },
};
