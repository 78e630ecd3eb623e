import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx, OpenDb } from "../../db/open-db.ts";
import { waitlistEntries } from "../../db/schema/waitlist-entries.ts";
import type { WindowCount } from "../rate-limit/service.ts";

/**
 * Counts the IP's hit and adds the e-mail in one statement, so a join is one round trip (the waitlist is the public hot
 * path). The insert happens only while the window allows it. Looking first keeps a repeat visit from burning a position
 * number (a serial default is drawn before ON CONFLICT); the unique index settles true races. Parameters $1–$3 belong
 * to the rate-limit hit, which the rate limiter hands over (hitStatement) so this store never writes its table itself.
 */
const joinWithinLimitSql = (hitSql: string) => `with hit as (${hitSql}),
added as (
  insert into waitlist_entries (email, language)
  select $4::text, $5::text from hit
  where hit.count <= $6::int and not exists (select 1 from waitlist_entries where email = $4::text)
  on conflict (email) do nothing
  returning 1
)
select hit.count, hit.reset_at, exists (select 1 from added) as inserted from hit`;

export interface JoinWithinLimit {
  email: string;
  language: string;
  /** The counted hit: SQL text using $1–$3 and its three parameters. */
  hit: { sql: string; params: unknown[] };
  limit: number;
}

export function createWaitlistStore({ query }: Pick<OpenDb, "query">) {
  return {
    async joinWithinLimit(join: JoinWithinLimit): Promise<WindowCount & { inserted: boolean }> {
      const [row] = await query<{ count: number; reset_at: Date | string; inserted: boolean }>(joinWithinLimitSql(join.hit.sql), [
        ...join.hit.params,
        join.email,
        join.language,
        join.limit,
      ]);
      if (!row) throw new Error("waitlist join returned no row");
      return { count: row.count, resetAt: new Date(row.reset_at), inserted: row.inserted };
    },
  };
}

export type WaitlistStore = ReturnType<typeof createWaitlistStore>;

/** Marks the e-mail's waitlist entry as the Discord member's; false when there is no entry free for them. */
export async function attachDiscordUser(db: DbOrTx, email: string, discordUserId: string): Promise<boolean> {
  const rows = await db
    .update(waitlistEntries)
    .set({ discordUserId })
    .where(and(eq(waitlistEntries.email, email), isNull(waitlistEntries.discordUserId)))
    .returning({ id: waitlistEntries.id });
  return rows.length === 1;
}
