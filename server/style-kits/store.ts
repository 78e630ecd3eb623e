import { and, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { styleKits, type StyleKitRow } from "../../db/schema/style-kits.ts";

/** The `style_kits` table; every read and write is scoped to its owner. */
export function createStyleKitStore(db: DbOrTx) {
  const mine = (userId: string, id: string) => and(eq(styleKits.id, id), eq(styleKits.userId, userId));
  return {
    async list(userId: string): Promise<StyleKitRow[]> {
      return db.select().from(styleKits).where(eq(styleKits.userId, userId)).orderBy(desc(styleKits.createdAt));
    },

    async count(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(styleKits).where(eq(styleKits.userId, userId));
      return row?.n ?? 0;
    },

    /**
     * Holds the user's kit limit until the transaction ends: two kits learned at once count the kits one after the
     * other, so both cannot pass on the same free place. An advisory lock keyed by the user: no row is needed.
     */
    async lockLimitOf(userId: string): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`style-kit-limit:${userId}`}))`);
    },

    async find(userId: string, id: string): Promise<StyleKitRow | undefined> {
      const [row] = await db.select().from(styleKits).where(mine(userId, id));
      return row;
    },

    async insert(row: typeof styleKits.$inferInsert): Promise<StyleKitRow> {
      const [inserted] = await db.insert(styleKits).values(row).returning();
      if (!inserted) throw new Error("style kit insert returned nothing");
      return inserted;
    },

    async rename(userId: string, id: string, name: string): Promise<StyleKitRow | undefined> {
      const [row] = await db.update(styleKits).set({ name, updatedAt: new Date() }).where(mine(userId, id)).returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(styleKits).where(mine(userId, id)).returning({ id: styleKits.id });
      return rows.length > 0;
    },
  };
}
