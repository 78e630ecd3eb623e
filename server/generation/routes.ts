import { type RequestHandler, Router } from "express";
import { REPLACE_SUBJECT_PATH, replaceSubjectRequestSchema } from "../../contract/personas.ts";
import { GENERATE_PACK_PATH, generateImageRequestSchema, generatePackRequestSchema, type ImageResponse, type ModelsResponse, type PackResponse } from "../../contract/images.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import type { ModelRegistry } from "./registry.ts";
import type { GenerationService } from "./service.ts";

/** The model list, the one generation endpoint every model shares, and the A/B pack's. */
/** `idempotent` keeps each paid POST's answer under its Idempotency-Key (docs/product/api.md, Idempotent requests). */
export function generationRoutes(deps: {
  registry: ModelRegistry;
  auth: AuthMiddleware;
  generation: GenerationService;
  jsonBody: RequestHandler;
  idempotent: RequestHandler;
}): Router {
  const { auth } = deps;
  const router = Router();

  // Public, so the waitlist page and the app's model picker read the same list.
  router.get("/api/models", (_req, res) => {
    const body: ModelsResponse = { models: deps.registry.list() };
    res.set("Cache-Control", "no-cache").json(body);
  });

  router.post("/api/generate-kontext-image", deps.jsonBody, deps.idempotent, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const body: ImageResponse = { image: await deps.generation.request(user.id, generateImageRequestSchema.parse(req.body)) };
    res.set("Cache-Control", "no-store").status(202).json(body);
  });

  router.post(GENERATE_PACK_PATH, deps.jsonBody, deps.idempotent, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const body: PackResponse = { pack: await deps.generation.requestPack(user.id, generatePackRequestSchema.parse(req.body)) };
    res.set("Cache-Control", "no-store").status(202).json(body);
  });

  router.post(REPLACE_SUBJECT_PATH, deps.jsonBody, deps.idempotent, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const body: ImageResponse = { image: await deps.generation.requestSubjectSwap(user.id, replaceSubjectRequestSchema.parse(req.body)) };
    res.set("Cache-Control", "no-store").status(202).json(body);
  });

  return router;
}
