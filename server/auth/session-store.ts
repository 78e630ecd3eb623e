import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { sessions } from "../../db/schema/sessions.ts";
import { users } from "../../db/schema/users.ts";

export function createSessionStore(db: DbOrTx) {
  // Every authenticated request runs this lookup: prepared once, so the SQL is built and planned only once.
  const lookup = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare("session_with_user");

  return {
    async insert(row: { id: string; userId: string; secretHash: string; createdAt: Date; expiresAt: Date }): Promise<void> {
      await db.insert(sessions).values({ ...row, lastSeenAt: row.createdAt });
    },

    /** The session with its user, in one query (every authenticated request runs it). */
    async findWithUser(id: string) {
      const [row] = await lookup.execute({ id });
      return row;
    },

    async touch(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
    },

    async delete(id: string): Promise<boolean> {
      const deleted = await db.delete(sessions).where(eq(sessions.id, id)).returning({ id: sessions.id });
      return deleted.length > 0;
    },

    /** Deletes every session of the user but `keepId`; returns the ids so their sockets can be closed. */
    async deleteOthers(userId: string, keepId: string): Promise<string[]> {
      const deleted = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
        .returning({ id: sessions.id });
      return deleted.map((r) => r.id);
    },

    async deleteMany(ids: string[]): Promise<void> {
      if (ids.length > 0) await db.delete(sessions).where(inArray(sessions.id, ids));
    },

    /** Expired rows of one user; run at each sign-in so the table does not grow with dead sessions. */
    async purgeExpiredFor(userId: string, now: Date): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
