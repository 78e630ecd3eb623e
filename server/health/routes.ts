import { Router } from "express";
import type { Health, Readiness } from "../../contract/health.ts";
import type { OpenDb } from "../../db/open-db.ts";
import { DATABASE_RETRY_AFTER_SECONDS } from "../errors/database-unavailable.ts";
import type { CachedCheck } from "./cached-check.ts";

/**
 * Liveness (`/api/health`) says the process serves requests and touches nothing else, so it stays cheap and a
 * database outage does not get healthy processes restarted. Readiness (`/api/health/ready`) adds the database.
 */
export function healthRoutes(deps: { database: OpenDb; reachability: CachedCheck; version: string; startedAt: number; clock: () => number }): Router {
  const router = Router();

  router.get("/api/health", (_req, res) => {
    const body: Health = { status: "ok", version: deps.version, uptimeSeconds: Math.round((deps.clock() - deps.startedAt) / 1000) };
    res.set("Cache-Control", "no-store").json(body);
  });

  router.get("/api/health/ready", async (_req, res) => {
    const reachable = await deps.reachability.get();
    const body: Readiness = { status: reachable ? "ok" : "degraded", version: deps.version, database: { kind: deps.database.kind, reachable } };
    res.set("Cache-Control", "no-store");
    if (!reachable) res.status(503).set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
    res.json(body);
  });
  return router;
}
