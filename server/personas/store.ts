import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { personaDrafts, type PersonaDraftRow, personas, type PersonaRow } from "../../db/schema/personas.ts";

type DraftResult = Pick<PersonaDraftRow, "suggestedName" | "description" | "sourceKey" | "cutoutKey" | "imageKey" | "thumbKey">;

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

    /** Handles of the user's personas that start with `prefix` (to pick a free one), but `exceptId`'s. */
    async handlesLike(userId: string, prefix: string, exceptId?: string): Promise<string[]> {
      const rows = await db
        .select({ handle: personas.handle })
        .from(personas)
        .where(and(eq(personas.userId, userId), sql`${personas.handle} like ${`${prefix.replace(/[\\%_]/g, "\\$&")}%`}`, exceptId ? ne(personas.id, exceptId) : undefined));
      return rows.map((r) => r.handle);
    },

    async insert(row: typeof personas.$inferInsert): Promise<PersonaRow> {
      const [inserted] = await db.insert(personas).values(row).returning();
      if (!inserted) throw new Error("persona insert returned nothing");
      return inserted;
    },

    async update(userId: string, id: string, fields: Partial<Pick<PersonaRow, "name" | "handle" | "description">>): Promise<PersonaRow | undefined> {
      const [row] = await db
        .update(personas)
        .set(fields)
        .where(and(eq(personas.id, id), eq(personas.userId, userId)))
        .returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<PersonaRow | undefined> {
      const [row] = await db
        .delete(personas)
        .where(and(eq(personas.id, id), eq(personas.userId, userId)))
        .returning();
      return row;
    },

    async insertDraft(row: typeof personaDrafts.$inferInsert): Promise<PersonaDraftRow> {
      const [inserted] = await db.insert(personaDrafts).values(row).returning();
      if (!inserted) throw new Error("persona draft insert returned nothing");
      return inserted;
    },

    async findDraft(userId: string, id: string): Promise<PersonaDraftRow | undefined> {
      const [row] = await db
        .select()
        .from(personaDrafts)
        .where(and(eq(personaDrafts.id, id), eq(personaDrafts.userId, userId)));
      return row;
    },

    /** Moves a pending draft to running; undefined when it is gone or already past that (a job run twice). */
    async startDraft(id: string): Promise<PersonaDraftRow | undefined> {
      const [row] = await db
        .update(personaDrafts)
        .set({ status: "running" })
        .where(and(eq(personaDrafts.id, id), inArray(personaDrafts.status, ["pending", "running"])))
        .returning();
      return row;
    },

    async finishDraft(id: string, result: DraftResult): Promise<PersonaDraftRow | undefined> {
      const [row] = await db
        .update(personaDrafts)
        .set({ ...result, status: "ready" })
        .where(and(eq(personaDrafts.id, id), eq(personaDrafts.status, "running")))
        .returning();
      return row;
    },

    async failDraft(id: string, failure: { error: string; errorCode: string }): Promise<PersonaDraftRow | undefined> {
      const [row] = await db
        .update(personaDrafts)
        .set({ ...failure, status: "failed" })
        .where(and(eq(personaDrafts.id, id), inArray(personaDrafts.status, ["pending", "running"])))
        .returning();
      return row;
    },

    async deleteDraft(userId: string, id: string): Promise<PersonaDraftRow | undefined> {
      const [row] = await db
        .delete(personaDrafts)
        .where(and(eq(personaDrafts.id, id), eq(personaDrafts.userId, userId)))
        .returning();
      return row;
    },

    /** Drafts past their time, removed; their files are the caller's to delete. */
    async deleteExpiredDrafts(now: Date, limit = 100): Promise<PersonaDraftRow[]> {
      const expired = db.select({ id: personaDrafts.id }).from(personaDrafts).where(lt(personaDrafts.expiresAt, now)).limit(limit);
      return db.delete(personaDrafts).where(inArray(personaDrafts.id, expired)).returning();
    },
  };
}

export type PersonaStore = ReturnType<typeof createPersonaStore>;
