import { lt, sql } from "drizzle-orm";
import type { OpenDb } from "../../db/open-db.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";

export interface WindowCount {
  count: number;
  resetAt: Date;
}

/**
 * Counts one hit in a key's current window in a single atomic upsert; a lapsed window starts over. Parameters:
 * $1 key, $2 now, $3 the reset time a new window gets. Exported so a hot path can fold the hit into its own
 * statement as a CTE (server/waitlist/store.ts) and stay one round trip.
 */
export const HIT_UPSERT_SQL = `insert into rate_limits as r (key, count, reset_at) values ($1::text, 1, $3::timestamptz)
  on conflict (key) do update set
    count = case when r.reset_at <= $2::timestamptz then 1 else r.count + 1 end,
    reset_at = case when r.reset_at <= $2::timestamptz then excluded.reset_at else r.reset_at end
  returning count, reset_at`;

// ISO strings both ways: Drizzle switches postgres.js's date parsing and serialising off, PGlite keeps it.
export function hitParams(key: string, now: Date, windowMs: number): [string, string, string] {
  return [key, now.toISOString(), new Date(now.getTime() + windowMs).toISOString()];
}

export function createRateLimitStore({ db, query }: Pick<OpenDb, "db" | "query">) {
  return {
    async hit(key: string, now: Date, windowMs: number): Promise<WindowCount> {
      const [row] = await query<{ count: number; reset_at: Date | string }>(HIT_UPSERT_SQL, hitParams(key, now, windowMs));
      if (!row) throw new Error("rate limit upsert returned no row");
      return { count: row.count, resetAt: new Date(row.reset_at) };
    },

    /** The key's count in its current window, without counting a hit (0 once the window has lapsed). */
    async peek(key: string, now: Date): Promise<WindowCount> {
      const [row] = await db.select().from(rateLimits).where(sql`${rateLimits.key} = ${key}`).limit(1);
      if (!row || row.resetAt.getTime() <= now.getTime()) return { count: 0, resetAt: now };
      return { count: row.count, resetAt: row.resetAt };
    },

    /** Takes back one counted hit (a reserved attempt that turned out fine). */
    async unhit(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(sql`${rateLimits.key} = ${key}`);
    },

    /**
     * Backoff for one subject, checked and counted in one statement: the first `free` failures pass at once, then
     * each attempt must come `2^(n - free)` seconds (at most `maxDelayMs`) after the previous one. The window slides
     * with every counted attempt; `resetAt - windowMs` is when the last one came. Answers undefined when the
     * attempt must wait, else the attempt's number.
     */
    async backoffHit(key: string, now: Date, options: { windowMs: number; free: number; maxDelayMs: number }): Promise<number | undefined> {
      const [row] = await query<{ count: number }>(
        `insert into rate_limits as r (key, count, reset_at) values ($1::text, 1, $3::timestamptz)
          on conflict (key) do update set
            count = case when r.reset_at <= $2::timestamptz then 1 else r.count + 1 end,
            reset_at = excluded.reset_at
          where r.reset_at <= $2::timestamptz
            or r.count < $5::int
            or r.reset_at - ($4::bigint * interval '1 millisecond')
               + (least(power(2, r.count - $5::int) * 1000, $6::bigint) * interval '1 millisecond') <= $2::timestamptz
          returning count`,
        [key, now.toISOString(), new Date(now.getTime() + options.windowMs).toISOString(), options.windowMs, options.free, options.maxDelayMs],
      );
      return row?.count;
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
    },

    async purgeExpired(now: Date): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.resetAt, now));
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;
