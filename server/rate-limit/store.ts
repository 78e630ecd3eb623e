import { lt, sql } from "drizzle-orm";
import type { Db } from "../../db/open-db.ts";
import { rateLimits } from "../../db/schema/rate-limits.ts";

export interface WindowCount {
  count: number;
  resetAt: Date;
}

export function createRateLimitStore(db: Db) {
  return {
    /** Counts one hit in the key's current window in a single atomic upsert; a lapsed window starts over. */
    async hit(key: string, now: Date, windowMs: number): Promise<WindowCount> {
      const resetAt = new Date(now.getTime() + windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (!row) throw new Error("rate limit upsert returned no row");
      return row;
    },

    /** The key's count in its current window, without counting a hit (0 once the window has lapsed). */
    async peek(key: string, now: Date): Promise<WindowCount> {
      const [row] = await db.select().from(rateLimits).where(sql`${rateLimits.key} = ${key}`).limit(1);
      if (!row || row.resetAt.getTime() <= now.getTime()) return { count: 0, resetAt: now };
      return { count: row.count, resetAt: row.resetAt };
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
