import { and, asc, desc, eq, getTableColumns, inArray, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { type ComparisonRow, comparisons } from "../../db/schema/comparisons.ts";
import { creditTransactions } from "../../db/schema/credit-transactions.ts";
import { images } from "../../db/schema/images.ts";
import type { KeysetCursor } from "../paging/keyset-cursor.ts";

/** Every image column but the scene (kilobytes of JSON a comparison's tiles never need). */
const { scene: _scene, ...tileColumns } = getTableColumns(images);

/** Comparison rows and the images that carry their id (docs/product/compare.md). Only this folder uses it. */
export function createComparisonStore(db: DbOrTx) {
  return {
    async insert(tx: DbOrTx, row: { id: string; userId: string; conversationId: string | null; prompt: string; sourceImageId: string | null }): Promise<ComparisonRow> {
      const [inserted] = await tx.insert(comparisons).values(row).returning();
      if (!inserted) throw new Error("the comparison's row was not inserted");
      return inserted;
    },

    /** The row, locked until the transaction ends: picks of a winner are taken one after the other. */
    async lockOwned(tx: DbOrTx, userId: string, id: string): Promise<ComparisonRow | undefined> {
      const [row] = await tx
        .select()
        .from(comparisons)
        .where(and(eq(comparisons.id, id), eq(comparisons.userId, userId)))
        .for("update");
      return row;
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

    /** Sets the winner only where it is another one; true when it changed. */
    async setWinner(tx: DbOrTx, id: string, imageId: string): Promise<boolean> {
      const rows = await tx
        .update(comparisons)
        .set({ winnerImageId: imageId })
        .where(and(eq(comparisons.id, id), sql`${comparisons.winnerImageId} is distinct from ${imageId}`))
        .returning({ id: comparisons.id });
      return rows.length > 0;
    },

    /**
     * What each comparison cost, from the ledger: its charge (under its own id) less the refunds of its failed images
     * (each under the image's id). A failed image deleted since takes its refund's link with it (no column keeps it).
     */
    async creditsSpent(userId: string, ids: readonly string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const charges = await db
        .select({ ref: creditTransactions.ref, delta: creditTransactions.delta })
        .from(creditTransactions)
        .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.reason, "generation"), inArray(creditTransactions.ref, [...ids])));
      const refunds = await db
        .select({ comparisonId: images.comparisonId, delta: creditTransactions.delta })
        .from(creditTransactions)
        .innerJoin(images, sql`${creditTransactions.ref} = ${images.id}::text`)
        .where(and(eq(creditTransactions.userId, userId), eq(creditTransactions.reason, "refund"), inArray(images.comparisonId, [...ids])));
      const spent = new Map<string, number>();
      for (const charge of charges) spent.set(charge.ref, (spent.get(charge.ref) ?? 0) - charge.delta);
      for (const refund of refunds) if (refund.comparisonId) spent.set(refund.comparisonId, (spent.get(refund.comparisonId) ?? 0) - refund.delta);
      return spent;
    },
  };
}

export type ComparisonStore = ReturnType<typeof createComparisonStore>;
