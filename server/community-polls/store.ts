import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import type { ShareTallyRow } from "../../contract/shares.ts";
import type { CommunityPollKind } from "../../contract/community-polls.ts";
import type { DbOrTx } from "../../db/open-db.ts";
import { type CommunityPollRow, communityPolls } from "../../db/schema/community-polls.ts";
import { comparisons } from "../../db/schema/comparisons.ts";
import { discordLinks } from "../../db/schema/discord-links.ts";
import { images } from "../../db/schema/images.ts";
import { shareLinks, shareVotes } from "../../db/schema/share-links.ts";
import { users } from "../../db/schema/users.ts";

/** What a poll needs of one of its images: whose it is, whether it is finished, and where its bytes are. */
export interface PollImageRow {
  id: string;
  status: string;
  packId: string | null;
  comparisonId: string | null;
  originalKey: string | null;
  previewKey: string | null;
  expiresAt: Date | null;
}

const imageColumns = {
  id: images.id,
  status: images.status,
  packId: images.packId,
  comparisonId: images.comparisonId,
  originalKey: images.originalKey,
  previewKey: images.previewKey,
  expiresAt: images.expiresAt,
};

export interface PollVoteCount {
  imageId: string;
  source: "web" | "discord";
  count: number;
}

/** A pack or a comparison a member may put to a vote from Discord, newest first. */
export interface PollTarget {
  kind: "pack" | "comparison";
  id: string;
  prompt: string;
  createdAt: Date;
}

/** The SQL of community polls, their hidden share links and the votes they count. */
export function createCommunityPollStore(db: DbOrTx) {
  return {
    /** The poll and the hidden link its Discord votes hang on, in the caller's transaction. */
    async insert(row: Omit<typeof communityPolls.$inferInsert, "shareId" | "id">, link: { tokenHash: string; kind: "image" | "pack" | "comparison"; targetId: string }): Promise<CommunityPollRow> {
      const [share] = await db
        .insert(shareLinks)
        .values({ userId: row.userId, tokenHash: link.tokenHash, kind: link.kind, targetId: link.targetId, purpose: "poll" })
        .returning({ id: shareLinks.id });
      if (!share) throw new Error("poll share link insert returned nothing");
      const [poll] = await db
        .insert(communityPolls)
        .values({ ...row, shareId: share.id })
        .returning();
      if (!poll) throw new Error("community poll insert returned nothing");
      return poll;
    },

    async byId(id: string): Promise<CommunityPollRow | undefined> {
      const [row] = await db.select().from(communityPolls).where(eq(communityPolls.id, id)).limit(1);
      return row;
    },

    async owned(userId: string, id: string): Promise<CommunityPollRow | undefined> {
      const [row] = await db
        .select()
        .from(communityPolls)
        .where(and(eq(communityPolls.id, id), eq(communityPolls.userId, userId)))
        .limit(1);
      return row;
    },

    /** The user's polls on a pack or a comparison, newest first. */
    async forTarget(userId: string, kind: CommunityPollKind, targetId: string, limit: number): Promise<CommunityPollRow[]> {
      return db
        .select()
        .from(communityPolls)
        .where(and(eq(communityPolls.userId, userId), eq(communityPolls.kind, kind), eq(communityPolls.targetId, targetId)))
        .orderBy(desc(communityPolls.createdAt), desc(communityPolls.id))
        .limit(limit);
    },

    /** The user's polls that show this image, newest first. */
    async forImage(userId: string, imageId: string, limit: number): Promise<CommunityPollRow[]> {
      return db
        .select()
        .from(communityPolls)
        .where(and(eq(communityPolls.userId, userId), sql`${communityPolls.imageIds} @> ${JSON.stringify([imageId])}::jsonb`))
        .orderBy(desc(communityPolls.createdAt), desc(communityPolls.id))
        .limit(limit);
    },

    /** Open polls of the user that show any of these images (a vote on the share page changes their tally). */
    async openShowing(userId: string, imageId: string): Promise<CommunityPollRow[]> {
      return db
        .select()
        .from(communityPolls)
        .where(
          and(
            eq(communityPolls.userId, userId),
            inArray(communityPolls.status, ["posting", "open"]),
            sql`${communityPolls.imageIds} @> ${JSON.stringify([imageId])}::jsonb`,
          ),
        );
    },

    /** The message is in the channel: open, unless its owner closed it meanwhile (then it stays closed). */
    async setPosted(id: string, messageId: string): Promise<CommunityPollRow | undefined> {
      const [row] = await db
        .update(communityPolls)
        .set({ messageId, status: sql`case when ${communityPolls.status} = 'posting' then 'open' else ${communityPolls.status} end` })
        .where(eq(communityPolls.id, id))
        .returning();
      return row;
    },

    /** Discord refused the post; only a poll still being posted fails. */
    async setFailed(id: string): Promise<CommunityPollRow | undefined> {
      const [row] = await db
        .update(communityPolls)
        .set({ status: "failed" })
        .where(and(eq(communityPolls.id, id), eq(communityPolls.status, "posting")))
        .returning();
      return row;
    },

    /** Keeps the result as it stands at the closing, in the closing's transaction. */
    async freeze(id: string, tally: ShareTallyRow[]): Promise<CommunityPollRow | undefined> {
      const [row] = await db.update(communityPolls).set({ finalTally: tally }).where(eq(communityPolls.id, id)).returning();
      return row;
    },

    /** Closes a poll whose time passed before its message was posted: it is never posted. */
    async closeUnposted(id: string): Promise<CommunityPollRow | undefined> {
      const [row] = await db
        .update(communityPolls)
        .set({ status: "closed", closedAt: sql`${communityPolls.closesAt}`, closedDrawnAt: sql`${communityPolls.closesAt}` })
        .where(and(eq(communityPolls.id, id), eq(communityPolls.status, "posting"), isNull(communityPolls.messageId)))
        .returning();
      return row;
    },

    /** A closing edit was queued for the message (the first, or a retry). */
    async closeEditQueued(id: string, at: Date): Promise<void> {
      await db
        .update(communityPolls)
        .set({ closeEdits: sql`${communityPolls.closeEdits} + 1`, closeEditQueuedAt: at })
        .where(eq(communityPolls.id, id));
    },

    /** Discord took the edit that shows the poll closed. */
    async drawnClosed(id: string, at: Date): Promise<void> {
      await db.update(communityPolls).set({ closedDrawnAt: at }).where(eq(communityPolls.id, id));
    },

    /**
     * Closed polls whose message still shows them open: their last closing edit was queued before `before` and did
     * not go through, and fewer than `maxEdits` were tried. Locked so that two sweeps never queue the same retry.
     */
    async undrawnClosed(before: Date, maxEdits: number, limit: number): Promise<CommunityPollRow[]> {
      return db
        .select()
        .from(communityPolls)
        .where(
          and(
            eq(communityPolls.status, "closed"),
            isNotNull(communityPolls.messageId),
            isNull(communityPolls.closedDrawnAt),
            lt(communityPolls.closeEdits, maxEdits),
            sql`coalesce(${communityPolls.closeEditQueuedAt}, ${communityPolls.closedAt}) < ${before.toISOString()}`,
          ),
        )
        .orderBy(asc(communityPolls.closedAt))
        .limit(limit)
        .for("update", { skipLocked: true });
    },

    /** Closes the owner's poll now, once: undefined when it is not theirs or no longer posting or open. */
    async close(userId: string, id: string, at: Date): Promise<CommunityPollRow | undefined> {
      const [row] = await db
        .update(communityPolls)
        .set({ status: "closed", closedAt: at })
        .where(and(eq(communityPolls.id, id), eq(communityPolls.userId, userId), inArray(communityPolls.status, ["posting", "open"])))
        .returning();
      return row;
    },

    /** Closes every open poll whose time has come, each once however many sweeps run; at its own closing time. */
    async closeDue(now: Date, limit: number): Promise<CommunityPollRow[]> {
      const due = db
        .select({ id: communityPolls.id })
        .from(communityPolls)
        .where(and(eq(communityPolls.status, "open"), lte(communityPolls.closesAt, now)))
        .orderBy(asc(communityPolls.closesAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      return db
        .update(communityPolls)
        .set({ status: "closed", closedAt: sql`${communityPolls.closesAt}` })
        .where(and(inArray(communityPolls.id, due), eq(communityPolls.status, "open")))
        .returning();
    },

    /**
     * One tally's counts for a poll: its own Discord votes, and the share page's votes on the same images through the
     * owner's links (never another poll's Discord votes: each poll is its own question to the community).
     */
    async counts(poll: Pick<CommunityPollRow, "userId" | "shareId" | "imageIds">): Promise<PollVoteCount[]> {
      if (poll.imageIds.length === 0) return [];
      const discord = await db
        .select({ imageId: shareVotes.imageId, count: sql<string>`count(*)` })
        .from(shareVotes)
        .where(and(eq(shareVotes.shareId, poll.shareId), eq(shareVotes.source, "discord"), inArray(shareVotes.imageId, poll.imageIds)))
        .groupBy(shareVotes.imageId);
      const web = await db
        .select({ imageId: shareVotes.imageId, count: sql<string>`count(*)` })
        .from(shareVotes)
        .innerJoin(shareLinks, eq(shareLinks.id, shareVotes.shareId))
        .where(and(eq(shareLinks.userId, poll.userId), eq(shareLinks.purpose, "link"), eq(shareVotes.source, "web"), inArray(shareVotes.imageId, poll.imageIds)))
        .groupBy(shareVotes.imageId);
      return [
        ...discord.map((row) => ({ imageId: row.imageId, source: "discord" as const, count: Number(row.count) })),
        ...web.map((row) => ({ imageId: row.imageId, source: "web" as const, count: Number(row.count) })),
      ];
    },

    /**
     * The poll's row, locked against its closing until the caller's transaction ends: a vote counted under this lock
     * is in the result its closing reads.
     */
    async lockedForVote(id: string): Promise<Pick<CommunityPollRow, "status" | "closesAt"> | undefined> {
      const [row] = await db
        .select({ status: communityPolls.status, closesAt: communityPolls.closesAt })
        .from(communityPolls)
        .where(eq(communityPolls.id, id))
        .for("share");
      return row;
    },

    /** Sets a member's choice on the poll's link, or changes it: one row per member, however many presses race. */
    async vote(shareId: string, imageId: string, voterKey: string, at: Date): Promise<void> {
      await db
        .insert(shareVotes)
        .values({ shareId, imageId, source: "discord", voterKey, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: [shareVotes.shareId, shareVotes.source, shareVotes.voterKey], set: { imageId, updatedAt: at } });
    },

    /** The user's images among these ids (others' and missing ones are left out). */
    async ownImages(userId: string, ids: readonly string[]): Promise<PollImageRow[]> {
      if (ids.length === 0) return [];
      return db
        .select(imageColumns)
        .from(images)
        .where(and(eq(images.userId, userId), inArray(images.id, [...ids])));
    },

    /** A pack's images (A first) or a comparison's (oldest first), the owner's only. */
    async targetImages(userId: string, kind: "pack" | "comparison", targetId: string): Promise<PollImageRow[]> {
      const owner = eq(images.userId, userId);
      if (kind === "pack") return db.select(imageColumns).from(images).where(and(owner, eq(images.packId, targetId))).orderBy(asc(images.packVariant));
      return db
        .select(imageColumns)
        .from(images)
        .where(and(owner, eq(images.comparisonId, targetId)))
        .orderBy(asc(images.createdAt), asc(images.id));
    },

    async comparisonOwned(userId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: comparisons.id })
        .from(comparisons)
        .where(and(eq(comparisons.id, id), eq(comparisons.userId, userId)))
        .limit(1);
      return row !== undefined;
    },

    /** The user's newest packs and comparisons, for /vote's suggestions and its "latest" choices. */
    async recentTargets(userId: string, kind: "pack" | "comparison" | undefined, limit: number): Promise<PollTarget[]> {
      const packs =
        kind === "comparison"
          ? []
          : await db
              .select({ id: sql<string>`${images.packId}`, prompt: sql<string>`coalesce(min(${images.prompt}), '')`, createdAt: sql<Date>`max(${images.createdAt})` })
              .from(images)
              .where(and(eq(images.userId, userId), isNotNull(images.packId)))
              .groupBy(images.packId)
              .orderBy(desc(sql`max(${images.createdAt})`))
              .limit(limit);
      const compared =
        kind === "pack"
          ? []
          : await db
              .select({ id: comparisons.id, prompt: comparisons.prompt, createdAt: comparisons.createdAt })
              .from(comparisons)
              .where(eq(comparisons.userId, userId))
              .orderBy(desc(comparisons.createdAt))
              .limit(limit);
      const all: PollTarget[] = [
        ...packs.map((p) => ({ kind: "pack" as const, id: p.id, prompt: p.prompt, createdAt: new Date(p.createdAt) })),
        ...compared.map((c) => ({ kind: "comparison" as const, id: c.id, prompt: c.prompt, createdAt: c.createdAt })),
      ];
      return all.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, limit);
    },

    /** The Discord member linked to the account, if any. */
    async linkedMember(userId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ discordUserId: discordLinks.discordUserId })
        .from(discordLinks)
        .where(eq(discordLinks.userId, userId))
        .limit(1);
      return row?.discordUserId;
    },

    async languageOf(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.language;
    },
  };
}

export type CommunityPollStore = ReturnType<typeof createCommunityPollStore>;
