import type { DbOrTx } from "../../db/open-db.ts";
import type { JobRow } from "../../db/schema/jobs.ts";
import { currentContext, outsideContext } from "../request-context.ts";
import type { JobCount, JobType } from "./job-type.ts";
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
    /** `requestId`: the request this job serves, for its log lines; by default the request being answered (request-context.ts). */
    async enqueue<P>(db: DbOrTx, type: JobType<P>, payload: P, options: { userId?: string | null; requestId?: string } = {}): Promise<JobRow> {
      if (declared.get(type.kind) !== type) throw new Error(`Job kind "${type.kind}" is not declared with this queue`);
      const requestId = options.requestId ?? currentContext()?.requestId ?? null;
      return createJobStore(db).insert({ kind: type.kind, payload: type.payload.parse(payload), userId: options.userId ?? null, requestId });
    },
    wake(): void {
      // The runner's claims are nobody's request: each job runs in the context of the request that queued it.
      for (const listener of listeners) outsideContext(listener);
    },
    /**
     * Waiting and running jobs by kind, each declared kind listed even at zero (so a drained queue reads 0, not
     * nothing), plus any other kind found (queued by another build or the bot's own queue).
     */
    async depth(db: DbOrTx): Promise<JobCount[]> {
      const counts = new Map<string, JobCount>();
      for (const kind of declared.keys()) for (const status of ["queued", "running"] as const) counts.set(`${kind} ${status}`, { kind, status, count: 0 });
      for (const row of await createJobStore(db).openCounts()) counts.set(`${row.kind} ${row.status}`, row);
      return [...counts.values()];
    },
    onWake(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
