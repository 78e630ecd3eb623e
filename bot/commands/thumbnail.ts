import { SlashCommandBuilder } from "discord.js";
import { z } from "zod";
import { imageAspectIds, imageStyles, MAX_PROMPT_LENGTH } from "../../contract/images.ts";
import { models } from "../../contract/models.ts";
import { PERSONA_HANDLE_PATTERN } from "../../contract/personas.ts";
import type { BotCommand, BotContext } from "../context.ts";
import { botMessages, languageOf, localizations, messagesFor } from "../i18n.ts";
import { en } from "../locales/en.ts";
import type { Messages } from "../locales/messages.ts";
import { EPHEMERAL, type CommandInteraction } from "../interaction.ts";
import { readOptions } from "../options.ts";

/** Discord allows 6000 characters in a message; a prompt needs far fewer. */
const PROMPT_MAX = Math.min(MAX_PROMPT_LENGTH, 1000);
/** The model a request gets when it names none (the server's default: Thumbforge Studio, always available). */
const STUDIO = "studio";

const schema = z.object({
  prompt: z.string().trim().min(1).max(PROMPT_MAX),
  style: z.enum(imageStyles).optional(),
  aspect: z.enum(imageAspectIds).optional(),
  persona: z
    .string()
    .trim()
    .transform((v) => v.replace(/^@/, "").toLowerCase())
    .pipe(z.string().regex(PERSONA_HANDLE_PATTERN))
    .optional(),
  model: z.enum(models.map((m) => m.id) as [string, ...string[]]).optional(),
});

/** Choice names for each of our languages, under each Discord locale. */
const choice = <K extends string>(value: K, pick: (m: Messages) => string) => ({ name: pick(botMessages.en), value, name_localizations: localizations(pick) });

export const thumbnail: BotCommand = {
  data: new SlashCommandBuilder()
    .setName("thumbnail")
    .setDescription(en.commands.thumbnail)
    .setDescriptionLocalizations(localizations((m) => m.commands.thumbnail))
    .addStringOption((o) =>
      o.setName("prompt").setDescription(en.commands.thumbnailPrompt).setDescriptionLocalizations(localizations((m) => m.commands.thumbnailPrompt)).setRequired(true).setMaxLength(PROMPT_MAX),
    )
    .addStringOption((o) =>
      o
        .setName("style")
        .setDescription(en.commands.thumbnailStyle)
        .setDescriptionLocalizations(localizations((m) => m.commands.thumbnailStyle))
        .addChoices(...imageStyles.map((s) => choice(s, (m) => m.styles[s]))),
    )
    .addStringOption((o) =>
      o
        .setName("aspect")
        .setDescription(en.commands.thumbnailAspect)
        .setDescriptionLocalizations(localizations((m) => m.commands.thumbnailAspect))
        .addChoices(...imageAspectIds.map((a) => choice(a, (m) => m.aspects[a]))),
    )
    .addStringOption((o) =>
      o.setName("persona").setDescription(en.commands.thumbnailPersona).setDescriptionLocalizations(localizations((m) => m.commands.thumbnailPersona)).setMaxLength(31),
    )
    .addStringOption((o) =>
      o
        .setName("model")
        .setDescription(en.commands.thumbnailModel)
        .setDescriptionLocalizations(localizations((m) => m.commands.thumbnailModel))
        .addChoices(...models.map((model) => ({ name: model.label, value: model.id }))),
    ),
  async execute(interaction, ctx) {
    // Deferred before anything else: Discord drops an interaction not answered within 3 seconds.
    await interaction.deferReply({ flags: EPHEMERAL });
    const m = messagesFor(interaction.locale);
    const input = readOptions(interaction, schema, ["prompt", "style", "aspect", "persona", "model"], m);
    if (!input.ok) return void (await interaction.editReply({ content: input.message }));
    await generate(interaction, ctx, m, input.value);
  },
};

async function generate(interaction: CommandInteraction, { services, posts }: BotContext, m: Messages, input: z.infer<typeof schema>): Promise<void> {
  const userId = await services.discord.accountOf(interaction.user.id);
  const personaIds = input.persona ? await personaIdsFor(services, userId, input.persona, m, interaction) : [];
  if (personaIds === undefined) return;
  const model = services.generation.findModel(input.model ?? STUDIO);
  const label = model?.label ?? input.model ?? STUDIO;
  if (!model?.available) return void (await interaction.editReply({ content: m.errors.modelUnavailable({ model: label }) }));
  const balance = (await services.credits.balance(userId)) ?? 0;
  if (balance < model.creditCost) return void (await interaction.editReply({ content: m.outOfCredits({ model: label, cost: model.creditCost, credits: balance }) }));
  const target = { applicationId: interaction.applicationId, interactionToken: interaction.token, channelId: interaction.channelId, discordUserId: interaction.user.id };
  try {
    const request = { prompt: input.prompt, style: input.style ?? "realistic", aspect: input.aspect ?? "16:9", model: model.id, personaIds } as const;
    await services.generation.request(userId, request, {
      alsoIn: (tx, imageId) => posts.enqueueIn(tx, { imageId, userId, language: languageOf(interaction.locale), target }),
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
async function personaIdsFor(services: BotContext["services"], userId: string, handle: string, m: Messages, interaction: CommandInteraction): Promise<string[] | undefined> {
  const mine = await services.personas.list(userId);
  const found = mine.find((p) => p.handle.toLowerCase() === handle);
  if (found) return [found.id];
  await interaction.editReply({ content: m.errors.unknownPersona({ known: mine.map((p) => `@${p.handle}`).join(", ") }) });
  return undefined;
}
