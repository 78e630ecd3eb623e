import { and, asc, desc, eq, gt, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { type VideoRow, videos } from "../../db/schema/videos.ts";
import type { VideoStatus } from "../../contract/videos.ts";

export type NewVideo = Pick<VideoRow, "userId" | "name" | "bytes" | "expiresAt"> & { id: string };
export type VideoChange = Partial<Pick<VideoRow, "status" | "fileKey" | "bytes" | "probe" | "progress" | "frames" | "filmstrip" | "truncated" | "error" | "errorCode">>;

/** Unexpired, or expired with saved frames (its row kept for them, its files gone). */
const shown = (now: Date) => or(gt(videos.expiresAt, now), eq(videos.status, "expired"));

/** The videos table (docs/product/videos.md): the only file that reads or writes it. */
export function createVideoStore(db: DbOrTx) {
  return {
    async insert(row: NewVideo): Promise<VideoRow> {
      const [created] = await db.insert(videos).values({ ...row, status: "uploading" }).returning();
      if (!created) throw new Error("the video row was not written");
      return created;
    },

    /** One of the user's videos that has not expired, or kept for its saved frames; another user's answers like a missing one. */
    async findOwned(userId: string, id: string, now: Date): Promise<VideoRow | undefined> {
      const [row] = await db
        .select()
        .from(videos)
        .where(and(eq(videos.id, id), eq(videos.userId, userId), shown(now)));
      return row;
    },

    async find(id: string): Promise<VideoRow | undefined> {
      const [row] = await db.select().from(videos).where(eq(videos.id, id));
      return row;
    },

    /** The user's unexpired videos and those kept for their saved frames, newest first. */
    async listOwned(userId: string, now: Date): Promise<VideoRow[]> {
      return db
        .select()
        .from(videos)
        .where(and(eq(videos.userId, userId), shown(now)))
        .orderBy(desc(videos.createdAt), desc(videos.id));
    },

    /**
     * Holds the user's video limits until the transaction ends: two uploads begun at once check the quota one after
     * the other, so both cannot pass on the same free space. An advisory lock keyed by the user: no row is needed.
     */
    async lockLimitsOf(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`video-limits:${userId}`}))`);
    },

    /** What the user's unexpired videos hold (declared sizes while they arrive): the quota's measure. */
    async bytesHeld(userId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${videos.bytes}), 0)` })
        .from(videos)
        .where(and(eq(videos.userId, userId), gt(videos.expiresAt, now)));
      return Number(row?.total ?? 0);
    },

    /** Changes a video only while it is in one of `from`: a cancel and a finishing job never both win. */
    async update(id: string, from: readonly VideoStatus[], change: VideoChange): Promise<VideoRow | undefined> {
      const [row] = await db
        .update(videos)
        .set({ ...change, updatedAt: new Date() })
        .where(and(eq(videos.id, id), inArray(videos.status, [...from])))
        .returning();
      return row;
    },

    /**
     * Changes a video only while it is analysing in run `run` (StoredVideoProgress): a job of an older run, or of a
     * video deleted meanwhile, changes nothing. Without a run (a job queued before runs were kept): status only.
     */
    async updateRun(id: string, run: string | undefined, change: VideoChange): Promise<VideoRow | undefined> {
      const conditions: SQL[] = [eq(videos.id, id), eq(videos.status, "analysing")];
      if (run !== undefined) conditions.push(sql`${videos.progress}->>'run' = ${run}`);
      const [row] = await db
        .update(videos)
        .set({ ...change, updatedAt: new Date() })
        .where(and(...conditions))
        .returning();
      return row;
    },

    /** The video's status and current run, as the frame finder's watcher reads them every second. */
    async runOf(id: string): Promise<{ status: VideoStatus; run: string | undefined } | undefined> {
      const [row] = await db.select({ status: videos.status, progress: videos.progress }).from(videos).where(eq(videos.id, id));
      return row ? { status: row.status, run: row.progress?.run } : undefined;
    },

    async statusOf(id: string): Promise<VideoStatus | undefined> {
      const [row] = await db.select({ status: videos.status }).from(videos).where(eq(videos.id, id));
      return row?.status;
    },

    async delete(id: string): Promise<VideoRow | undefined> {
      const [row] = await db.delete(videos).where(eq(videos.id, id)).returning();
      return row;
    },

    /** Videos past their time still holding files (an `expired` one has none left to delete). */
    async expired(now: Date, limit: number): Promise<VideoRow[]> {
      return db
        .select()
        .from(videos)
        .where(and(lte(videos.expiresAt, now), ne(videos.status, "expired")))
        .orderBy(asc(videos.expiresAt))
        .limit(limit);
    },
  };
}

export type VideoStore = ReturnType<typeof createVideoStore>;
