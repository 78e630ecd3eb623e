import type { Tx } from "../../db/open-db.ts";
import { type DiscordPostPayload, type DiscordPoster, discordPostJob, discordPostJobHandler } from "../discord/post-job.ts";
import { createJobQueue } from "../jobs/queue.ts";
import { createJobRunner, type JobSettings } from "../jobs/runner.ts";
import type { Services } from "./services.ts";


/**
 * The bot's own job door: the same job runner and jobs table as the app's worker, running only the `discord-post`
 * kind, because only the bot's process talks to Discord. The app's worker runs the generation it waits for.
 */
export function createDiscordPosts(
  services: Services,
  poster: DiscordPoster,
  options: { jobSettings?: Partial<JobSettings>; maxWaitMs?: number } = {},
) {
  const { config, database, logger } = services;
  const queue = createJobQueue([discordPostJob]);
  const { maxWaitMs } = options;
  const handler = discordPostJobHandler({
    images: services.images,
    credits: services.credits,
    poster,
    realtime: services.realtime,
    ...(maxWaitMs === undefined ? {} : { maxWaitMs }),
  });
  const runner = createJobRunner({
    db: database.db,
    queue,
    handlers: [handler],
    logger,
    settings: { concurrency: 4, leaseMs: config.jobs.leaseMs, pollMs: 1000, soleProcess: false, ...options.jobSettings },
  });
  return {
    runner,
    /** Queues the post inside the caller's transaction (the generation's), so a paid image always gets its post. */
    enqueueIn: (tx: Tx, payload: DiscordPostPayload) => queue.enqueue(tx, discordPostJob, payload, { userId: payload.userId }),
    /** After the commit: start the post's job at once. */
    wake: () => queue.wake(),
    start: () => runner.start(),
    stop: () => runner.stop(),
  };
}

export type DiscordPosts = ReturnType<typeof createDiscordPosts>;
