import { Client, Events, GatewayIntentBits } from "discord.js";
import { createDiscordPosts } from "../server/compose/discord-posts.ts";
import { packageVersion } from "../server/compose/package-version.ts";
import { createWorker } from "../server/compose/worker.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { BotSettingsError, botSettingsFrom } from "./bot-config.ts";
import type { BotContext } from "./context.ts";
import { createDiscordPoster } from "./discord-poster.ts";
import { earlyBirdRoles } from "./early-bird-roles.ts";
import { welcomeOnJoin } from "./greeting.ts";
import { routeInteraction } from "./route-interaction.ts";
import { startBot } from "./start-bot.ts";

// `npm run bot`: the Discord companion, its own process on the app's services and database (README, Discord bot).
let config;
let settings;
try {
  config = loadConfig(process.env, packageVersion);
  settings = botSettingsFrom(config);
} catch (err) {
  if (err instanceof ConfigError || err instanceof BotSettingsError) {
    console.error(`The Thumbforge bot cannot start.\n${err.message}\nSee .env.example for every setting.`);
    process.exit(1);
  }
  throw err;
}
const logger = createLogger(config).child({ process: "bot" });
const bot = await startBot(config, logger);

// Server Members is a privileged intent (switched on in the Developer Portal): without it no join event arrives.
const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers] });
const posts = createDiscordPosts(bot.services, createDiscordPoster(client.rest, logger));
// Embedded PGlite opens in one process only, so the app cannot run beside the bot: the bot then makes the images too.
const worker = bot.database.kind === "pglite" ? createWorker(bot.services) : undefined;
const ctx: BotContext = { services: bot.services, posts, roles: earlyBirdRoles(client, settings), logger };
const { guildId, welcomeChannelId } = settings;

client.on(Events.InteractionCreate, (interaction) => void routeInteraction(interaction, ctx, guildId));
const welcomeChannel = async () => {
  const channel = await client.channels.fetch(welcomeChannelId);
  return channel?.isSendable() ? channel : undefined;
};
client.on(Events.GuildMemberAdd, (member) => {
  welcomeOnJoin({ services: bot.services, guildId, welcomeChannel }, member).catch((err: unknown) => logger.error({ err, welcomeChannelId }, "could not welcome a new member"));
});
client.once(Events.ClientReady, (ready) => logger.info({ user: ready.user.tag, guildId }, "Discord bot ready"));
// discord.js reconnects and resumes by itself; these only say so in the log.
client.on(Events.ShardDisconnect, (_event, shard) => logger.warn({ shard }, "Discord connection closed; discord.js reconnects"));
client.on(Events.Error, (err) => logger.error({ err }, "Discord client error"));

let stopping: Promise<void> | undefined;
async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, "Discord bot stopping");
  // Posts in progress go back to the queue (their jobs are handed back), then Discord, then the database.
  await Promise.all([posts.stop(), worker?.stop()]);
  await client.destroy();
  await bot.stop();
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopping ??= shutdown(signal).then(
      () => process.exit(0),
      (err: unknown) => (logger.error({ err }, "Discord bot did not stop cleanly"), process.exit(1)),
    );
  });
}

try {
  await client.login(settings.token);
  await Promise.all([posts.start(), worker?.start()]);
} catch (err) {
  logger.error({ err }, "the Discord bot could not start");
  await Promise.allSettled([posts.stop(), worker?.stop(), client.destroy()]);
  await bot.stop();
  process.exit(1);
}
