import { EARLY_BIRD_ACCOUNTS } from "../contract/credits.ts";
import type { Services } from "../server/compose/services.ts";
import { messagesFor } from "./i18n.ts";

/** Where the welcome goes: discord.js's text channel fits. */
export interface WelcomeChannel {
  send(payload: { content: string; allowedMentions: { users: string[] } }): Promise<unknown>;
}

/**
 * Welcomes a member who just joined (docs/product/discord-bot.md, Welcome): a mention, what Thumbforge is, how to
 * link their waitlist e-mail, and the early-bird places left. Discord tells a bot no member's own language when they
 * join, so the words follow the locale given: the server's preferred locale (one of ours, else English).
 */
export async function welcomeMember(deps: { services: Services; channel: WelcomeChannel }, member: { id: string }, locale: string | null | undefined): Promise<void> {
  const placesLeft = await deps.services.discord.earlyBirdPlacesLeft();
  const content = messagesFor(locale).welcome({ mention: `<@${member.id}>`, placesLeft, total: EARLY_BIRD_ACCOUNTS });
  // Only the newcomer is pinged, whatever the text contains.
  await deps.channel.send({ content, allowedMentions: { users: [member.id] } });
}

/** A member as discord.js's guildMemberAdd event gives it. */
export interface JoinedMember {
  id: string;
  user: { bot: boolean };
  guild: { id: string; preferredLocale: string };
}

/**
 * The guildMemberAdd handler: welcomes people (not bots) who join the community server, in the welcome channel, in
 * the server's preferred locale. Other servers the bot was added to are left alone.
 */
export async function welcomeOnJoin(
  deps: { services: Services; guildId: string; welcomeChannel: () => Promise<WelcomeChannel | undefined> },
  member: JoinedMember,
): Promise<boolean> {
  if (member.guild.id !== deps.guildId || member.user.bot) return false;
  const channel = await deps.welcomeChannel();
  if (!channel) throw new Error("the welcome channel is not a channel the bot can write in");
  await welcomeMember({ services: deps.services, channel }, member, member.guild.preferredLocale);
  return true;
}
