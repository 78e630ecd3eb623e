import { eq } from "drizzle-orm";
import type { Db } from "../../db/open-db.ts";
import { waitlistEntries } from "../../db/schema/waitlist-entries.ts";

export function createWaitlistStore(db: Db) {
  return {
    async findByEmail(email: string) {
      const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.email, email)).limit(1);
      return row;
    },

    /** Inserts once; a concurrent duplicate collapses on the unique index and returns undefined. */
    async insert(email: string, language: string) {
      const [row] = await db
        .insert(waitlistEntries)
        .values({ email, language })
        .onConflictDoNothing({ target: waitlistEntries.email })
        .returning();
      return row;
    },

    async count(): Promise<number> {
      return db.$count(waitlistEntries);
    },
  };
}

export type WaitlistStore = ReturnType<typeof createWaitlistStore>;
