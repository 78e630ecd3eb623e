import { Router } from "express";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import type { CreditsService } from "./service.ts";

/** GET /api/users/:userId/credits (docs/product/credits.md): your own balance and ledger; anyone else's is 403. */
export function creditsRoutes(deps: { service: CreditsService; auth: AuthMiddleware }): Router {
  const router = Router();
  router.get("/api/users/:userId/credits", async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    if (req.params.userId !== user.id) throw new AppError("forbidden:user", "You can only see your own credits.");
    res.set("Cache-Control", "no-store").json(await deps.service.statement(user.id));
  });
  return router;
}
