import express, { type Request, type RequestHandler, Router } from "express";
import { z } from "zod";
import { type FeedCheckResponseBody, feedFixRequestSchema } from "../../contract/feed-check.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import type { FeedCheckService } from "./service.ts";

const idSchema = z.uuid();

function imageIdOf(req: Request): string {
  const parsed = idSchema.safeParse(req.params.id);
  if (!parsed.success) throw new AppError("not_found:image", "That image does not exist.");
  return parsed.data;
}

/**
 * The feed check's two endpoints (docs/product/feed-check.md), at FEED_CHECK_PATH and FEED_FIX_PATH (written out: the
 * OpenAPI test reads route paths from the source). Mounted before the image routes, whose
 * `/api/images/:id/:variant` would otherwise take `/check`. Someone else's image answers 404, as a missing one.
 * The fix queues an edit, which may be paid, so it keeps its answer under its Idempotency-Key (`idempotent`) like every
 * paid POST: the web retries it with the same key, and a retry must not queue a second edit.
 */
export function feedCheckRoutes(deps: { auth: AuthMiddleware; feedCheck: FeedCheckService; jsonBody: express.RequestHandler; idempotent: RequestHandler }): Router {
  const { auth, feedCheck, jsonBody } = deps;
  const router = Router();

  router.post("/api/images/:id/check", async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: FeedCheckResponseBody = { check: await feedCheck.check(user.id, imageIdOf(req)) };
    res.set("Cache-Control", "no-store").json(body);
  });

  router.post("/api/images/:id/fix", jsonBody, deps.idempotent, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the request as JSON.");
    const id = imageIdOf(req);
    const { finding } = feedFixRequestSchema.parse(req.body);
    const { status, body } = await feedCheck.fix(user.id, id, finding);
    res.set("Cache-Control", "no-store").status(status).json(body);
  });

  return router;
}
