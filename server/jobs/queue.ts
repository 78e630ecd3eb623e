import type { DbOrTx } from "../../db/open-db.ts";
import type { JobRow } from "../../db/schema/jobs.ts";
import type { JobType } from "./job-type.ts";
import { createJobStore } from "./store.ts";

/**
 * Where services queue background work. Only declared kinds may be queued, and a payload must match its kind's
 * schema, so a worker never meets a job it cannot read. `enqueue` writes inside the caller's transaction, so the job
 * exists exactly when what it works on does; `wake` after the commit starts it at once on this node (others poll).
 */
export function createJobQueue(types: readonly JobType<unknown>[]) {
  const declared = new Map<string, JobType<unknown>>();
  for (const type of types) {
    if (declared.has(type.kind)) throw new Error(`Job kind "${type.kind}" is declared twice`);
    declared.set(type.kind, type);
  }
  const listeners = new Set<() => void>();
  return {
    types: declared as ReadonlyMap<string, JobType<unknown>>,
    async enqueue<P>(db: DbOrTx, type: JobType<P>, payload: P, options: { userId?: string | null } = {}): Promise<JobRow> {
      if (declared.get(type.kind) !== type) throw new Error(`Job kind "${type.kind}" is not declared with this queue`);
      return createJobStore(db).insert({ kind: type.kind, payload: type.payload.parse(payload), userId: options.userId ?? null });
    },
    wake(): void {
      for (const listener of listeners) listener();
    },
    onWake(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
