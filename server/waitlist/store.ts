import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/open-db.ts";
import { waitlistEntries } from "../../db/schema/waitlist-entries.ts";

export function createWaitlistStore(db: Db) {
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email)).limit(1);
      return row;
    },

    /**
     * Adds the e-mail unless present, in one round trip. Looking first keeps a repeat visit from burning a
     * position number (a serial default is drawn before ON CONFLICT); the unique index settles true races.
     */
    async insertIfNew(email: string, language: string): Promise<boolean> {
      const rows = await db.execute<{ id: string }>(sql`
        insert into ${waitlistEntries} (email, language)
        select ${email}, ${language}
        where not exists (select 1 from ${waitlistEntries} where email = ${email})
        on conflict (email) do nothing
        returning id`);
      return rowCount(rows) > 0;
    },

    async count(): Promise<number> {
      return db.$count(waitlistEntries);
    },
  };
}

/** postgres.js answers an array of rows, PGlite an object with `rows`. */
function rowCount(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  return (result as { rows?: unknown[] }).rows?.length ?? 0;
}

export type WaitlistStore = ReturnType<typeof createWaitlistStore>;
