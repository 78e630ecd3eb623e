import { SlashCommandBuilder } from "discord.js";
import { z } from "zod";
import type { SceneChanges } from "../../server/generation/engine.ts";
import { describeChanges, readIntent, renderNoChange } from "../../server/compose/bot-words.ts";
import type { BotCommand } from "../context.ts";
import { addPublic, PROMPT_MAX } from "../generation-options.ts";
import { languageOf, localizations, messagesFor } from "../i18n.ts";
import { EPHEMERAL } from "../interaction.ts";
import { en } from "../locales/en.ts";
import { finishedImages, postTarget } from "../member-choices.ts";
import { readOptions } from "../options.ts";

const schema = z.object({ instruction: z.string().trim().min(1).max(PROMPT_MAX) });

/**
 * The edit fields the member's words name, read as the chat reads a message without a language model (its intent
 * reader): "bigger headline", "blue background", "move me left". Words that name no edit give no fields, and the
 * service's scene diff then finds nothing to change on a Studio image.
 */
function changesFrom(instruction: string, imageId: string, language: ReturnType<typeof languageOf>): SceneChanges {
  const intent = readIntent(instruction, { language, imageIds: [imageId], latestBatch: [imageId], attachmentIds: [] });
  if (intent.kind !== "edit") return {};
  const { imageId: _target, instruction: _words, ...changes } = intent.input;
  return changes;
}

/**
 * `/edit`: a follow-up on the member's latest image through the generation service's edit, as the chat's editImage
 * makes it: the scene diff decides the price, and an edit that would change nothing makes no image and charges
 * nothing, and says so. A made edit is posted like /thumbnail's.
 */
export const edit: BotCommand = {
  data: (() => {
    const b = new SlashCommandBuilder().setName("edit").setDescription(en.edit.command).setDescriptionLocalizations(localizations((m) => m.edit.command));
    b.addStringOption((o) =>
      o.setName("instruction").setDescription(en.edit.instruction).setDescriptionLocalizations(localizations((m) => m.edit.instruction)).setRequired(true).setMaxLength(PROMPT_MAX),
    );
    return addPublic(b);
  })(),
  async execute(interaction, { services, posts }) {
    await interaction.deferReply({ flags: EPHEMERAL });
    const m = messagesFor(interaction.locale);
    const language = languageOf(interaction.locale);
    const input = readOptions(interaction, schema, ["instruction"], m);
    if (!input.ok) return void (await interaction.editReply({ content: input.message }));
    const { instruction } = input.value;
    const userId = await services.discord.accountOf(interaction.user.id);
    const latest = (await finishedImages(services, userId, 1))[0];
    if (!latest) return void (await interaction.editReply({ content: m.serviceErrors.noImage }));
    const changes = changesFrom(instruction, latest.id, language);
    // What the edit will change, told with the result once it is made (the same diff the edit itself decides by).
    const preview = await services.generation.previewEdit(userId, { imageId: latest.id, changes });
    const note = describeChanges(preview.changes ?? [], language);
    const visible = interaction.options.getBoolean("public") ?? false;
    const target = postTarget(interaction);
    let outcome: Awaited<ReturnType<typeof services.generation.requestEdit>>;
    try {
      outcome = await services.generation.requestEdit(userId, { imageId: latest.id, instruction, changes }, {
        alsoIn: (tx, imageId) => posts.enqueueIn(tx, { imageIds: [imageId], userId, language, kind: "edit", public: visible, target, ...(note ? { note } : {}) }),
        announceFromWorker: true,
      });
    } catch (err) {
      if ((err as { code?: unknown }).code !== "insufficient_credits:generation") throw err;
      const model = services.generation.findModel(latest.model ?? "studio");
      const credits = (await services.credits.balance(userId)) ?? 0;
      return void (await interaction.editReply({ content: m.outOfCredits({ model: model?.label ?? latest.model ?? "", cost: model?.creditCost ?? 0, credits }) }));
    }
    if (outcome.kind === "no-change") return void (await interaction.editReply({ content: renderNoChange(language, instruction.length) }));
    posts.wake();
    await interaction.editReply({ content: m.edit.working({ cost: outcome.image.creditsSpent }) });
  },
};
