import type { IncomingMessage } from "node:http";
import { Router } from "express";
import { isFromThisMachine } from "../http/this-machine.ts";
import { secretsEqual } from "../secret-equal.ts";
import type { Metrics } from "./metrics.ts";

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token, from anywhere (compared in constant
 * time, over digests so the length does not show either); without it, this machine only, judged by the socket's own
 * address as the dev mailbox is.
 */
export function mayReadMetrics(req: Pick<IncomingMessage, "socket" | "headers">, token: string | undefined): boolean {
  if (token === undefined) return isFromThisMachine(req);
  const presented = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? "")?.[1];
  return presented !== undefined && secretsEqual(presented, token);
}

/**
 * `GET /metrics` in Prometheus' text format, for operators. Anyone else falls through to what an unknown path gets,
 * so the route does not show it exists; a process that mounts it alone (a worker) mounts its 404 after it.
 */
export function metricsRoutes(deps: { metrics: Metrics; token: string | undefined }): Router {
  const router = Router();
  router.get("/metrics", async (req, res, next) => {
    if (!mayReadMetrics(req, deps.token)) return next();
    const body = await deps.metrics.scrape();
    res.set("Cache-Control", "no-store").type(deps.metrics.contentType).send(body);
  });
  return router;
}
