import { and, desc, eq, getTableColumns, gt, inArray, lt, notInArray, or, sql } from "drizzle-orm";
import type { GalleryKind, ImageStatus } from "../../contract/images.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import { type ImageRow, images, type NewImageRow } from "../../db/schema/images.ts";
import type { KeysetCursor } from "../paging/keyset-cursor.ts";

export type { GalleryKind };

export interface GalleryQuery {
  kind?: GalleryKind | undefined;
  limit: number;
  /** Keyset cursor: the (createdAt, id) of the last image of the previous page. */
  after?: KeysetCursor | undefined;
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
          or(lt(images.createdAt, q.after.at), and(eq(images.createdAt, q.after.at), lt(images.id, q.after.id))) ?? sql`false`,
        );
      }
      return db
        .select(listed)
        .from(images)
        .where(and(...conditions))
        .orderBy(desc(images.createdAt), desc(images.id))
        .limit(q.limit);
    },

    async sceneOf(id: string): Promise<unknown> {
      const [row] = await db.select({ scene: images.scene }).from(images).where(eq(images.id, id));
      return row?.scene ?? null;
    },

    async find(id: string): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(images).where(eq(images.id, id));
      return row;
    },

    /** Moves a made image along as its job runs; undefined when it is not in the state the move starts from. */
    async setStatus(id: string, from: ImageStatus[], change: Partial<Pick<ImageRow, "status" | "error" | "errorCode" | "width" | "height" | "originalKey" | "previewKey" | "thumbKey" | "scene">>): Promise<ImageRow | undefined> {
      const [row] = await db
        .update(images)
        .set({ ...change, updatedAt: new Date() })
        .where(and(eq(images.id, id), inArray(images.status, from)))
        .returning();
      return row;
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

