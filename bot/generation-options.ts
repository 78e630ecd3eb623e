import type { SlashCommandBuilder } from "discord.js";
import { z } from "zod";
import { imageAspectIds, imageStyles, MAX_PROMPT_LENGTH } from "../contract/images.ts";
import { models } from "../contract/models.ts";
import { PERSONA_HANDLE_PATTERN } from "../contract/personas.ts";
import { botMessages, localizations } from "./i18n.ts";
import { en } from "./locales/en.ts";
import type { Messages } from "./locales/messages.ts";

/** Discord allows 6000 characters in a message; a prompt needs far fewer. */
export const PROMPT_MAX = Math.min(MAX_PROMPT_LENGTH, 1000);
/** The model a request gets when it names none (the server's default: Thumbforge Studio, always available). */
export const STUDIO = "studio";

/** The options /thumbnail and /pack share, checked as the app checks them. */
export const generationFields = {
  prompt: z.string().trim().min(1).max(PROMPT_MAX),
  style: z.enum(imageStyles).optional(),
  persona: z
    .string()
    .trim()
    .transform((v) => v.replace(/^@/, "").toLowerCase())
    .pipe(z.string().regex(PERSONA_HANDLE_PATTERN))
    .optional(),
  model: z.enum(models.map((m) => m.id) as [string, ...string[]]).optional(),
  /** A kit's id (what its suggestion gives) or its name typed out. */
  style_kit: z.string().trim().min(1).max(100).optional(),
  aspect: z.enum(imageAspectIds).optional(),
};

/** Choice names for each of our languages, under each Discord locale. */
const choice = <K extends string>(value: K, pick: (m: Messages) => string) => ({ name: pick(botMessages.en), value, name_localizations: localizations(pick) });

/** A described option: English by default, localised for the other five languages. */
type Described = { setDescription(d: string): Described; setDescriptionLocalizations(l: Record<string, string>): Described };
const describe = <T extends Described>(option: T, pick: (m: Messages) => string): T => option.setDescription(pick(en)).setDescriptionLocalizations(localizations(pick)) as T;

/** The prompt option, required. */
export const addPrompt = (pick: (m: Messages) => string) => (b: SlashCommandBuilder) =>
  b.addStringOption((o) => describe(o.setName("prompt"), pick).setRequired(true).setMaxLength(PROMPT_MAX));

export const addStyle = (b: SlashCommandBuilder) =>
  b.addStringOption((o) => describe(o.setName("style"), (m) => m.commands.thumbnailStyle).addChoices(...imageStyles.map((s) => choice(s, (m) => m.styles[s]))));

export const addAspect = (b: SlashCommandBuilder) =>
  b.addStringOption((o) => describe(o.setName("aspect"), (m) => m.commands.thumbnailAspect).addChoices(...imageAspectIds.map((a) => choice(a, (m) => m.aspects[a]))));

/** The member's personas, suggested as they type. */
export const addPersona = (b: SlashCommandBuilder) =>
  b.addStringOption((o) => describe(o.setName("persona"), (m) => m.commands.thumbnailPersona).setMaxLength(31).setAutocomplete(true));

export const addModel = (b: SlashCommandBuilder) =>
  b.addStringOption((o) => describe(o.setName("model"), (m) => m.commands.thumbnailModel).addChoices(...models.map((model) => ({ name: model.label, value: model.id }))));

/** The member's style kits, suggested as they type. */
export const addStyleKit = (b: SlashCommandBuilder) =>
  b.addStringOption((o) => describe(o.setName("style_kit"), (m) => m.style.kitOption).setMaxLength(100).setAutocomplete(true));

/** Posted in the channel only when the member asks: by default only they see the result. */
export const addPublic = (b: SlashCommandBuilder) => b.addBooleanOption((o) => describe(o.setName("public"), (m) => m.posting.publicOption));
