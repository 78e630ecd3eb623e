import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDb } from "../db/open-db.ts";
import { communityPolls } from "../db/schema/community-polls.ts";
import type { PollMessageState } from "../server/community-polls/service.ts";
import { createDiscordPosts } from "../server/compose/discord-posts.ts";
import { createServices } from "../server/compose/services.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";

/** What the community did on Discord: per label, how many members pressed its button. */
export type DiscordVotes = Partial<Record<"A" | "B" | "C", number>>;

/** What the bot was asked to send to the channel: its message, then its changes. */
export interface PlayedMessage {
  messageId: string;
  files: string[];
  states: PollMessageState[];
}

let nextMessage = 300000000000000001n;
let nextMember = 400000000000000001n;

/**
 * Plays the bot's part for one poll on a data directory no server holds (PGlite admits one process): the bot's own
 * job door runs the poll's post job, its Discord client replaced by a recorder that answers with a message id, so
 * the poll opens as it does in production; then members press the message's buttons through the same service
 * call the bot's button handler makes (each a new member, counted as a hashed share vote of the poll's hidden link).
 * `env` is the server's: the same guild and channel.
 */
export async function playDiscord(dataDir: string, env: Record<string, string>, pollId: string, votes: DiscordVotes): Promise<PlayedMessage> {
  const database = await openDb({ pgliteDir: join(dataDir, "db") });
  const config = loadConfig({ NODE_ENV: "development", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...env }, "e2e");
  const services = createServices({ config, database, logger: createLogger(config) });
  const message: PlayedMessage = { messageId: String(nextMessage++), files: [], states: [] };
  const bot = createDiscordPosts(
    services,
    {
      post: async () => {
        throw new Error("no image post is expected here");
      },
      polls: {
        async post(channelId, state, files) {
          if (channelId !== env.DISCORD_FEEDBACK_CHANNEL_ID) throw new Error(`posted to ${channelId}, not the feedback channel`);
          message.files = files.map((file) => file.name);
          message.states.push(state);
          return { messageId: message.messageId };
        },
        async edit(_channelId, messageId, state) {
          if (messageId === message.messageId) message.states.push(state);
        },
      },
    },
    { jobSettings: { pollMs: 50 }, pollSweepMs: 3_600_000 },
  );
  try {
    await bot.start();
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [row] = await database.db.select({ status: communityPolls.status }).from(communityPolls).where(eq(communityPolls.id, pollId));
      if (row?.status === "open") break;
      if (!row || row.status === "failed" || Date.now() > deadline) throw new Error(`the poll did not open (status ${row?.status ?? "missing"})`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // The bot's runner ends before the votes: only the post was its job here.
    await bot.stop();
    for (const [label, members] of Object.entries(votes)) {
      for (let i = 0; i < (members ?? 0); i += 1) {
        const { state } = await services.communityPolls.vote({ pollId, label, discordUserId: String(nextMember++), guildId: config.discord.guildId ?? "" });
        message.states.push(state);
      }
    }
    return message;
  } finally {
    // Stopping twice is harmless; the runner ends here too when the poll never opened.
    await bot.stop();
    await services.close();
    await database.close();
  }
}
