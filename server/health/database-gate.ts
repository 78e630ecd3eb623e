import type { ErrorRequestHandler, RequestHandler } from "express";
import { databaseUnavailable, isDatabaseUnavailable } from "../errors/database-unavailable.ts";
import type { CachedCheck } from "./cached-check.ts";

/**
 * While the last database check failed, API requests are answered 503 at once instead of each waiting out a
 * connection attempt (a burst would queue behind the pool and wait several). The check reruns in the background
 * at most once a second, so the gate opens by itself within about a second of the database coming back. A request
 * whose query found the database gone closes the gate too, without waiting for the next check.
 */
export function databaseGate(reachability: CachedCheck): RequestHandler {
  return (_req, _res, next) => {
    if (reachability.peek() === false) throw databaseUnavailable(new Error("the last database check failed"));
    next();
  };
}

/** Mounted before the error handler: a request that met the outage closes the gate for the requests after it. */
export function databaseGateObserver(reachability: CachedCheck): ErrorRequestHandler {
  return (err, _req, _res, next) => {
    // The gate's own refusals are AppErrors, not driver errors: they never count, so the next check can reopen it.
    if (isDatabaseUnavailable(err)) reachability.fail();
    next(err);
  };
}
