import { createHash, randomBytes } from "node:crypto";
import {
  COMMUNITY_POLL_DEFAULT_HOURS,
  COMMUNITY_POLL_MAX_IMAGES,
  COMMUNITY_POLL_MIN_IMAGES,
  type CommunityPoll,
  type CommunityPollListResponse,
  type CreateCommunityPollRequest,
} from "../../contract/community-polls.ts";
import { defaultLanguage, type Language, languages } from "../../contract/languages.ts";
import type { ShareTallyRow } from "../../contract/shares.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import type { CommunityPollRow } from "../../db/schema/community-polls.ts";
import { AppError } from "../errors/app-error.ts";
import { defineJobHandler, type RegisteredJobHandler } from "../jobs/job-type.ts";
import { createJobQueue } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";
import type { RateLimiter, RateRule } from "../rate-limit/service.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { tokenHashOf } from "../shares/service.ts";
import { fileTypeOfKey } from "../storage/keys.ts";
import type { Storage } from "../storage/storage.ts";
import { type PollFile, type PollMessageState, type PollPoster, pollCloseJob, pollPostJob } from "./jobs.ts";
import { type CommunityPollStore, createCommunityPollStore, type PollImageRow, type PollTarget, type PollVoteCount } from "./store.ts";

/** Polls listed per pack, comparison or image: the newest. */
const LIST_LIMIT = 20;
/** Polls one sweep closes; the next sweep takes the rest. */
const SWEEP_BATCH = 50;
/** Closing edits a message gets at most: the first and two retries by later sweeps. */
const MAX_CLOSE_EDITS = 3;
/** How long a closing edit is given before a sweep queues it again (the job runs within seconds when Discord answers). */
const CLOSE_EDIT_RETRY_MS = 2 * 60_000;

/** A Discord member as share_votes keeps them: the hash of their id, like a browser's voter cookie. */
export const discordVoterKeyOf = (discordUserId: string): string => createHash("sha256").update(`discord:${discordUserId}`).digest("hex");

export const missingPoll = () => new AppError("not_found:community_poll", "This poll does not exist.");
const closedPoll = () => new AppError("conflict:community_poll_closed", "This poll has closed.");
const notConfigured = () => new AppError("unavailable:discord_feedback", "Community polls are not set up on this server.");
const notLinked = () => new AppError("conflict:discord_not_linked", "Link your Discord account first: type /link in the community server.");
const badImages = () =>
  new AppError("unprocessable:community_poll_images", `A poll needs ${COMMUNITY_POLL_MIN_IMAGES} or ${COMMUNITY_POLL_MAX_IMAGES} of your finished images.`);

const labelOf = (index: number) => String.fromCharCode(65 + index);
const asLanguage = (value: string | undefined): Language => languages.find((l) => l === value) ?? defaultLanguage;

export interface CommunityPollDeps {
  db: DbOrTx;
  storage: Storage;
  realtime: RealtimePublisher;
  rateLimiter: RateLimiter;
  /** The bot's server and feedback channel; without both, no poll can be posted. */
  discord: { guildId: string | undefined; feedbackChannelId: string | undefined };
  /** Posts per account and per Discord server (the channel is shared); votes per member and per server. */
  rules: { post: RateRule; serverPost: RateRule; memberVote: RateRule; serverVote: RateRule };
  clock: () => number;
  logger: Logger;
  /** The largest file a poll's message attaches (Discord's limit for a server without boosts is 10 MiB). */
  maxAttachmentBytes?: number;
}

/** Below Discord's 10 MiB per file, with room for the message's other parts. */
const MAX_ATTACHMENT_BYTES = 8 * 1024 * 1024;

/**
 * Community polls (docs/product/community-votes.md, decision 044): a creator puts two or three of their images to the
 * Discord community. The web and /vote create them; the bot's jobs post and close their message; members vote with
 * its buttons. Discord's votes are share_votes of a hidden link the poll owns, so they add up with the share page's.
 */
export function createCommunityPollService(deps: CommunityPollDeps) {
  const store = createCommunityPollStore(deps.db);
  const maxAttachmentBytes = deps.maxAttachmentBytes ?? MAX_ATTACHMENT_BYTES;
  const queue = createJobQueue([pollPostJob, pollCloseJob]);
  const now = () => new Date(deps.clock());
  const configured = () => (deps.discord.guildId && deps.discord.feedbackChannelId ? { guildId: deps.discord.guildId, channelId: deps.discord.feedbackChannelId } : undefined);

  const isReady = (row: PollImageRow) => row.status === "ready" && row.originalKey !== null && (!row.expiresAt || row.expiresAt.getTime() > deps.clock());

  function tallyOf(row: CommunityPollRow, counts: readonly PollVoteCount[]): ShareTallyRow[] {
    return row.imageIds.map((imageId, index) => {
      const of = (source: PollVoteCount["source"]) => counts.find((c) => c.imageId === imageId && c.source === source)?.count ?? 0;
      const web = of("web");
      const discord = of("discord");
      return { imageId, label: labelOf(index), web, discord, total: web + discord };
    });
  }

  /** The most voted image once closed; none while open, with no votes, or on a tie. */
  function winnerOf(row: CommunityPollRow, tally: readonly ShareTallyRow[]): ShareTallyRow | undefined {
    if (row.status !== "closed") return undefined;
    const top = Math.max(0, ...tally.map((t) => t.total));
    const leaders = tally.filter((t) => t.total === top);
    return top > 0 && leaders.length === 1 ? leaders[0] : undefined;
  }

  function toPoll(row: CommunityPollRow, tally: ShareTallyRow[]): CommunityPoll {
    return {
      id: row.id,
      kind: row.kind,
      targetId: row.targetId,
      imageIds: row.imageIds,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      closesAt: row.closesAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      messageUrl: row.messageId ? `https://discord.com/channels/${row.guildId}/${row.channelId}/${row.messageId}` : null,
      tally,
      winnerImageId: winnerOf(row, tally)?.imageId ?? null,
    };
  }

  /** The poll as the web reads it, with its tally: a closed poll's as it stood at its closing. */
  async function view(row: CommunityPollRow): Promise<{ poll: CommunityPoll; tally: ShareTallyRow[] }> {
    const tally = row.status === "closed" && row.finalTally ? row.finalTally : tallyOf(row, await store.counts(row));
    return { poll: toPoll(row, tally), tally };
  }

  /** What the channel message says now. A web poll names its owner's linked member as the one asking. */
  async function messageStateOf(row: CommunityPollRow, tally?: ShareTallyRow[]): Promise<PollMessageState> {
    const counted = tally ?? (await view(row)).tally;
    return {
      pollId: row.id,
      language: asLanguage(row.language),
      askedBy: row.postedByDiscordUserId ?? (await store.linkedMember(row.userId)) ?? null,
      status: row.status,
      closesAt: row.closesAt,
      // Open, the buttons count Discord's votes, which every press redraws; the share page's reach the message only
      // with the result, which counts both (the web shows both live).
      choices: counted.map((t) => ({ label: t.label, total: row.status === "closed" ? t.total : t.discord })),
      winnerLabel: winnerOf(row, counted)?.label ?? null,
    };
  }

  /** Tells the owner's tabs the poll as it is now. */
  async function publish(row: CommunityPollRow): Promise<CommunityPoll> {
    const { poll } = await view(row);
    deps.realtime.toUser(row.userId, "community:poll", { poll });
    return poll;
  }
  /** For what already happened (a job's step, another capability's vote): a failure to tell is logged, never thrown. */
  const publishLater = (row: CommunityPollRow) =>
    void publish(row).catch((err: unknown) => deps.logger.warn({ err, pollId: row.id }, "could not announce a community poll"));

  /**
   * Keeps a poll's result as it stands, in its closing's transaction: a vote counted before the closing commits is
   * in it, and share-page votes after it (the same images stay on the owner's links) never change it.
   */
  async function freezeIn(tx: DbOrTx, row: CommunityPollRow): Promise<CommunityPollRow> {
    const inTx = createCommunityPollStore(tx);
    return (await inTx.freeze(row.id, tallyOf(row, await inTx.counts(row)))) ?? row;
  }

  /** Queues the edit that draws the message closed, counted so that a sweep retries a failed one only a few times. */
  async function queueCloseEdit(tx: DbOrTx, row: CommunityPollRow): Promise<void> {
    await queue.enqueue(tx, pollCloseJob, { pollId: row.id }, { userId: row.userId });
    await createCommunityPollStore(tx).closeEditQueued(row.id, now());
  }

  /** The images a request names, in label order, checked: the user's, finished, two or three. */
  async function imagesFor(userId: string, request: CreateCommunityPollRequest): Promise<string[]> {
    if (request.kind === "images") {
      const ids = [...new Set(request.imageIds.map((id) => id.toLowerCase()))];
      if (ids.length !== request.imageIds.length) throw badImages();
      const rows = await store.ownImages(userId, ids);
      if (rows.length !== ids.length) throw new AppError("not_found:image", "Image not found.");
      if (!rows.every(isReady)) throw badImages();
      return ids;
    }
    if (request.kind === "comparison" && !(await store.comparisonOwned(userId, request.targetId))) throw new AppError("not_found:comparison", "Comparison not found.");
    const rows = await store.targetImages(userId, request.kind, request.targetId);
    if (rows.length === 0) throw new AppError("not_found:pack", "Pack not found.");
    const ready = rows.filter(isReady);
    if (ready.length < COMMUNITY_POLL_MIN_IMAGES || ready.length > COMMUNITY_POLL_MAX_IMAGES) throw badImages();
    return ready.map((row) => row.id);
  }

  async function availability(userId: string): Promise<Pick<CommunityPollListResponse, "canPost" | "cannotPostReason">> {
    if (!configured()) return { canPost: false, cannotPostReason: "not_configured" };
    if (!(await store.linkedMember(userId))) return { canPost: false, cannotPostReason: "not_linked" };
    return { canPost: true, cannotPostReason: null };
  }

  /** An image as the message attaches it: its original, or its preview when the original is too big for Discord. */
  async function attachmentOf(image: PollImageRow): Promise<{ data: Buffer; extension: string; contentType: string } | undefined> {
    const original = image.originalKey ? await deps.storage.get(image.originalKey) : undefined;
    if (image.originalKey && original && original.length <= maxAttachmentBytes) return { data: original, ...fileTypeOfKey(image.originalKey) };
    const preview = image.previewKey ? await deps.storage.get(image.previewKey) : undefined;
    if (image.previewKey && preview && preview.length <= maxAttachmentBytes) return { data: preview, ...fileTypeOfKey(image.previewKey) };
    return undefined;
  }

  /** The post job: the images' bytes to the channel, then open; a refusal fails the job and the poll (onFailed). */
  function postHandler(poster: PollPoster): RegisteredJobHandler {
    return defineJobHandler({
      type: pollPostJob,
      async run({ payload, signal, complete }) {
        const row = await store.byId(payload.pollId);
        // Posted already (a job run again after its lease), closed or failed meanwhile: nothing to post.
        if (!row || row.status !== "posting" || row.messageId) return void (await complete(async () => undefined));
        if (row.closesAt.getTime() <= deps.clock()) {
          // Its time passed while it waited to be posted: closed without a message, never posted late.
          const closed = await complete(async (tx) => {
            const unposted = await createCommunityPollStore(tx).closeUnposted(row.id);
            return unposted ? freezeIn(tx, unposted) : undefined;
          });
          if (closed?.value) publishLater(closed.value);
          return;
        }
        const files: PollFile[] = [];
        for (const [index, imageId] of row.imageIds.entries()) {
          const [image] = await store.ownImages(row.userId, [imageId]);
          // Deleted or expired since the poll was made: the poll fails rather than show a gone image.
          const file = image && isReady(image) ? await attachmentOf(image) : undefined;
          if (!file) throw new Error(`image ${imageId} of poll ${row.id} has no bytes`);
          files.push({ name: `${labelOf(index).toLowerCase()}.${file.extension}`, data: file.data, contentType: file.contentType });
        }
        signal.throwIfAborted();
        const { messageId } = await poster.post(row.channelId, await messageStateOf(row), files);
        const posted = await store.setPosted(row.id, messageId);
        if (!posted) return void (await complete(async () => undefined));
        // Closed by its owner while it was being posted (its result kept then): the message shows it closed at once.
        if (posted.status === "closed") {
          await poster.edit(posted.channelId, messageId, await messageStateOf(posted));
          await store.drawnClosed(posted.id, now());
        }
        await complete(async () => undefined);
        publishLater(posted);
      },
      async onFailed(tx, job, error) {
        const failed = await createCommunityPollStore(tx).setFailed(job.payload.pollId);
        deps.logger.warn({ pollId: job.payload.pollId, code: error.code }, "a community poll could not be posted");
        return failed ? () => publishLater(failed) : undefined;
      },
    });
  }

  /** The close job: the message's buttons off and its result in; the poll is already closed in the database. */
  function closeHandler(poster: PollPoster): RegisteredJobHandler {
    return defineJobHandler({
      type: pollCloseJob,
      async run({ payload, complete }) {
        const row = await store.byId(payload.pollId);
        // A retry queued while the previous edit was still on its way finds the message already drawn.
        if (row?.messageId && row.status === "closed" && !row.closedDrawnAt) {
          await poster.edit(row.channelId, row.messageId, await messageStateOf(row));
          await store.drawnClosed(row.id, now());
        }
        await complete(async () => undefined);
      },
    });
  }

  return {
    /** Where poll jobs are queued; the bot's runner wakes with it. */
    queue,

    availability,

    /** Puts two or three of the user's finished images to the community: the poll, its hidden link and its post job, together. */
    async create(userId: string, request: CreateCommunityPollRequest, options: { language?: Language; postedByDiscordUserId?: string } = {}): Promise<CommunityPoll> {
      const where = configured();
      if (!where) throw notConfigured();
      if (!(await store.linkedMember(userId))) throw notLinked();
      const imageIds = await imagesFor(userId, request);
      await deps.rateLimiter.enforce(deps.rules.post, userId);
      await deps.rateLimiter.enforce(deps.rules.serverPost, where.guildId);
      const language = options.language ?? asLanguage(await store.languageOf(userId));
      const createdAt = now();
      const closesAt = new Date(createdAt.getTime() + (request.hours ?? COMMUNITY_POLL_DEFAULT_HOURS) * 3600_000);
      const targetId = request.kind === "images" ? null : request.targetId.toLowerCase();
      const row = await withTransaction(deps.db, async (tx) => {
        const inserted = await createCommunityPollStore(tx).insert(
          {
            userId,
            kind: request.kind,
            targetId,
            imageIds,
            guildId: where.guildId,
            channelId: where.channelId,
            language,
            postedByDiscordUserId: options.postedByDiscordUserId ?? null,
            closesAt,
            createdAt,
          },
          // A link nobody can open: its token is thrown away, only its hash is kept like any link's.
          { tokenHash: tokenHashOf(randomBytes(32).toString("base64url")), kind: request.kind === "images" ? "image" : request.kind, targetId: targetId ?? imageIds[0]! },
        );
        await queue.enqueue(tx, pollPostJob, { pollId: inserted.id }, { userId });
        return inserted;
      });
      queue.wake();
      return publish(row);
    },

    async list(userId: string, query: { kind: "pack" | "comparison"; targetId: string } | { imageId: string }): Promise<CommunityPollListResponse> {
      const rows = "imageId" in query ? await store.forImage(userId, query.imageId.toLowerCase(), LIST_LIMIT) : await store.forTarget(userId, query.kind, query.targetId.toLowerCase(), LIST_LIMIT);
      const polls = await Promise.all(rows.map(async (row) => (await view(row)).poll));
      return { polls, ...(await availability(userId)) };
    },

    /** One of the user's polls as it is now. */
    async read(userId: string, id: string): Promise<CommunityPoll> {
      const row = await store.owned(userId, id);
      if (!row) throw missingPoll();
      return (await view(row)).poll;
    },

    /** Closes the owner's poll early; its message is changed by the bot's close job. Closing a closed poll answers it as it is. */
    async close(userId: string, id: string): Promise<CommunityPoll> {
      const closed = await withTransaction(deps.db, async (tx) => {
        const row = await createCommunityPollStore(tx).close(userId, id, now());
        if (!row) return undefined;
        const frozen = await freezeIn(tx, row);
        if (frozen.messageId) await queueCloseEdit(tx, frozen);
        return frozen;
      });
      if (!closed) {
        const current = await store.owned(userId, id);
        if (!current) throw missingPoll();
        return (await view(current)).poll;
      }
      queue.wake();
      return publish(closed);
    },

    /**
     * A member's button press: their vote, set or changed. Refused once the poll's time is up even before the sweep
     * closes it. Counted per member and per server.
     */
    async vote(press: { pollId: string; label: string; discordUserId: string; guildId: string }): Promise<{ state: PollMessageState; imageId: string }> {
      const row = await store.byId(press.pollId);
      if (!row || row.guildId !== press.guildId) throw missingPoll();
      if (row.status !== "open" || row.closesAt.getTime() <= deps.clock()) throw closedPoll();
      const imageId = row.imageIds[press.label.charCodeAt(0) - 65];
      if (press.label.length !== 1 || !imageId) throw missingPoll();
      await deps.rateLimiter.enforce(deps.rules.memberVote, press.discordUserId);
      await deps.rateLimiter.enforce(deps.rules.serverVote, press.guildId);
      await withTransaction(deps.db, async (tx) => {
        const locked = await createCommunityPollStore(tx).lockedForVote(row.id);
        // Closed since it was read: its closing may already have counted the votes.
        if (!locked || locked.status !== "open" || locked.closesAt.getTime() <= deps.clock()) throw closedPoll();
        await createCommunityPollStore(tx).vote(row.shareId, imageId, discordVoterKeyOf(press.discordUserId), now());
      });
      // Read again after the commit: a closing that came right after the vote must not be drawn open again.
      const current = (await store.byId(row.id)) ?? row;
      const { poll, tally } = await view(current);
      deps.realtime.toUser(current.userId, "community:poll", { poll });
      return { state: await messageStateOf(current, tally), imageId };
    },

    /** What the poll's message should say now; undefined for a gone poll. */
    async messageState(pollId: string): Promise<PollMessageState | undefined> {
      const row = await store.byId(pollId);
      return row ? messageStateOf(row) : undefined;
    },

    /** The bot's sweep: closes the polls whose time is up and queues their messages' change; how many it closed. */
    async closeDue(): Promise<number> {
      const { closed, retried } = await withTransaction(deps.db, async (tx) => {
        const inTx = createCommunityPollStore(tx);
        const rows: CommunityPollRow[] = [];
        for (const row of await inTx.closeDue(now(), SWEEP_BATCH)) {
          const frozen = await freezeIn(tx, row);
          await queueCloseEdit(tx, frozen);
          rows.push(frozen);
        }
        // Messages still drawn open after their closing edit failed (Discord down for a moment): edited again.
        const undrawn = await inTx.undrawnClosed(new Date(deps.clock() - CLOSE_EDIT_RETRY_MS), MAX_CLOSE_EDITS, SWEEP_BATCH);
        for (const row of undrawn) await queueCloseEdit(tx, row);
        return { closed: rows, retried: undrawn.length };
      });
      if (closed.length > 0 || retried > 0) queue.wake();
      for (const row of closed) publishLater(row);
      return closed.length;
    },

    /**
     * A vote on the share page changed the web side of these polls' tally: their owner's tabs hear it. A changed vote
     * also took one from its previous image, so polls showing either are told, each once.
     */
    async webVoteOn(ownerId: string, imageId: string, previousImageId?: string): Promise<void> {
      const showing = new Map<string, CommunityPollRow>();
      for (const id of new Set([imageId, ...(previousImageId ? [previousImageId] : [])])) for (const row of await store.openShowing(ownerId, id)) showing.set(row.id, row);
      for (const row of showing.values()) publishLater(row);
    },

    /** The member's newest packs and comparisons (for /vote). */
    recentTargets: (userId: string, kind: "pack" | "comparison" | undefined, limit: number): Promise<PollTarget[]> => store.recentTargets(userId, kind, limit),

    /** The bot's handlers for the poll jobs, over its Discord client. */
    jobHandlers: (poster: PollPoster): RegisteredJobHandler[] => [postHandler(poster), closeHandler(poster)],
  };
}

export type CommunityPollService = ReturnType<typeof createCommunityPollService>;
export type { CommunityPollStore };
export type { PollFile, PollMessageState, PollPoster } from "./jobs.ts";
