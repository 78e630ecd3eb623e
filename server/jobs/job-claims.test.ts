import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { OpenDb } from "../../db/open-db.ts";
import { jobs as jobsTable } from "../../db/schema/jobs.ts";
import { users } from "../../db/schema/users.ts";
import { describeOnPostgres } from "../testing/on-postgres.ts";
import { openTestDb } from "../testing/test-db.ts";
import { createJobStore } from "./store.ts";

let database: OpenDb;

beforeAll(async () => {
  database = await openTestDb();
});
afterAll(async () => {
  await database.close();
});

describeOnPostgres("job claims under concurrency", () => {
  it("hands each of 40 queued jobs to exactly one of 8 workers claiming side by side", async () => {
    const [user] = await database.db.insert(users).values({ email: "claims@example.com" }).returning();
    if (!user) throw new Error("no user");
    const store = createJobStore(database.db);
    const jobs: string[] = [];
    for (let i = 0; i < 40; i++) {
      const row = await store.insert({ userId: user.id, kind: "generate", payload: { n: i }, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)) });
      jobs.push(row.id);
    }

    // Each worker claims until the queue looks empty to it; a claim that lost a race may come back empty early,
    // so rounds repeat while any job is still pending.
    const claims: { worker: string; id: string }[] = [];
    const worker = async (name: string) => {
      for (;;) {
        const row = await store.claimNext(name, 60_000, ["generate"]);
        if (!row) return;
        claims.push({ worker: name, id: row.id });
      }
    };
    for (let round = 0; round < 10; round++) {
      await Promise.all(Array.from({ length: 8 }, (_, w) => worker(`worker-${w}`)));
      const pending = await database.db.select({ id: jobsTable.id }).from(jobsTable).where(eq(jobsTable.status, "queued"));
      if (pending.length === 0) break;
    }
    console.log(`40 jobs, 8 concurrent workers: ${claims.length} claims, ${new Set(claims.map((c) => c.worker)).size} workers got work`);

    expect(claims.map((c) => c.id).sort()).toEqual([...jobs].sort());
    const rows = await database.db.select().from(jobsTable).where(eq(jobsTable.userId, user.id));
    const claimedBy = new Map(claims.map((c) => [c.id, c.worker]));
    for (const row of rows) {
      expect({ id: row.id, status: row.status, attempts: row.attempts, lockedBy: row.lockedBy }).toEqual({
        id: row.id,
        status: "running",
        attempts: 1,
        lockedBy: claimedBy.get(row.id),
      });
    }
    expect(await store.claimNext("late-worker", 60_000, ["generate"])).toBeUndefined();
  });
});
