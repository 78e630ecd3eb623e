import { type ErrorRequestHandler, type Request, type RequestHandler, Router } from "express";
import { WAITLIST_PATH, type WaitlistResponse } from "../../contract/waitlist.ts";
import { waitlistRequestSchema } from "../../contract/waitlist-schemas.ts";
import { AppError } from "../errors/app-error.ts";
import { toHttpAppError } from "../http/error-handler.ts";
import { setRateLimitHeaders } from "../http/rate-limit-headers.ts";
import type { WaitlistAttempt, WaitlistService } from "./service.ts";

function parseAttempt(req: Request): WaitlistAttempt {
  if (!req.is("application/json")) return { ok: false, error: new AppError("unsupported_media_type:json", "Send the form as JSON.") };
  const parsed = waitlistRequestSchema.safeParse(req.body);
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, error: parsed.error };
}

export function waitlistRoutes(deps: { service: WaitlistService; jsonBody: RequestHandler }): Router {
  const router = Router();
  router.post(WAITLIST_PATH, deps.jsonBody, async (req, res) => {
    // Trust proxy decides which address req.ip is.
    const outcome = await deps.service.join(parseAttempt(req), req.ip ?? "unknown");
    setRateLimitHeaders(res, deps.service.rule, outcome.decision);
    if ("error" in outcome) throw outcome.error;
    res.json(outcome.response);
  });

  // docs/product/public-site.md: the waitlist always answers {success, alreadyExists, error}.
  const waitlistErrors: ErrorRequestHandler = (err, req, res, _next) => {
    const appError = toHttpAppError(err);
    if (appError.status >= 500) req.log?.error({ err }, "waitlist request failed");
    if (appError.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(appError.retryAfterSeconds));
    const body: WaitlistResponse & { code: string } = {
      success: false,
      alreadyExists: false,
      error: appError.message,
      code: appError.code,
    };
    res.status(appError.status).json(body);
  };
  router.use(WAITLIST_PATH, waitlistErrors);
  return router;
}
