import type { DiscordPostOutcome, DiscordPostTarget } from "../../server/discord/post-job.ts";
import { createDiscordPosts, type DiscordPosts } from "../../server/compose/discord-posts.ts";
import { createWorker, type Worker } from "../../server/compose/worker.ts";
import { botTestServices, fakeInteraction } from "../../server/testing/discord.ts";
import type { BotContext } from "../context.ts";
import { dispatch } from "../dispatch.ts";

export interface PostedResult {
  target: DiscordPostTarget;
  language: string;
  outcome: DiscordPostOutcome;
}

/**
 * The commands' test bench: the app's services on the test database, the app's worker making the images and the bot's
 * post job, with Discord replaced at the poster: `posted` holds what would have been sent. Members are linked through
 * /link and /verify, as a member would; each test file starts its ids elsewhere, so files never share a member.
 */
export async function startCommandRig(options: { firstMemberId: bigint } & Parameters<typeof botTestServices>[0]) {
  const { firstMemberId, ...kitOptions } = options;
  const kit = await botTestServices(kitOptions);
  const posted: PostedResult[] = [];
  const posts: DiscordPosts = createDiscordPosts(kit.services, { post: async (target, language, outcome) => void posted.push({ target, language, outcome }) }, { jobSettings: { pollMs: 50 } });
  const worker: Worker = createWorker(kit.services, { jobSettings: { pollMs: 50 } });
  await Promise.all([worker.start(), posts.start()]);
  const ctx: BotContext = { services: kit.services, posts, roles: { give: async () => true }, logger: kit.services.logger };
  let nextId = firstMemberId;
  return {
    kit,
    ctx,
    posts,
    worker,
    posted,
    async linkedMember(email: string): Promise<{ id: string; userId: string }> {
      const id = String(nextId++);
      await dispatch(fakeInteraction({ commandName: "link", userId: id, options: { email } }), ctx);
      await dispatch(fakeInteraction({ commandName: "verify", userId: id, options: { code: await kit.latestCode(email) } }), ctx);
      return { id, userId: await kit.services.discord.accountOf(id) };
    },
    async close() {
      await Promise.all([posts.stop(), worker.stop()]);
      await kit.close();
    },
  };
}

export type CommandRig = Awaited<ReturnType<typeof startCommandRig>>;
