import { and, asc, desc, eq, getTableColumns, gt, inArray, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import { type GalleryCounts, type GalleryKind, galleryKinds, galleryTabOf, GALLERY_PAGE_MAX, type ImageKind, type ImageStatus } from "../../contract/images.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import { conversations } from "../../db/schema/conversations.ts";
import { type ImageRow, images, type NewImageRow } from "../../db/schema/images.ts";
import type { KeysetCursor } from "../paging/keyset-cursor.ts";

export type { GalleryKind };

/** What narrows a gallery: its kind tab and the filters beside it. Absent filters match everything. */
export interface GalleryFilters {
  kind?: GalleryKind | undefined;
  /** A persona id: images made with it. */
  persona?: string | undefined;
  /** A video id: the frames saved from it. */
  video?: string | undefined;
  model?: string | undefined;
  /** Words the prompt contains, or the title or the user's messages of the conversation that made it, case-insensitively. */
  q?: string | undefined;
}

export interface GalleryQuery extends GalleryFilters {
  limit: number;
  /** Keyset cursor: the (createdAt, id) of the last image of the previous page. */
  after?: KeysetCursor | undefined;
}

/** Edits deeper than this are not followed when a version chain is read. */
const MAX_CHAIN_DEPTH = 200;

/** A LIKE pattern matching `text` anywhere, its own wildcards taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every column but the scene (kilobytes of JSON nothing on the read paths needs). */
const { scene: _scene, ...listed } = getTableColumns(images);
export type ListedImage = Omit<ImageRow, "scene">;
/** The storage keys of one write of an image's variants, as its row records them. */
export type ImageFiles = Pick<ImageRow, "originalKey" | "previewKey" | "thumbKey">;

async function uploadBytesOf(db: Pick<DbOrTx, "select">, userId: string, now: Date): Promise<number> {
  const [used] = await db
    .select({ bytes: sql<string>`coalesce(sum(${images.bytes}), 0)` })
    .from(images)
    .where(and(eq(images.userId, userId), eq(images.kind, "upload"), gt(images.expiresAt, now)));
  return Number(used?.bytes ?? 0);
}

/** The filters a query uses, as placeholder values; absent ones are left out of the SQL altogether. */
function filterParams(f: GalleryFilters) {
  return {
    ...(f.kind ? { kind: f.kind } : {}),
    ...(f.model ? { model: f.model } : {}),
    ...(f.persona ? { persona: f.persona } : {}),
    ...(f.video ? { video: f.video } : {}),
    ...(f.q ? { q: containsPattern(f.q) } : {}),
  };
}

type FilterName = "kind" | "model" | "persona" | "video" | "q";
const filterNames: readonly FilterName[] = ["kind", "model", "persona", "video", "q"];

/** The SQL of images and their jobs; `db` may be a transaction. */
export function createImageStore(db: DbOrTx) {
  // Every image URL a browser loads runs this: prepared once, planned once.
  const ownedLookup = db
    .select(listed)
    .from(images)
    .where(and(eq(images.id, sql.placeholder("id")), eq(images.userId, sql.placeholder("userId"))))
    .limit(1)
    .prepare("image_owned");

  // The gallery is read on every scroll: one prepared statement per shape (which filters are used, first page or
  // later, or the counts), made on first use. Only the filters in use are in the SQL, so even PostgreSQL's generic
  // plan estimates each one and walks the (user, created, id) index; "x is null or" conditions would blind it.
  const conditionOf: Record<FilterName, SQL> = {
    // Each tab a fixed condition (the kind's parameter only picks the tab): a chat edit is an edit a conversation made.
    // A saved frame is an upload linked to its video; other uploads never reach here (`listedInGallery`).
    kind: sql`(case ${sql.placeholder("kind")}::text when 'chat-edited' then ${images.kind} = 'edited' and ${images.conversationId} is not null when 'editor-edited' then ${images.kind} = 'edited' and ${images.conversationId} is null when 'from-video' then ${images.kind} = 'upload' else ${images.kind} = ${sql.placeholder("kind")} end)`,
    model: sql`${images.model} = ${sql.placeholder("model")}`,
    persona: sql`${images.personaIds} @> jsonb_build_array(${sql.placeholder("persona")}::text)`,
    video: sql`${images.sourceVideo} ->> 'videoId' = ${sql.placeholder("video")}::text`,
    // The user's matching conversations are read once (a hashed subplan over their few rows), not once per image.
    q: sql`(${images.prompt} ilike ${sql.placeholder("q")} or ${images.conversationId} in (select ${conversations.id} from ${conversations} where ${conversations.userId} = ${sql.placeholder("userId")} and (${conversations.title} ilike ${sql.placeholder("q")} or ${conversations.userWords} ilike ${sql.placeholder("q")})))`,
  };
  // Made images and frames saved from videos; a temporary upload or a model's picture is in no gallery.
  const listedInGallery = sql`(${images.kind} <> 'upload' or ${images.sourceVideo} is not null)`;
  const matching = (used: readonly FilterName[]) => and(eq(images.userId, sql.placeholder("userId")), listedInGallery, ...used.map((f) => conditionOf[f]));
  const statements = new Map<string, ReturnType<typeof prepareStatement>>();
  function prepareStatement(used: readonly FilterName[], shape: "first" | "after" | "counts") {
    const name = `image_gallery_${shape}_${used.join("_") || "all"}`;
    if (shape === "counts") {
      const fromChat = sql<boolean>`${images.conversationId} is not null`;
      const fromVideo = sql<boolean>`${images.sourceVideo} is not null`;
      return db
        .select({ kind: images.kind, fromChat, fromVideo, count: sql<string>`count(*)` })
        .from(images)
        .where(matching(used))
        .groupBy(images.kind, fromChat, fromVideo)
        .prepare(name);
    }
    const after =
      shape === "after"
        ? [
            // Written so the index bounds the scan; the id breaks ties between equal timestamps.
            sql`${images.createdAt} <= ${sql.placeholder("at")}::timestamptz`,
            sql`(${images.createdAt} < ${sql.placeholder("at")}::timestamptz or ${images.id} < ${sql.placeholder("id")}::uuid)`,
          ]
        : [];
    // A fixed LIMIT (the largest page and the row that says another follows; the caller keeps what it asked for):
    // with a parameter there, a generic plan guesses a tenth of the table and may sort instead of walking the index.
    return db
      .select(listed)
      .from(images)
      .where(and(matching(used), ...after))
      .orderBy(desc(images.createdAt), desc(images.id))
      .limit(GALLERY_PAGE_MAX + 1)
      .prepare(name);
  }
  function statement(params: Record<string, unknown>, shape: "first" | "after" | "counts") {
    const used = filterNames.filter((f) => f in params);
    const key = `${shape}:${used.join(",")}`;
    let prepared = statements.get(key);
    if (!prepared) {
      prepared = prepareStatement(used, shape);
      statements.set(key, prepared);
    }
    return prepared;
  }

  return {
    /** Bytes of the owner's unexpired temporary uploads. */
    uploadBytes: (userId: string, now: Date): Promise<number> => uploadBytesOf(db, userId, now),

    async findOwned(userId: string, id: string): Promise<ListedImage | undefined> {
      const [row] = await ownedLookup.execute({ id, userId });
      return row;
    },

    /** Those of `ids` that are the user's. */
    async findManyOwned(userId: string, ids: readonly string[]): Promise<ListedImage[]> {
      if (ids.length === 0) return [];
      return db
        .select(listed)
        .from(images)
        .where(and(eq(images.userId, userId), inArray(images.id, [...ids])));
    },

    async gallery(userId: string, q: GalleryQuery): Promise<ListedImage[]> {
      const params = { userId, ...filterParams(q) };
      const rows = q.after
        ? ((await statement(params, "after").execute({ ...params, at: q.after.at.toISOString(), id: q.after.id })) as ListedImage[])
        : ((await statement(params, "first").execute(params)) as ListedImage[]);
      return rows.slice(0, q.limit);
    },

    /**
     * The user's newest finished images of their own making (ready, not uploads), newest first, however many uploads
     * or unfinished images came after them: what "your latest image" means to the Discord bot.
     */
    async latestFinished(userId: string, limit: number): Promise<ListedImage[]> {
      return db
        .select(listed)
        .from(images)
        .where(and(eq(images.userId, userId), eq(images.status, "ready"), ne(images.kind, "upload")))
        .orderBy(desc(images.createdAt), desc(images.id))
        .limit(limit);
    },

    /** How many images each tab holds under the other filters (the kind is left out: each tab is a kind). */
    async galleryCounts(userId: string, filters: GalleryFilters): Promise<GalleryCounts> {
      const params = { userId, ...filterParams({ ...filters, kind: undefined }) };
      const rows = (await statement(params, "counts").execute(params)) as { kind: ImageKind; fromChat: boolean; fromVideo: boolean; count: string }[];
      const counts = Object.fromEntries(galleryKinds.map((kind) => [kind, 0])) as Record<GalleryKind, number>;
      for (const row of rows) {
        const tab = galleryTabOf(row.kind, row.fromChat, row.fromVideo);
        if (tab) counts[tab] += Number(row.count);
      }
      return { all: rows.reduce((sum, r) => sum + Number(r.count), 0), ...counts };
    },

    /** A pack's images that belong to the user, variant A first; none when the pack is missing or someone else's. */
    async packOwned(userId: string, packId: string): Promise<ListedImage[]> {
      return db
        .select(listed)
        .from(images)
        .where(and(eq(images.packId, packId), eq(images.userId, userId)))
        .orderBy(asc(images.packVariant));
    },

    /**
     * The version chain an image of the user's belongs to: the root it was edited from (following parent links up)
     * and every ready image edited from it since, at any depth, oldest first. Only the user's own images are followed.
     */
    async versionChain(userId: string, id: string): Promise<ListedImage[]> {
      // Depth-bounded both ways: a chain is a few dozen edits at most, and a bound keeps a bad link from looping.
      const chain = sql`(
        with recursive up(id, parent_id, depth) as (
          select i.id, i.parent_id, 0 from images i where i.id = ${id} and i.user_id = ${userId}
          union all
          select i.id, i.parent_id, up.depth + 1 from images i join up on i.id = up.parent_id
          where i.user_id = ${userId} and up.depth < ${MAX_CHAIN_DEPTH}
        ),
        down(id, depth) as (
          select root.id, 0 from (select up.id from up order by up.depth desc limit 1) root
          union all
          select i.id, down.depth + 1 from images i join down on i.parent_id = down.id
          where i.user_id = ${userId} and i.status = 'ready' and down.depth < ${MAX_CHAIN_DEPTH}
        )
        select down.id from down)`;
      return db
        .select(listed)
        .from(images)
        .where(and(eq(images.userId, userId), eq(images.status, "ready"), sql`${images.id} in ${chain}`))
        .orderBy(asc(images.createdAt), asc(images.id));
    },

    async sceneOf(id: string): Promise<unknown> {
      const [row] = await db.select({ scene: images.scene }).from(images).where(eq(images.id, id));
      return row?.scene ?? null;
    },

    async find(id: string): Promise<ImageRow | undefined> {
      const [row] = await db.select().from(images).where(eq(images.id, id));
      return row;
    },

    /** Whether any frame saved from the user's video is left; the owner's index bounds the scan. */
    async hasFramesFrom(userId: string, videoId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: images.id })
        .from(images)
        .where(and(eq(images.userId, userId), eq(images.kind, "upload"), sql`${images.sourceVideo} ->> 'videoId' = ${videoId}`))
        .limit(1);
      return row !== undefined;
    },

    async expiredUploads(now: Date, limit: number): Promise<ImageRow[]> {
      return db
        .select()
        .from(images)
        .where(and(eq(images.kind, "upload"), lt(images.expiresAt, now)))
        .limit(limit);
    },

  };
}

export type ImageStore = ReturnType<typeof createImageStore>;

/** What a status change may also set: a finished image's files and size, a failed one's reason. */
export type StatusChange = Partial<Pick<ImageRow, "error" | "errorCode" | "width" | "height" | "originalKey" | "previewKey" | "thumbKey" | "scene" | "baseImageId" | "bytes">>;

/**
 * Every write to the images table: rows added, moved between statuses, retitled, deleted. Only the image lifecycle
 * (`lifecycle.ts`) uses these; its transition table decides the `from` states each write is given.
 */
export function createImageWrites(db: DbOrTx) {
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

    /** Moves an image to `to`; undefined when it is gone or not in one of the `from` states. */
    async setStatus(id: string, from: readonly ImageStatus[], to: ImageStatus, change: StatusChange & { runningSince?: Date | undefined } = {}): Promise<ImageRow | undefined> {
      const { runningSince, ...columns } = change;
      // What making it took (a comparison's tile shows it): from when its job began running it, by the job's own clock,
      // so time spent waiting in the queue is not counted; else from the request, by the database's clock.
      const durationMs =
        runningSince !== undefined ? Math.max(0, Date.now() - runningSince.getTime()) : sql<number>`greatest(0, round(extract(epoch from (now() - ${images.createdAt})) * 1000))::int`;
      const [row] = await db
        .update(images)
        .set({
          ...columns,
          status: to,
          updatedAt: new Date(),
          ...(to === "ready" ? { durationMs } : {}),
        })
        .where(and(eq(images.id, id), inArray(images.status, [...from])))
        .returning();
      return row;
    },

    /** Sets the video title of one of the user's images; the row as it now is, or undefined when it is not theirs. */
    async setTitle(userId: string, id: string, title: string | null): Promise<ImageRow | undefined> {
      const [row] = await db
        .update(images)
        .set({ title, updatedAt: new Date() })
        .where(and(eq(images.id, id), eq(images.userId, userId)))
        .returning();
      return row;
    },

    /** Deletes one of the user's images while it is in one of the `from` states; the row it was, or undefined. */
    /**
     * Deletes a model's picture (an upload that never expires) once no image of its owner is drawn over it any more;
     * returns its files to delete. A temporary upload, or a picture still in use, is left alone.
     */
    async deleteUnusedPicture(userId: string, id: string): Promise<ListedImage | undefined> {
      const [row] = await db
        .delete(images)
        .where(
          and(
            eq(images.id, id),
            eq(images.userId, userId),
            eq(images.kind, "upload"),
            isNull(images.expiresAt),
            // A frame saved from a video never expires either, but it is the creator's, not a model's picture.
            isNull(images.sourceVideo),
            sql`not exists (select 1 from images other where other.base_image_id = ${id} and other.user_id = ${userId})`,
          ),
        )
        .returning(listed);
      return row;
    },

    async deleteOwned(userId: string, id: string, from: readonly ImageStatus[]): Promise<ListedImage | undefined> {
      const [row] = await db
        .delete(images)
        .where(and(eq(images.id, id), eq(images.userId, userId), inArray(images.status, [...from])))
        .returning(listed);
      return row;
    },

    async delete(id: string): Promise<void> {
      await db.delete(images).where(eq(images.id, id));
    },
  };
}

export type ImageWrites = ReturnType<typeof createImageWrites>;

