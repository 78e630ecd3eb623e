import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/open-db.ts";
import { type JobRow, jobs, type NewJobRow } from "../../db/schema/jobs.ts";
import type { JobCount } from "./job-type.ts";

const leaseEnd = (leaseMs: number) => sql`now() + ${leaseMs} * interval '1 millisecond'`;
const heldBy = (id: string, worker: string) => and(eq(jobs.id, id), eq(jobs.lockedBy, worker), eq(jobs.status, "running"));

/** How a failure may apply: the worker finishing its own job, or recovery of a claim it saw run out. */
export type FailGuard = { holder: string } | { orphan: { lockedBy: string | null; expiredOnly: boolean } };

export function createJobStore(db: DbOrTx) {
  return {
    async insert(row: NewJobRow): Promise<JobRow> {
      const [inserted] = await db.insert(jobs).values(row).returning();
      if (!inserted) throw new Error("job insert returned no row");
      return inserted;
    },

    /**
     * Takes the oldest queued job of the given kinds and leases it to `worker`. SKIP LOCKED lets several workers (and
     * nodes) claim side by side without waiting on each other or taking the same job.
     */
    async claimNext(worker: string, leaseMs: number, kinds: readonly string[]): Promise<JobRow | undefined> {
      if (kinds.length === 0) return undefined;
      const kindList = sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      );
      const oldestQueued = sql`(select ${jobs.id} from ${jobs} where ${jobs.status} = 'queued' and ${jobs.kind} in (${kindList}) order by ${jobs.createdAt} limit 1 for update skip locked)`;
      const [row] = await db
        .update(jobs)
        .set({ status: "running", lockedBy: worker, lockedUntil: leaseEnd(leaseMs), attempts: sql`${jobs.attempts} + 1`, updatedAt: new Date() })
        .where(eq(jobs.id, oldestQueued))
        .returning();
      return row;
    },

    async extendLease(id: string, worker: string, leaseMs: number): Promise<boolean> {
      const rows = await db.update(jobs).set({ lockedUntil: leaseEnd(leaseMs) }).where(heldBy(id, worker)).returning({ id: jobs.id });
      return rows.length === 1;
    },

    /** Only the worker that holds the lease may finish the job; false when it lost it (recovered elsewhere). */
    async markDone(id: string, worker: string): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ status: "done", lockedBy: null, lockedUntil: null, updatedAt: new Date() })
        .where(heldBy(id, worker))
        .returning({ id: jobs.id });
      return rows.length === 1;
    },

    /**
     * Fails a job once. `holder` is the worker finishing its own job; `orphan` is recovery, which may only fail the
     * claim it saw, and (unless the process is alone) only once that claim has run out. Undefined when it no longer applies.
     */
    async markFailed(id: string, failure: { error: string; errorCode: string }, guard: FailGuard): Promise<JobRow | undefined> {
      const claim =
        "holder" in guard
          ? and(eq(jobs.status, "running"), eq(jobs.lockedBy, guard.holder))
          : and(
              eq(jobs.status, "running"),
              guard.orphan.lockedBy === null ? isNull(jobs.lockedBy) : eq(jobs.lockedBy, guard.orphan.lockedBy),
              guard.orphan.expiredOnly ? lt(jobs.lockedUntil, sql`now()`) : undefined,
            );
      const [row] = await db
        .update(jobs)
        .set({ ...failure, status: "failed", lockedBy: null, lockedUntil: null, updatedAt: new Date() })
        .where(and(eq(jobs.id, id), claim))
        .returning();
      return row;
    },

    /** Fails a queued job nobody can run (its payload no longer fits its kind). */
    async failQueued(id: string, failure: { error: string; errorCode: string }): Promise<JobRow | undefined> {
      const [row] = await db
        .update(jobs)
        .set({ ...failure, status: "failed", updatedAt: new Date() })
        .where(and(eq(jobs.id, id), eq(jobs.status, "queued")))
        .returning();
      return row;
    },

    /** Hands a running job back to the queue (graceful shutdown). */
    async release(id: string, worker: string): Promise<JobRow | undefined> {
      const [row] = await db
        .update(jobs)
        .set({ status: "queued", lockedBy: null, lockedUntil: null, updatedAt: new Date() })
        .where(heldBy(id, worker))
        .returning();
      return row;
    },

    /** Running jobs of these kinds whose lease ran out (their worker died), or all of them when `all` (a sole process starting up). */
    async orphaned(all: boolean, kinds: readonly string[]): Promise<JobRow[]> {
      if (kinds.length === 0) return [];
      return db
        .select()
        .from(jobs)
        .where(and(eq(jobs.status, "running"), inArray(jobs.kind, [...kinds]), all ? undefined : lt(jobs.lockedUntil, sql`now()`)));
    },

    /** How many jobs wait and run, by kind: one GROUP BY over the open rows' partial index, for the queue-depth metric. */
    async openCounts(): Promise<JobCount[]> {
      const rows = await db
        .select({ kind: jobs.kind, status: jobs.status, count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(sql`${jobs.status} in ('queued', 'running')`)
        .groupBy(jobs.kind, jobs.status);
      return rows.flatMap((r) => (r.status === "queued" || r.status === "running" ? [{ kind: r.kind, status: r.status, count: Number(r.count) }] : []));
    },

    /** Kinds of unfinished jobs, to check at start that this build can run every one of them. */
    async openKinds(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ kind: jobs.kind })
        .from(jobs)
        .where(sql`${jobs.status} in ('queued', 'running')`);
      return rows.map((r) => r.kind);
    },

    async find(id: string): Promise<JobRow | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
