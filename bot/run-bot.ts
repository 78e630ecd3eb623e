import { Client, Events, GatewayIntentBits } from "discord.js";
import type { OpenDb } from "../db/open-db.ts";
import { createDiscordPosts } from "../server/compose/discord-posts.ts";
import type { Services } from "../server/compose/services.ts";
import { createWorker } from "../server/compose/worker.ts";
import type { Config } from "../server/config.ts";
import type { EngineSet } from "../server/generation/engine.ts";
import type { JobSettings } from "../server/jobs/runner.ts";
import type { Logger } from "../server/logger.ts";
import type { BotSettings } from "./bot-config.ts";
import type { BotContext } from "./context.ts";
import { createDiscordPoster } from "./discord-poster.ts";
import { earlyBirdRoles } from "./early-bird-roles.ts";
import { welcomeOnJoin } from "./greeting.ts";
import { routeInteraction } from "./route-interaction.ts";
import { startBot } from "./start-bot.ts";

export interface RunBotOptions {
  config: Config;
  settings: BotSettings;
  logger: Logger;
  /** An open database to run on (tests); else the app's, from the config. Left open on stop when given. */
  database?: OpenDb;
  /**
   * Where Discord is: another REST root (discord.js appends `/v10`). The gateway's address is asked of that API
   * (`GET /gateway/bot`), so a local stand-in answering both is all a test needs. Absent: discord.com.
   */
  discord?: { api?: string };
  /** The image engines (tests); else the app's. */
  engines?: EngineSet;
  /** Job timing overrides (tests poll faster). */
  jobSettings?: Partial<JobSettings>;
}

export interface RunningBot {
  client: Client;
  services: Services;
  /** Resolves once the client is connected and the job runners claim work; rejects when the bot could not start. */
  ready: Promise<void>;
  /** Hands running posts back to the queue, then closes Discord's connection and the database. Safe to call twice. */
  stop(): Promise<void>;
}

/**
 * The Discord companion wired up: discord.js's client on the app's services, its join and interaction events, the
 * post queue and, over PGlite, the generation worker. `npm run bot` (main.ts) runs it and stops it on a signal.
 */
export async function runBot(options: RunBotOptions): Promise<RunningBot> {
  const { config, settings, logger } = options;
  const bot = await startBot(config, logger, options.database, options.engines ? { engines: options.engines } : {});
  const jobs = options.jobSettings ? { jobSettings: options.jobSettings } : {};

  // Server Members is a privileged intent (switched on in the Developer Portal): without it no join event arrives.
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers],
    ...(options.discord?.api ? { rest: { api: options.discord.api } } : {}),
  });
  const posts = createDiscordPosts(bot.services, createDiscordPoster(client.rest, logger), jobs);
  // Embedded PGlite opens in one process only, so the app cannot run beside the bot: the bot then makes the images too.
  const worker = bot.database.kind === "pglite" ? createWorker(bot.services, jobs) : undefined;
  const ctx: BotContext = { services: bot.services, posts, roles: earlyBirdRoles(client, settings), logger };
  const { guildId, welcomeChannelId } = settings;

  client.on(Events.InteractionCreate, (interaction) => {
    // routeInteraction answers every failure itself; this only keeps a bug there from becoming an unhandled rejection.
    routeInteraction(interaction, ctx, guildId).catch((err: unknown) => logger.error({ err }, "a Discord interaction failed unanswered"));
  });
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
  client.on(Events.ShardResume, (shard, replayed) => logger.info({ shard, replayed }, "Discord connection resumed"));
  client.on(Events.Error, (err) => logger.error({ err }, "Discord client error"));

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // Posts in progress go back to the queue (their jobs are handed back), then Discord, then the database.
      const handedBack = await Promise.allSettled([posts.stop(), worker?.stop()]);
      await client.destroy();
      await bot.stop();
      const failed = handedBack.find((r) => r.status === "rejected");
      if (failed) throw failed.reason;
    })());

  const ready = (async () => {
    // login resolves once the gateway has said READY; the client then waits for the server's GUILD_CREATE.
    const isReady = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
    await client.login(settings.token);
    await isReady;
    // Stopped while connecting (a signal during start-up): the runners must not start on a closed database.
    if (stopping) return;
    await Promise.all([posts.start(), worker?.start()]);
  })();
  // The caller learns of a failed start through `ready`; this only keeps it from being an unhandled rejection first.
  ready.catch(() => undefined);
  return { client, services: bot.services, ready, stop };
}
