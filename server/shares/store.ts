import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { ShareKind, ShareVoteSource } from "../../contract/shares.ts";
import type { DbOrTx } from "../../db/open-db.ts";
import { comparisons } from "../../db/schema/comparisons.ts";
import { images } from "../../db/schema/images.ts";
import { type ShareLinkRow, shareLinks, shareVotes } from "../../db/schema/share-links.ts";

/** What a share shows of one of its images: never the prompt, the owner or another image's id. */
export interface SharedImageRow {
  id: string;
  status: string;
  title: string | null;
  width: number | null;
  height: number | null;
  packVariant: number | null;
  originalKey: string | null;
  previewKey: string | null;
  expiresAt: Date | null;
}

const sharedColumns = {
  id: images.id,
  status: images.status,
  title: images.title,
  width: images.width,
  height: images.height,
  packVariant: images.packVariant,
  originalKey: images.originalKey,
  previewKey: images.previewKey,
  expiresAt: images.expiresAt,
};

export interface VoteCount {
  imageId: string;
  source: ShareVoteSource;
  count: number;
}

/** The SQL of share links and their votes, and the owner's images they point at (read here, by owner, on purpose). */
export function createShareStore(db: DbOrTx) {
  return {
    async insert(row: { userId: string; tokenHash: string; kind: ShareKind; targetId: string; expiresAt: Date | null }): Promise<ShareLinkRow> {
      const [inserted] = await db.insert(shareLinks).values(row).returning();
      if (!inserted) throw new Error("share link insert returned nothing");
      return inserted;
    },

    async byTokenHash(tokenHash: string): Promise<ShareLinkRow | undefined> {
      // A poll's hidden link is never opened by a token (nobody has one); only shared links are.
      const [row] = await db
        .select()
        .from(shareLinks)
        .where(and(eq(shareLinks.tokenHash, tokenHash), eq(shareLinks.purpose, "link")))
        .limit(1);
      return row;
    },

    async owned(userId: string, id: string): Promise<ShareLinkRow | undefined> {
      const [row] = await db
        .select()
        .from(shareLinks)
        .where(and(eq(shareLinks.id, id), eq(shareLinks.userId, userId), eq(shareLinks.purpose, "link")))
        .limit(1);
      return row;
    },

    /** The user's links to one target, newest first. */
    async forTarget(userId: string, kind: ShareKind, targetId: string, limit: number): Promise<ShareLinkRow[]> {
      return db
        .select()
        .from(shareLinks)
        .where(and(eq(shareLinks.userId, userId), eq(shareLinks.targetId, targetId), eq(shareLinks.kind, kind), eq(shareLinks.purpose, "link")))
        .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
        .limit(limit);
    },

    /** Marks the link revoked (once: a second revoke keeps the first time). */
    async revoke(userId: string, id: string, at: Date): Promise<ShareLinkRow | undefined> {
      const [row] = await db
        .update(shareLinks)
        .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(shareLinks.id, id), eq(shareLinks.userId, userId), eq(shareLinks.purpose, "link")))
        .returning();
      return row;
    },

    /** The images a share points at, the owner's only: one image, a pack's (A first) or a comparison's (oldest first). */
    async targetImages(userId: string, kind: ShareKind, targetId: string): Promise<SharedImageRow[]> {
      const owner = eq(images.userId, userId);
      if (kind === "image") return db.select(sharedColumns).from(images).where(and(owner, eq(images.id, targetId))).limit(1);
      if (kind === "pack") return db.select(sharedColumns).from(images).where(and(owner, eq(images.packId, targetId))).orderBy(asc(images.packVariant));
      return db
        .select(sharedColumns)
        .from(images)
        .where(and(owner, eq(images.comparisonId, targetId)))
        .orderBy(asc(images.createdAt), asc(images.id));
    },

    async comparisonOwned(userId: string, id: string): Promise<boolean> {
      const [row] = await db.select({ id: comparisons.id }).from(comparisons).where(and(eq(comparisons.id, id), eq(comparisons.userId, userId))).limit(1);
      return row !== undefined;
    },

    /** Sets the voter's choice, or changes it: one vote per voter and source. */
    async vote(shareId: string, imageId: string, source: ShareVoteSource, voterKey: string, at: Date): Promise<void> {
      await db
        .insert(shareVotes)
        .values({ shareId, imageId, source, voterKey, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: [shareVotes.shareId, shareVotes.source, shareVotes.voterKey], set: { imageId, updatedAt: at } });
    },

    async voteOf(shareId: string, source: ShareVoteSource, voterKey: string): Promise<string | undefined> {
      const [row] = await db
        .select({ imageId: shareVotes.imageId })
        .from(shareVotes)
        .where(and(eq(shareVotes.shareId, shareId), eq(shareVotes.source, source), eq(shareVotes.voterKey, voterKey)))
        .limit(1);
      return row?.imageId;
    },

    /**
     * Discord's votes on these images of the owner's, through their community polls (each poll's hidden link): the
     * share dialog's Discord column.
     */
    async pollDiscordCounts(userId: string, imageIds: readonly string[]): Promise<VoteCount[]> {
      if (imageIds.length === 0) return [];
      const rows = await db
        .select({ imageId: shareVotes.imageId, count: sql<string>`count(*)` })
        .from(shareVotes)
        .innerJoin(shareLinks, eq(shareLinks.id, shareVotes.shareId))
        .where(and(eq(shareLinks.userId, userId), eq(shareLinks.purpose, "poll"), eq(shareVotes.source, "discord"), inArray(shareVotes.imageId, [...imageIds])))
        .groupBy(shareVotes.imageId);
      return rows.map((row) => ({ imageId: row.imageId, source: "discord" as const, count: Number(row.count) }));
    },

    /** Votes per share, image and source. */
    async counts(shareIds: readonly string[]): Promise<(VoteCount & { shareId: string })[]> {
      if (shareIds.length === 0) return [];
      const rows = await db
        .select({ shareId: shareVotes.shareId, imageId: shareVotes.imageId, source: shareVotes.source, count: sql<string>`count(*)` })
        .from(shareVotes)
        .where(inArray(shareVotes.shareId, [...shareIds]))
        .groupBy(shareVotes.shareId, shareVotes.imageId, shareVotes.source);
      return rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
  };
}

export type ShareStore = ReturnType<typeof createShareStore>;
