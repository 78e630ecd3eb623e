import { Router } from "express";
import type { ModelsResponse } from "../../contract/images.ts";
import type { ModelRegistry } from "./registry.ts";

/** GET /api/models: public, so the waitlist page and the app's model picker read the same list. */
export function imageRoutes(deps: { registry: ModelRegistry }): Router {
  const router = Router();
  router.get("/api/models", (_req, res) => {
    const body: ModelsResponse = { models: deps.registry.list() };
    res.set("Cache-Control", "no-cache").json(body);
  });
  return router;
}
