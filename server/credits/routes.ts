import { Router } from "express";
import { creditsQuerySchema } from "../../contract/credits.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import type { CreditsService } from "./service.ts";

/** docs/product/credits.md: your own balance, ledger and daily allowance; anyone else's is 403. */
export function creditsRoutes(deps: { service: CreditsService; auth: AuthMiddleware }): Router {
  const router = Router();
  router.get("/api/users/:userId/credits", async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    if (req.params.userId !== user.id) throw new AppError("forbidden:user", "You can only see your own credits.");
    const query = creditsQuerySchema.parse({ cursor: req.query.cursor, limit: req.query.limit });
    res.set("Cache-Control", "no-store").json(await deps.service.statement(user.id, query));
  });
  router.post("/api/users/:userId/credits/daily-allowance", async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    if (req.params.userId !== user.id) throw new AppError("forbidden:user", "You can only claim your own credits.");
    res.json(await deps.service.claimDailyAllowance(user.id));
  });
  return router;
}
