import { type RequestHandler, Router } from "express";
import { generateImageRequestSchema, type ImageResponse, type ModelsResponse } from "../../contract/images.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import type { ModelRegistry } from "./registry.ts";
import type { GenerationService } from "./service.ts";

/** The model list and the one generation endpoint every model shares. */
export function generationRoutes(deps: { registry: ModelRegistry; auth: AuthMiddleware; generation: GenerationService; jsonBody: RequestHandler }): Router {
  const { auth } = deps;
  const router = Router();

  // Public, so the waitlist page and the app's model picker read the same list.
  router.get("/api/models", (_req, res) => {
    const body: ModelsResponse = { models: deps.registry.list() };
    res.set("Cache-Control", "no-cache").json(body);
  });

  router.post("/api/generate-kontext-image", deps.jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const body: ImageResponse = { image: await deps.generation.request(user.id, generateImageRequestSchema.parse(req.body)) };
    res.set("Cache-Control", "no-store").status(202).json(body);
  });

  return router;
}
