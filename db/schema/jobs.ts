import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

export const jobStatuses = ["queued", "running", "done", "failed"] as const;
export type JobStatus = (typeof jobStatuses)[number];

/**
 * Background work of every kind (a generation today; extraction, swaps, edits, Discord posts as they come):
 * queued → running → done | failed. `locked_by`/`locked_until` are the running worker's lease, so the job of a dead
 * process is found and failed (its kind refunds what was paid) exactly once. See docs/decisions/012-job-runner.md.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    /** Checked against the kind's schema when queued and again when claimed. */
    payload: jsonb().notNull(),
    status: text({ enum: jobStatuses }).notNull().default("queued"),
    /** Whose job it is: events about it go to this user, and it goes with their account. */
    userId: uuid().references(() => users.id, { onDelete: "cascade" }),
    attempts: integer().notNull().default(0),
    lockedBy: text(),
    lockedUntil: timestamp({ withTimezone: true }),
    error: text(),
    errorCode: text(),
    /** The id of the request that queued it, so the job's log lines join that request's. */
    requestId: text(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Workers read only unfinished rows; a partial index keeps that scan tiny however many jobs are done.
    index("jobs_open_idx")
      .on(t.status, t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;
