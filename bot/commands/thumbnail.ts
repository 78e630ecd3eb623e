import { SlashCommandBuilder } from "discord.js";
import { z } from "zod";
import type { BotCommand, BotContext } from "../context.ts";
import { addAspect, addModel, addPersona, addPrompt, addPublic, addStyle, addStyleKit, generationFields, STUDIO } from "../generation-options.ts";
import { languageOf, localizations, messagesFor } from "../i18n.ts";
import { en } from "../locales/en.ts";
import type { Messages } from "../locales/messages.ts";
import { EPHEMERAL, type CommandInteraction } from "../interaction.ts";
import { personaByHandle, postTarget, styleKitChoice, suggestOwn } from "../member-choices.ts";
import { readOptions } from "../options.ts";

const schema = z.object(generationFields);

const builder = new SlashCommandBuilder().setName("thumbnail").setDescription(en.commands.thumbnail).setDescriptionLocalizations(localizations((m) => m.commands.thumbnail));
for (const add of [addPrompt((m) => m.commands.thumbnailPrompt), addStyle, addAspect, addPersona, addModel, addStyleKit, addPublic]) add(builder);

export const thumbnail: BotCommand = {
  data: builder,
  async execute(interaction, ctx) {
    // Deferred before anything else: Discord drops an interaction not answered within 3 seconds.
    await interaction.deferReply({ flags: EPHEMERAL });
    const m = messagesFor(interaction.locale);
    const input = readOptions(interaction, schema, ["prompt", "style", "aspect", "persona", "model", "style_kit"], m);
    if (!input.ok) return void (await interaction.editReply({ content: input.message }));
    await generate(interaction, ctx, m, input.value);
  },
  autocomplete: suggestOwn,
};

async function generate(interaction: CommandInteraction, { services, posts }: BotContext, m: Messages, input: z.infer<typeof schema>): Promise<void> {
  const userId = await services.discord.accountOf(interaction.user.id);
  const personaIds = input.persona ? await personaIdsFor(services, userId, input.persona, m, interaction) : [];
  if (personaIds === undefined) return;
  const kit = input.style_kit ? await styleKitChoice(services, userId, input.style_kit, input.style) : undefined;
  if (input.style_kit && !kit) return void (await interaction.editReply({ content: m.serviceErrors.styleKitNotFound }));
  const model = services.generation.findModel(input.model ?? STUDIO);
  const label = model?.label ?? input.model ?? STUDIO;
  if (!model?.available) return void (await interaction.editReply({ content: m.errors.modelUnavailable({ model: label }) }));
  const balance = (await services.credits.balance(userId)) ?? 0;
  if (balance < model.creditCost) return void (await interaction.editReply({ content: m.outOfCredits({ model: label, cost: model.creditCost, credits: balance }) }));
  const target = postTarget(interaction);
  const visible = interaction.options.getBoolean("public") ?? false;
  try {
    const request = {
      prompt: input.prompt,
      style: kit?.style ?? input.style ?? "realistic",
      ...(kit ? { styleKitId: kit.styleKitId } : {}),
      aspect: input.aspect ?? "16:9",
      model: model.id,
      personaIds,
    } as const;
    await services.generation.request(userId, request, {
      alsoIn: (tx, imageId) => posts.enqueueIn(tx, { imageIds: [imageId], userId, language: languageOf(interaction.locale), kind: "thumbnail", public: visible, target }),
      // The bot holds no browser sockets: the worker tells the web tabs the new balance.
      announceFromWorker: true,
    });
  } catch (err) {
    // Spent elsewhere between the check and the charge.
    if ((err as { code?: unknown }).code !== "insufficient_credits:generation") throw err;
    const left = (await services.credits.balance(userId)) ?? 0;
    return void (await interaction.editReply({ content: m.outOfCredits({ model: label, cost: model.creditCost, credits: left }) }));
  }
  posts.wake();
  await interaction.editReply({ content: m.working({ model: label, cost: model.creditCost }) });
}

/** The persona's id, or undefined after telling the member which handles they have. */
export async function personaIdsFor(services: BotContext["services"], userId: string, handle: string, m: Messages, interaction: CommandInteraction): Promise<string[] | undefined> {
  const found = await personaByHandle(services, userId, handle);
  if (found) return [found.id];
  const mine = await services.personas.list(userId);
  await interaction.editReply({ content: m.errors.unknownPersona({ known: mine.map((p) => `@${p.handle}`).join(", ") }) });
  return undefined;
}
