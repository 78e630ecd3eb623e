import { Router } from "express";
import { buildOpenApiDocument, OPENAPI_PATH } from "../../contract/openapi.ts";

/** Serves the OpenAPI document. It only changes with a deploy, so it is built once and may be cached briefly. */
export function openApiRoutes(deps: { version: string }): Router {
  const body = JSON.stringify(buildOpenApiDocument({ version: deps.version }));
  const router = Router();
  router.get(OPENAPI_PATH, (_req, res) => {
    res.set("Cache-Control", "public, max-age=300").type("json").send(body);
  });
  return router;
}
