import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { feedChecks } from "../../db/schema/feed-checks.ts";

/** The last feed check of each image, under the key it was made for (docs/product/feed-check.md). */
export function createFeedCheckStore(db: DbOrTx) {
  return {
    /** The stored result when it was made under this key, else undefined. */
    async find(imageId: string, key: string): Promise<unknown> {
      const [row] = await db
        .select({ result: feedChecks.result })
        .from(feedChecks)
        .where(and(eq(feedChecks.imageId, imageId), eq(feedChecks.key, key)));
      return row?.result;
    },

    /** Keeps one result per image: a newer key replaces the older one. */
    async save(row: { imageId: string; userId: string; key: string; result: unknown }): Promise<void> {
      await db
        .insert(feedChecks)
        .values(row)
        .onConflictDoUpdate({ target: feedChecks.imageId, set: { userId: row.userId, key: row.key, result: row.result, createdAt: new Date() } });
    },
  };
}

export type FeedCheckStore = ReturnType<typeof createFeedCheckStore>;
