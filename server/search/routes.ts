import { Router } from "express";
import { searchQuerySchema, type SearchResponse } from "../../contract/search.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import type { SearchService } from "./service.ts";

/** GET /api/search (docs/product/search.md): the signed-in user's own conversations, images, packs and personas. */
export function searchRoutes(deps: { auth: AuthMiddleware; search: SearchService }): Router {
  const router = Router();
  // Written out: the OpenAPI test reads route paths from the source.
  router.get("/api/search", async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    const query = searchQuerySchema.parse(req.query);
    const body: SearchResponse = await deps.search.search(user, query);
    res.set("Cache-Control", "no-store").json(body);
  });
  return router;
}
