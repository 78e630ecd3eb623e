import type { Tx } from "../../db/open-db.ts";
import { pollCloseJob, pollPostJob } from "../community-polls/jobs.ts";
import { type DiscordPostPayload, type DiscordPoster, discordPostJob, discordPostJobHandler } from "../discord/post-job.ts";
import { createJobQueue } from "../jobs/queue.ts";
import { createJobRunner, type JobSettings } from "../jobs/runner.ts";
import type { Services } from "./services.ts";

/** How often the bot closes community polls whose time is up (their message then shows the result). */
const POLL_SWEEP_MS = 30_000;

/**
 * The bot's own job door: the same job runner and jobs table as the app's worker, running only the kinds that talk
 * to Discord, because only the bot's process does: `discord-post`, and the community polls' post and close when the
 * poster can post polls. The app's worker runs the generation a post waits for. It also sweeps the polls whose time
 * is up, closing each once however many bots run.
 */
export function createDiscordPosts(
  services: Services,
  poster: DiscordPoster,
  options: { jobSettings?: Partial<JobSettings>; maxWaitMs?: number; pollSweepMs?: number } = {},
) {
  const { config, database, logger } = services;
  const polls = poster.polls;
  const queue = createJobQueue(polls ? [discordPostJob, pollPostJob, pollCloseJob] : [discordPostJob]);
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
    handlers: [handler, ...(polls ? services.communityPolls.jobHandlers(polls) : [])],
    logger,
    settings: { concurrency: 4, leaseMs: config.jobs.leaseMs, pollMs: 1000, soleProcess: false, ...options.jobSettings },
  });
  let sweep: ReturnType<typeof setInterval> | undefined;
  let stopPollWakes: (() => void) | undefined;
  // Set by stop(): a start() still awaiting the runner must not begin the sweep after it.
  let stopped = false;
  return {
    runner,
    /** Queues the post inside the caller's transaction (the generation's), so a paid image always gets its post. */
    enqueueIn: (tx: Tx, payload: DiscordPostPayload) => queue.enqueue(tx, discordPostJob, payload, { userId: payload.userId }),
    /** After the commit: start the post's job at once. */
    wake: () => queue.wake(),
    async start() {
      stopped = false;
      await runner.start();
      // Stopped while the runner was starting: its timers, set after that stop, go too, and no sweep begins.
      if (stopped) return void (await runner.stop());
      if (!polls) return;
      // A poll made on this process (/vote) is posted at once; one made on the web waits for the next poll of the queue.
      stopPollWakes = services.communityPolls.queue.onWake(() => queue.wake());
      const closeDue = () => void services.communityPolls.closeDue().catch((err: unknown) => logger.warn({ err }, "could not close the community polls whose time is up"));
      sweep = setInterval(closeDue, options.pollSweepMs ?? POLL_SWEEP_MS);
      sweep.unref();
      closeDue();
    },
    async stop() {
      stopped = true;
      clearInterval(sweep);
      stopPollWakes?.();
      await runner.stop();
    },
  };
}

export type DiscordPosts = ReturnType<typeof createDiscordPosts>;
