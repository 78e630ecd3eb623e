import { Router } from "express";
import type { Health } from "../../contract/health.ts";
import type { OpenDb } from "../../db/open-db.ts";

export function healthRoutes(deps: { database: OpenDb; version: string; startedAt: number }): Router {
  const router = Router();
  router.get("/api/health", async (_req, res) => {
    const reachable = await deps.database.ping();
    const body: Health = {
      status: reachable ? "ok" : "degraded",
      version: deps.version,
      database: { kind: deps.database.kind, reachable },
      uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
    };
    res.status(reachable ? 200 : 503).set("Cache-Control", "no-store").json(body);
  });
  return router;
}
