import { type APIActionRowComponent, type APIComponentInMessageActionRow, ButtonStyle, ComponentType, SlashCommandBuilder } from "discord.js";
import { z } from "zod";
import { type ImageStyle, PACK_SIZE } from "../../contract/images.ts";
import type { Language } from "../../contract/languages.ts";
import type { DiscordPostTarget } from "../../server/discord/post-job.ts";
import type { BotButton, BotCommand, BotContext } from "../context.ts";
import { addModel, addPersona, addPrompt, addPublic, addStyle, addStyleKit, generationFields, STUDIO } from "../generation-options.ts";
import { languageOf, localizations, messagesFor } from "../i18n.ts";
import { type ButtonPress, EPHEMERAL } from "../interaction.ts";
import { en } from "../locales/en.ts";
import type { Messages } from "../locales/messages.ts";
import { postTarget, styleKitChoice, suggestOwn } from "../member-choices.ts";
import { readOptions } from "../options.ts";
import { createPendingRequests, PENDING_KEY_PATTERN } from "../pending-requests.ts";
import { personaIdsFor } from "./thumbnail.ts";

// The pack is always 16:9 (YouTube's Test & Compare), so it has no aspect option.
const { aspect: _aspect, ...fields } = generationFields;
const schema = z.object(fields);

/** A pack whose price the member has seen and not yet confirmed: everything the confirm needs, checked again then. */
interface PendingPack {
  discordUserId: string;
  userId: string;
  request: { prompt: string; style: ImageStyle; styleKitId?: string; model: string; personaIds: string[] };
  modelLabel: string;
  cost: number;
  language: Language;
  public: boolean;
  target: DiscordPostTarget;
  /** Confirm presses running (they may still fail, on credits): a Cancel meanwhile says so rather than cancelling. */
  confirming: number;
  /** The pack the confirm paid for: once set, no press can charge again, whatever the idempotency key says. */
  packId?: string;
}

const pending = createPendingRequests<PendingPack>();

const PREFIX = "pack";
const customId = (action: "ok" | "no", key: string) => `${PREFIX}:${action}:${key}`;

function confirmRow(m: Messages, key: string): APIActionRowComponent<APIComponentInMessageActionRow> {
  return {
    type: ComponentType.ActionRow,
    components: [
      { type: ComponentType.Button, style: ButtonStyle.Primary, label: m.pack.confirm, custom_id: customId("ok", key) },
      { type: ComponentType.Button, style: ButtonStyle.Secondary, label: m.pack.cancel, custom_id: customId("no", key) },
    ],
  };
}

const builder = new SlashCommandBuilder().setName("pack").setDescription(en.pack.command).setDescriptionLocalizations(localizations((m) => m.pack.command));
for (const add of [addPrompt((m) => m.pack.prompt), addStyle, addPersona, addModel, addStyleKit, addPublic]) add(builder);

/**
 * `/pack`: the A/B pack (three 16:9 variants, one charge) through the generation service's pack request, as the web
 * and the chat make it. The price is shown first, with a button; nothing is charged until the member presses it.
 */
export const pack: BotCommand = {
  data: builder,
  async execute(interaction, { services }) {
    await interaction.deferReply({ flags: EPHEMERAL });
    const m = messagesFor(interaction.locale);
    const input = readOptions(interaction, schema, ["prompt", "style", "persona", "model", "style_kit"], m);
    if (!input.ok) return void (await interaction.editReply({ content: input.message }));
    const { prompt, style, persona, model: modelId, style_kit } = input.value;
    const userId = await services.discord.accountOf(interaction.user.id);
    const personaIds = persona ? await personaIdsFor(services, userId, persona, m, interaction) : [];
    if (personaIds === undefined) return;
    const kit = style_kit ? await styleKitChoice(services, userId, style_kit, style) : undefined;
    if (style_kit && !kit) return void (await interaction.editReply({ content: m.serviceErrors.styleKitNotFound }));
    const model = services.generation.findModel(modelId ?? STUDIO);
    const label = model?.label ?? modelId ?? STUDIO;
    if (!model?.available) return void (await interaction.editReply({ content: m.errors.modelUnavailable({ model: label }) }));
    const cost = model.creditCost * PACK_SIZE;
    const credits = (await services.credits.balance(userId)) ?? 0;
    if (credits < cost) return void (await interaction.editReply({ content: m.outOfCredits({ model: label, cost, credits }) }));
    const key = pending.put({
      discordUserId: interaction.user.id,
      userId,
      request: { prompt, style: kit?.style ?? style ?? "realistic", ...(kit ? { styleKitId: kit.styleKitId } : {}), model: model.id, personaIds },
      modelLabel: label,
      cost,
      language: languageOf(interaction.locale),
      public: interaction.options.getBoolean("public") ?? false,
      target: postTarget(interaction),
      confirming: 0,
    });
    await interaction.editReply({ content: m.pack.quote({ count: PACK_SIZE, model: label, cost, credits }), components: [confirmRow(m, key)] });
  },
  autocomplete: suggestOwn,
};

/**
 * The pack's confirm and cancel buttons. Confirming charges once: the press takes an idempotency key named by the
 * pending request, so a second press (or two at once) finds the first's answer instead of making another pack.
 */
export const packButton: BotButton = {
  prefix: PREFIX,
  async press(interaction, { services, posts }) {
    const m = messagesFor(interaction.locale);
    const [, action, key = ""] = interaction.customId.split(":");
    const request = PENDING_KEY_PATTERN.test(key) ? pending.get(key) : undefined;
    if (!request || (action !== "ok" && action !== "no")) return void (await interaction.update({ content: m.pack.expired, components: [] }));
    if (interaction.user.id !== request.discordUserId) return void (await interaction.reply({ content: m.pack.notYours, flags: EPHEMERAL }));
    const ref = { userId: request.userId, key: `discord-pack:${key}` };
    if (action === "no") {
      if (request.packId) return void (await interaction.reply({ content: m.pack.alreadyConfirmed, flags: EPHEMERAL }));
      if (request.confirming > 0) return void (await interaction.reply({ content: m.pack.beingConfirmed, flags: EPHEMERAL }));
      pending.delete(key);
      return void (await interaction.update({ content: m.pack.cancelled, components: [] }));
    }
    // Deferred first: the charge and three jobs are one transaction, but Discord allows 3 seconds.
    await interaction.deferUpdate();
    // Paid already (this process knows it even when the key's answer is gone): never a second charge.
    if (request.packId) return void (await interaction.followUp({ content: m.pack.alreadyConfirmed, flags: EPHEMERAL }));
    request.confirming += 1;
    try {
      await confirm(interaction, { services, posts }, request, ref, m);
    } finally {
      request.confirming -= 1;
    }
  },
};

/** The confirm's charge, once per pending request: the idempotency key's answer is kept in the charge's own transaction. */
async function confirm(interaction: ButtonPress, { services, posts }: Pick<BotContext, "services" | "posts">, request: PendingPack, ref: { userId: string; key: string }, m: Messages): Promise<void> {
  const outcome = await services.idempotency.begin(ref, ref.key);
  if (outcome.kind === "in-flight") return void (await interaction.followUp({ content: m.pack.stillConfirming, flags: EPHEMERAL }));
  // A replay: the first press paid for the pack (the key's fingerprint is the request's own key, so never a mismatch).
  if (outcome.kind !== "run") return void (await interaction.followUp({ content: m.pack.alreadyConfirmed, flags: EPHEMERAL }));
  let made: Awaited<ReturnType<typeof services.generation.requestPack>>;
  try {
    made = await services.generation.requestPack(request.userId, request.request, {
      alsoIn: async (tx, imageIds) => {
        await posts.enqueueIn(tx, { imageIds: [...imageIds], userId: request.userId, language: request.language, kind: "pack", public: request.public, target: request.target });
        // Kept with the charge: a key let go, or left in flight, after a charge would let a later press charge again.
        await services.idempotency.completeIn(tx, ref, outcome.claim, { status: 202, body: JSON.stringify({ imageIds }) });
      },
      announceFromWorker: true,
    });
  } catch (err) {
    // Nothing was charged: the key is let go, so the member may try again.
    await services.idempotency.release(ref, outcome.claim);
    if ((err as { code?: unknown }).code !== "insufficient_credits:generation") throw err;
    const credits = (await services.credits.balance(request.userId)) ?? 0;
    return void (await interaction.editReply({ content: m.outOfCredits({ model: request.modelLabel, cost: request.cost, credits }), components: [] }));
  }
  request.packId = made.id;
  posts.wake();
  await interaction.editReply({ content: m.pack.working({ count: PACK_SIZE, model: request.modelLabel, cost: request.cost }), components: [] });
}
