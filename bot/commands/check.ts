import { SlashCommandBuilder } from "discord.js";
import sharp from "sharp";
import { z } from "zod";
import { feedSizes } from "../../contract/feed-check.ts";
import { checkResult, renderSlot } from "../../server/compose/bot-words.ts";
import type { BotCommand } from "../context.ts";
import { addPublic } from "../generation-options.ts";
import { languageOf, localizations, messagesFor } from "../i18n.ts";
import { EPHEMERAL } from "../interaction.ts";
import { en } from "../locales/en.ts";
import { finishedImages, suggestOwn } from "../member-choices.ts";
import { readOptions } from "../options.ts";
import { fitMessage } from "../replies.ts";

const schema = z.object({ image: z.uuid().optional() });

/** The prompt is named short, so the findings fit in the message. */
const PROMPT_SHOWN = 120;
/** The phone feed's large slot, dark (the app's default): where most viewers first meet a thumbnail. */
const PHONE = feedSizes["mobile-home"];

/**
 * `/check`: the feed check of one of the member's images (their latest by default), free, as the web and the chat run
 * it (server/feed-check). The picture attached is the image in the phone feed's slot, drawn by the same code the check
 * reads (letterboxed, duration badge, rounded corners); the findings follow as text, in the member's language.
 */
export const check: BotCommand = {
  data: (() => {
    const b = new SlashCommandBuilder().setName("check").setDescription(en.check.command).setDescriptionLocalizations(localizations((m) => m.check.command));
    b.addStringOption((o) => o.setName("image").setDescription(en.check.image).setDescriptionLocalizations(localizations((m) => m.check.image)).setAutocomplete(true));
    return addPublic(b);
  })(),
  async execute(interaction, { services }) {
    // Private first, even when asked for the channel: a refusal or a failure is the member's alone to read.
    await interaction.deferReply({ flags: EPHEMERAL });
    const visible = interaction.options.getBoolean("public") ?? false;
    const m = messagesFor(interaction.locale);
    const input = readOptions(interaction, schema, ["image"], m);
    if (!input.ok) return void (await interaction.editReply({ content: input.message }));
    const userId = await services.discord.accountOf(interaction.user.id);
    const imageId = input.value.image ?? (await finishedImages(services, userId, 1))[0]?.id;
    if (!imageId) return void (await interaction.editReply({ content: m.serviceErrors.noImage }));
    const checked = await services.feedCheck.check(userId, imageId);
    const [record, png] = await Promise.all([services.images.record(userId, imageId), services.images.originalBytes(userId, imageId)]);
    const { width, height } = record.width && record.height ? { width: record.width, height: record.height } : await sharp(png).metadata();
    if (!width || !height) throw new Error(`image ${imageId} has no size`);
    const phone = await renderSlot(png, { width, height }, PHONE, "dark");
    const language = languageOf(interaction.locale);
    const text = [
      m.check.heading({ prompt: fitMessage(record.prompt ?? "", PROMPT_SHOWN), size: `${PHONE.width}×${PHONE.height}` }),
      checkResult(checked, language, { fixItHint: false }),
      checked.findings.some((f) => f.fix) ? m.check.fixWith : "",
    ]
      .filter((line) => line !== "")
      .join("\n");
    const result = { content: fitMessage(text), files: [{ attachment: phone.png, name: `feed-check-phone-${imageId}.png` }] };
    if (!visible) return void (await interaction.editReply(result));
    // The deferral is answered first, so the follow-up is a message of its own in the channel. The prompt is the
    // member's own text: whatever it names, nobody is pinged.
    await interaction.editReply({ content: m.check.posting });
    await interaction.followUp({ ...result, allowedMentions: { parse: [] } });
    await interaction.editReply({ content: m.check.posted });
  },
  autocomplete: suggestOwn,
};
