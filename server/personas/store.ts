import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { personas, type PersonaRow } from "../../db/schema/personas.ts";

export function createPersonaStore(db: DbOrTx) {
  return {
    /** The user's own personas among `ids`; ids of other users' personas simply do not come back. */
    async findOwned(userId: string, ids: readonly string[]): Promise<PersonaRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(personas)
        .where(and(eq(personas.userId, userId), inArray(personas.id, [...ids])));
    },

    /** The user's own personas with these handles (matched without case). */
    async findByHandles(userId: string, handles: readonly string[]): Promise<PersonaRow[]> {
      if (handles.length === 0) return [];
      return db
        .select()
        .from(personas)
        .where(and(eq(personas.userId, userId), inArray(sql`lower(${personas.handle})`, handles.map((h) => h.toLowerCase()))));
    },

    async list(userId: string): Promise<PersonaRow[]> {
      return db.select().from(personas).where(eq(personas.userId, userId)).orderBy(personas.handle);
    },

    async insert(row: typeof personas.$inferInsert): Promise<PersonaRow> {
      const [inserted] = await db.insert(personas).values(row).returning();
      if (!inserted) throw new Error("persona insert returned nothing");
      return inserted;
    },
  };
}

export type PersonaStore = ReturnType<typeof createPersonaStore>;
