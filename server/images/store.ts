import { and, desc, eq, getTableColumns, gt, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { GalleryKind } from "../../contract/images.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import { type ImageRow, images, type NewImageRow } from "../../db/schema/images.ts";

export type { GalleryKind };

export interface GalleryQuery {
  kind?: GalleryKind | undefined;
  limit: number;
  /** Keyset cursor: the (createdAt, id) of the last image of the previous page. */
  after?: { createdAt: Date; id: string } | undefined;
}

/** Every column but the scene (kilobytes of JSON nothing on the read paths needs). */
const { scene: _scene, ...listed } = getTableColumns(images);
export type ListedImage = Omit<ImageRow, "scene">;

async function uploadBytesOf(db: Pick<DbOrTx, "select">, userId: string, now: Date): Promise<number> {
  const [used] = await db
    .select({ bytes: sql<string>`coalesce(sum(${images.bytes}), 0)` })
    .from(images)
    .where(and(eq(images.userId, userId), eq(images.kind, "upload"), gt(images.expiresAt, now)));
  return Number(used?.bytes ?? 0);
}

/** The SQL of images and their jobs; `db` may be a transaction. */
export function createImageStore(db: DbOrTx) {
  // Every image URL a browser loads runs this: prepared once, planned once.
  const ownedLookup = db
    .select(listed)
    .from(images)
    .where(and(eq(images.id, sql.placeholder("id")), eq(images.userId, sql.placeholder("userId"))))
    .limit(1)
    .prepare("image_owned");

  return {
    async insert(row: NewImageRow): Promise<ImageRow> {
      const [inserted] = await db.insert(images).values(row).returning();
      if (!inserted) throw new Error("image insert returned nothing");
      return inserted;
    },

    /**
     * Inserts a temporary upload unless the owner's unexpired uploads would pass `quotaBytes`. The owner's row is
     * locked first, so two uploads at once are counted one after the other and cannot both slip under the quota.
     */
    async insertUploadWithinQuota(row: NewImageRow & { bytes: number }, quotaBytes: number, now: Date): Promise<ImageRow | undefined> {
      return withTransaction(db, async (tx) => {
        await tx.execute(sql`select 1 from users where id = ${row.userId} for update`);
        if ((await uploadBytesOf(tx, row.userId, now)) + row.bytes > quotaBytes) return undefined;
        const [inserted] = await tx.insert(images).values(row).returning();
        return inserted;
      });
    },

    /** Bytes of the owner's unexpired temporary uploads. */
    uploadBytes: (userId: string, now: Date): Promise<number> => uploadBytesOf(db, userId, now),

    async findOwned(userId: string, id: string): Promise<ListedImage | undefined> {
      const [row] = await ownedLookup.execute({ id, userId });
      return row;
    },

    async gallery(userId: string, q: GalleryQuery): Promise<ListedImage[]> {
      const conditions = [
        eq(images.userId, userId),
        notInArray(images.status, ["failed"]),
        q.kind ? eq(images.kind, q.kind) : notInArray(images.kind, ["upload"]),
      ];
      if (q.after) {
        conditions.push(
          or(lt(images.createdAt, q.after.createdAt), and(eq(images.createdAt, q.after.createdAt), lt(images.id, q.after.id))) ?? sql`false`,
        );
      }
      return db
        .select(listed)
        .from(images)
        .where(and(...conditions))
        .orderBy(desc(images.createdAt), desc(images.id))
        .limit(q.limit);
    },

    /**
     * Takes the oldest pending job and leases it to `worker`. SKIP LOCKED lets several workers (and nodes) claim
     * side by side without waiting on each other or taking the same job.
     */
    async claimNext(worker: string, leaseMs: number): Promise<ImageRow | undefined> {
      const oldestPending = sql`(select ${images.id} from ${images} where ${images.status} = 'pending' order by ${images.createdAt} limit 1 for update skip locked)`;
      const [row] = await db
        .update(images)
        .set({
          status: "running",
          lockedBy: worker,
          lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
          attempts: sql`${images.attempts} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(images.id, oldestPending))
        .returning();
      return row;
    },

    async extendLease(id: string, worker: string, leaseMs: number): Promise<boolean> {
      const rows = await db
        .update(images)
        .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
        .where(and(eq(images.id, id), eq(images.lockedBy, worker), eq(images.status, "running")))
        .returning({ id: images.id });
      return rows.length === 1;
    },

    /** Only the worker that holds the lease may finish the job; undefined when it lost it (recovered elsewhere). */
    async markReady(id: string, worker: string, done: Pick<ImageRow, "width" | "height" | "originalKey" | "previewKey" | "thumbKey" | "scene">) {
      const [row] = await db
        .update(images)
        .set({ ...done, status: "ready", lockedBy: null, lockedUntil: null, updatedAt: new Date() })
        .where(and(eq(images.id, id), eq(images.lockedBy, worker), eq(images.status, "running")))
        .returning();
      return row;
    },

    /**
     * Fails a job once. `holder` is the worker finishing its own job; `orphan` is recovery, which may only fail the
     * claim it saw, and (unless the process is alone) only once that claim has run out. Undefined when it no longer applies.
     */
    async markFailed(
      id: string,
      failure: { error: string; errorCode: string },
      guard: { holder: string } | { orphan: { lockedBy: string | null; expiredOnly: boolean } },
    ): Promise<ImageRow | undefined> {
      const claim =
        "holder" in guard
          ? and(eq(images.status, "running"), eq(images.lockedBy, guard.holder))
          : and(
              eq(images.status, "running"),
              guard.orphan.lockedBy === null ? isNull(images.lockedBy) : eq(images.lockedBy, guard.orphan.lockedBy),
              guard.orphan.expiredOnly ? lt(images.lockedUntil, sql`now()`) : undefined,
            );
      const [row] = await db
        .update(images)
        .set({ ...failure, status: "failed", lockedBy: null, lockedUntil: null, updatedAt: new Date() })
        .where(and(eq(images.id, id), claim))
        .returning();
      return row;
    },

    /** Hands a running job back to the queue (graceful shutdown). */
    async release(id: string, worker: string): Promise<ImageRow | undefined> {
      const [row] = await db
        .update(images)
        .set({ status: "pending", lockedBy: null, lockedUntil: null, updatedAt: new Date() })
        .where(and(eq(images.id, id), eq(images.lockedBy, worker), eq(images.status, "running")))
        .returning();
      return row;
    },

    /** Running jobs whose lease ran out (their worker died), or every running job when `all` (single-process database). */
    async orphanedJobs(all: boolean): Promise<ImageRow[]> {
      return db
        .select()
        .from(images)
        .where(and(eq(images.status, "running"), all ? undefined : lt(images.lockedUntil, sql`now()`)));
    },

    async expiredUploads(now: Date, limit: number): Promise<ImageRow[]> {
      return db
        .select()
        .from(images)
        .where(and(eq(images.kind, "upload"), lt(images.expiresAt, now)))
        .limit(limit);
    },

    async delete(id: string): Promise<void> {
      await db.delete(images).where(eq(images.id, id));
    },
  };
}

export type ImageStore = ReturnType<typeof createImageStore>;

