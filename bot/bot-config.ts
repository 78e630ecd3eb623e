import { z } from "zod";
import type { Config } from "../server/config.ts";

/**
 * What the bot needs beyond the app's settings (server/config.ts checks their shape; the app runs without them).
 * Each missing one is named, so `npm run bot` says exactly what to set.
 */
const required = (name: string) => z.string({ error: `${name} is not set` }).min(1, `${name} is not set`);
const botSettings = z.object({
  token: required("DISCORD_TOKEN"),
  guildId: required("DISCORD_GUILD_ID"),
  welcomeChannelId: required("DISCORD_WELCOME_CHANNEL_ID"),
  earlyBirdRoleId: z.string().optional(),
});

export type BotSettings = z.infer<typeof botSettings>;

/** Only the token and the server: registering commands does not need the welcome channel. */
const commandSettings = botSettings.pick({ token: true, guildId: true });

export class BotSettingsError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(problems.join("\n"));
    this.problems = problems;
    this.name = "BotSettingsError";
  }
}

function parse<T>(schema: z.ZodType<T>, config: Config): T {
  const parsed = schema.safeParse(config.discord);
  if (!parsed.success) throw new BotSettingsError(parsed.error.issues.map((i) => i.message));
  return parsed.data;
}

export const botSettingsFrom = (config: Config): BotSettings => parse(botSettings, config);
export const commandSettingsFrom = (config: Config) => parse(commandSettings, config);
