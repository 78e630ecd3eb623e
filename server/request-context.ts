import { AsyncLocalStorage } from "node:async_hooks";

/** What ties log lines together: the request that started some work and, while a worker runs it, the job. */
export interface RequestContext {
  requestId?: string;
  jobId?: string;
}

/*
 * AsyncLocalStorage rather than a parameter: a request reaches the job queue through many calls (generation's four
 * kinds of request, persona drafts, the chat's tools that the AI SDK calls mid-stream), and the realtime hub is
 * called by every service and job handler. Threading an id that only the logs read through all those signatures
 * would change business APIs for the logs' sake. So it is set in two places (the request log, the job runner) and
 * read in two (queue.enqueue, the realtime hub); an explicit `requestId` passed to enqueue still wins.
 */
const storage = new AsyncLocalStorage<RequestContext>();

export function runInContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs fn outside any request: work a request only starts (waking the job runner) is not that request's. */
export function outsideContext<T>(fn: () => T): T {
  return storage.exit(fn);
}
