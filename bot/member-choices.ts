import type { ImageStyle } from "../contract/images.ts";
import type { BotContext } from "./context.ts";
import type { AutocompleteRequest, CommandInteraction } from "./interaction.ts";

/** Discord shows at most 25 suggestions, each named and valued in at most 100 characters. */
export const MAX_CHOICES = 25;
const CHOICE_TEXT_MAX = 100;

export interface Choice {
  name: string;
  value: string;
}

const clip = (text: string) => (text.length > CHOICE_TEXT_MAX ? `${text.slice(0, CHOICE_TEXT_MAX - 1)}…` : text);

/** The choices whose name holds what was typed (any case), the first 25. */
export function filterChoices(choices: readonly Choice[], typed: string): Choice[] {
  const needle = typed.trim().toLowerCase().replace(/^@/, "");
  return choices
    .filter((c) => needle === "" || c.name.toLowerCase().includes(needle))
    .slice(0, MAX_CHOICES)
    .map((c) => ({ name: clip(c.name), value: c.value.slice(0, CHOICE_TEXT_MAX) }));
}

/** The account a Discord member linked, or undefined when they have not (their suggestions are empty). */
export async function linkedAccount(services: BotContext["services"], discordUserId: string): Promise<string | undefined> {
  try {
    return await services.discord.accountOf(discordUserId);
  } catch (err) {
    if ((err as { code?: unknown }).code === "unauthorized:discord_link") return undefined;
    throw err;
  }
}

/** What each of the member's own things is offered as, by the option that names it. */
export const memberChoices = {
  persona: async (services: BotContext["services"], userId: string): Promise<Choice[]> =>
    (await services.personas.list(userId)).map((p) => ({ name: `@${p.handle} — ${p.name}`, value: p.handle })),
  style_kit: async (services: BotContext["services"], userId: string): Promise<Choice[]> =>
    (await services.styleKits.list(userId)).map((k) => ({ name: k.name, value: k.id })),
  image: async (services: BotContext["services"], userId: string): Promise<Choice[]> =>
    (await finishedImages(services, userId)).map((i) => ({ name: i.prompt?.trim() || i.id, value: i.id })),
} as const;

/**
 * Answers a member typing in one of the options above with their own personas, style kits or images, filtered by
 * what they typed; nothing for a member who has not linked, or for an option that offers nothing.
 */
export async function suggestOwn(interaction: AutocompleteRequest, { services }: BotContext): Promise<void> {
  const focused = interaction.options.getFocused(true);
  const source = memberChoices[focused.name as keyof typeof memberChoices] as ((s: BotContext["services"], u: string) => Promise<Choice[]>) | undefined;
  const userId = source ? await linkedAccount(services, interaction.user.id) : undefined;
  await interaction.respond(source && userId ? filterChoices(await source(services, userId), focused.value) : []);
}

/**
 * The member's finished images they can check or edit (not uploads), newest first: as many as a suggestion list
 * shows, however many uploads or unfinished images came after them.
 */
export async function finishedImages(services: BotContext["services"], userId: string, limit = MAX_CHOICES) {
  return services.images.latestFinished(userId, limit);
}

/** The persona a handle names among the member's own, or undefined when they have none by it. */
export async function personaByHandle(services: BotContext["services"], userId: string, handle: string) {
  return (await services.personas.list(userId)).find((p) => p.handle.toLowerCase() === handle);
}

/**
 * The style kit an option names: its id, as a suggestion gives it, or its name typed out (any case). The kit's own
 * base style applies unless the member picked a style (as the chat's "in my style" does).
 */
export async function styleKitChoice(services: BotContext["services"], userId: string, named: string, style: ImageStyle | undefined): Promise<{ styleKitId: string; style: ImageStyle } | undefined> {
  const kits = await services.styleKits.list(userId);
  const kit = kits.find((k) => k.id === named) ?? kits.find((k) => k.name.toLowerCase() === named.toLowerCase());
  return kit ? { styleKitId: kit.id, style: style ?? kit.kit.baseStyle } : undefined;
}

/** Where a result made from a command is posted back. */
export const postTarget = (interaction: CommandInteraction) => ({
  applicationId: interaction.applicationId,
  interactionToken: interaction.token,
  channelId: interaction.channelId,
  discordUserId: interaction.user.id,
});
