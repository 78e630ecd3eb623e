import { and, asc, desc, eq, getTableColumns, inArray, lt, or } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { type ComparisonRow, comparisons } from "../../db/schema/comparisons.ts";
import { images } from "../../db/schema/images.ts";
import type { KeysetCursor } from "../paging/keyset-cursor.ts";

/** Every image column but the scene (kilobytes of JSON a comparison's tiles never need). */
const { scene: _scene, ...tileColumns } = getTableColumns(images);

/** Comparison rows and the images that carry their id (docs/product/compare.md). Only this folder uses it. */
export function createComparisonStore(db: DbOrTx) {
  return {
    async insert(tx: DbOrTx, row: { id: string; userId: string; conversationId: string | null; prompt: string; sourceImageId: string | null }): Promise<void> {
      await tx.insert(comparisons).values(row);
    },

    async findOwned(userId: string, id: string): Promise<ComparisonRow | undefined> {
      const [row] = await db
        .select()
        .from(comparisons)
        .where(and(eq(comparisons.id, id), eq(comparisons.userId, userId)));
      return row;
    },

    /** Newest first, after the cursor: `limit` rows at most. */
    async list(userId: string, limit: number, after: KeysetCursor | undefined): Promise<ComparisonRow[]> {
      const page = after ? or(lt(comparisons.createdAt, after.at), and(eq(comparisons.createdAt, after.at), lt(comparisons.id, after.id))) : undefined;
      return db
        .select()
        .from(comparisons)
        .where(and(eq(comparisons.userId, userId), page))
        .orderBy(desc(comparisons.createdAt), desc(comparisons.id))
        .limit(limit);
    },

    /** The images of these comparisons, each comparison's in the order they were made (the models' order). */
    async imagesOf(userId: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return db
        .select(tileColumns)
        .from(images)
        .where(and(eq(images.userId, userId), inArray(images.comparisonId, [...ids])))
        .orderBy(asc(images.createdAt), asc(images.id));
    },

    async setWinner(userId: string, id: string, imageId: string): Promise<ComparisonRow | undefined> {
      const [row] = await db
        .update(comparisons)
        .set({ winnerImageId: imageId })
        .where(and(eq(comparisons.id, id), eq(comparisons.userId, userId)))
        .returning();
      return row;
    },
  };
}

export type ComparisonStore = ReturnType<typeof createComparisonStore>;
