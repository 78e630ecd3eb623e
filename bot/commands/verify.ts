import { SlashCommandBuilder } from "discord.js";
import { z } from "zod";
import { OTP_LENGTH } from "../../contract/auth.ts";
import type { BotCommand } from "../context.ts";
import { languageOf, localizations, messagesFor } from "../i18n.ts";
import { en } from "../locales/en.ts";
import { EPHEMERAL } from "../interaction.ts";
import { readOptions } from "../options.ts";

const schema = z.object({ code: z.string().transform((v) => v.replace(/\s/g, "")).pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`))) });

export const verify: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("verify")
    .setDescription(en.commands.verify)
    .setDescriptionLocalizations(localizations((m) => m.commands.verify))
    .addStringOption((o) =>
      o
        .setName("code")
        .setDescription(en.commands.verifyCode)
        .setDescriptionLocalizations(localizations((m) => m.commands.verifyCode))
        .setRequired(true)
        .setMinLength(OTP_LENGTH)
        .setMaxLength(OTP_LENGTH + 4),
    ),
  async execute(interaction, { services, roles, logger }) {
    await interaction.deferReply({ flags: EPHEMERAL });
    const m = messagesFor(interaction.locale);
    const input = readOptions(interaction, schema, ["code"], m);
    if (!input.ok) return void (await interaction.editReply({ content: m.errors.invalidCode }));
    const linked = await services.discord.verifyLink(interaction.user.id, input.value.code, languageOf(interaction.locale));
    let roleGiven = false;
    if (linked.earlyBird) {
      // The link stands even if Discord refuses the role (missing permission): the member still reads that they are one.
      roleGiven = await roles.give(interaction.user.id).catch((err: unknown) => (logger.warn({ err }, "the Early Bird role could not be given"), false));
    }
    await interaction.editReply({ content: m.linked({ email: linked.email, earlyBird: linked.earlyBird, roleGiven, waitlisted: linked.waitlisted }) });
  },
};
