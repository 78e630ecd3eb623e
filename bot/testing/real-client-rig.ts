import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Events, type Interaction, Locale } from "discord.js";
import type { OpenDb } from "../../db/open-db.ts";
import { createWorker, type Worker } from "../../server/compose/worker.ts";
import { loadConfig } from "../../server/config.ts";
import type { EngineSet } from "../../server/generation/engine.ts";
import { createLogger } from "../../server/logger.ts";
import { latestCode } from "../../server/testing/discord.ts";
import { openTestDb } from "../../server/testing/test-db.ts";
import { botSettingsFrom } from "../bot-config.ts";
import { type RunningBot, runBot } from "../run-bot.ts";
import { type DiscordStandIn, startDiscordStandIn } from "./discord-stand-in.ts";

// discord.js's real Client, wired by runBot as `npm run bot` wires it, against a local Discord (gateway and REST),
// with the app's services on the real database.

export const GUILD = "111111111111111111";
export const WELCOME = "222222222222222222";
export const THUMBNAILS = "222222222222222223";
/** Where community polls are posted (DISCORD_FEEDBACK_CHANNEL_ID). */
export const FEEDBACK = "222222222222222224";
export const EARLY_BIRD = "444444444444444444";
// Not starting with "bot": discord.js strips a "Bot " prefix from the token it is given, case-insensitively, spaces optional.
export const TOKEN = "stand-in.token";

export interface Rig {
  discord: DiscordStandIn;
  bot: RunningBot;
  database: OpenDb;
  close(): Promise<void>;
}

export interface RigOptions {
  engines?: EngineSet;
  appWorker?: boolean;
  membersIntent?: boolean;
  /** Discord's 3 seconds to answer an interaction, loosened where a busy machine's database makes the bot slower. */
  interactionDeadlineMs?: number;
}

/** A stand-in Discord and the bot connected to it; the app's worker too on PostgreSQL (over PGlite the bot runs it). */
export async function startRig(options: RigOptions = {}): Promise<Rig> {
  const dataDir = mkdtempSync(join(tmpdir(), "tf-bot-client-"));
  const database = await openTestDb();
  const discord = await startDiscordStandIn({
    token: TOKEN,
    // Short enough that the client beats during the tests, long enough that a busy machine's late ACK is no zombie.
    heartbeatIntervalMs: 5000,
    ...(options.membersIntent === undefined ? {} : { membersIntent: options.membersIntent }),
    ...(options.interactionDeadlineMs === undefined ? {} : { interactionDeadlineMs: options.interactionDeadlineMs }),
    guild: {
      id: GUILD,
      preferredLocale: Locale.German,
      channels: [
        { id: THUMBNAILS, name: "thumbnails" },
        { id: WELCOME, name: "welcome" },
        { id: FEEDBACK, name: "feedback" },
      ],
      roles: [{ id: EARLY_BIRD, name: "Early Bird" }],
    },
  });
  const env = {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    DISCORD_TOKEN: TOKEN,
    DISCORD_GUILD_ID: GUILD,
    DISCORD_WELCOME_CHANNEL_ID: WELCOME,
    DISCORD_FEEDBACK_CHANNEL_ID: FEEDBACK,
  };
  const config = loadConfig(env, "test");
  const jobSettings = { pollMs: 50 };
  let bot: RunningBot | undefined;
  let worker: Worker | undefined;
  try {
    bot = await runBot({ config, settings: botSettingsFrom(config), logger: createLogger(config), database, discord: { api: discord.api }, jobSettings, ...(options.engines ? { engines: options.engines } : {}) });
    await bot.ready;
    if (database.kind !== "pglite" && options.appWorker !== false) {
      worker = createWorker(bot.services, { jobSettings });
      await worker.start();
    }
  } catch (err) {
    await bot?.stop();
    await discord.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const running = bot;
  return {
    discord,
    bot: running,
    database,
    async close() {
      await worker?.stop();
      await running.stop();
      await discord.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The next interaction discord.js emits on the bot's client. */
export function nextInteraction(rig: Rig): Promise<Interaction> {
  return new Promise((resolve) => rig.bot.client.once(Events.InteractionCreate, resolve));
}

/** Member ids, each used once; `from` keeps two files' members apart when they read one log. */
export function memberIds(from = 300000000000000000n): () => string {
  let next = from;
  return () => String(next++);
}

/** `/link email:` then `/verify code:` with the code from the dev mailbox, both through the gateway. */
export async function linkThroughDiscord(rig: Rig, userId: string, email: string) {
  const link = rig.discord.command({ name: "link", userId, options: { email } });
  await link.request((r) => r.method === "PATCH" && r.path.endsWith("/messages/@original"), "the /link answer");
  const verify = rig.discord.command({ name: "verify", userId, options: { code: await latestCode(rig.database, email) } });
  await verify.request((r) => r.method === "PATCH" && r.path.endsWith("/messages/@original"), "the /verify answer");
  return verify;
}
