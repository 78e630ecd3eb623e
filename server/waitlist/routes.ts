import { type ErrorRequestHandler, Router } from "express";
import { WAITLIST_PATH, type WaitlistResponse } from "../../contract/waitlist.ts";
import { waitlistRequestSchema } from "../../contract/waitlist-schemas.ts";
import { AppError } from "../http/app-error.ts";
import { toAppError } from "../http/error-handler.ts";
import type { RateLimiter, RateRule } from "../rate-limit/service.ts";
import type { WaitlistService } from "./service.ts";

export function waitlistRoutes(deps: { service: WaitlistService; rateLimiter: RateLimiter; perIpRule: RateRule }): Router {
  const router = Router();
  router.post(WAITLIST_PATH, deps.rateLimiter.perIp(deps.perIpRule), async (req, res) => {
    if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the form as JSON.");
    const body = waitlistRequestSchema.parse(req.body);
    res.json(await deps.service.join(body));
  });

  // SPEC.md §3: the waitlist always answers {success, alreadyExists, error}.
  const waitlistErrors: ErrorRequestHandler = (err, req, res, _next) => {
    const appError = toAppError(err);
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
