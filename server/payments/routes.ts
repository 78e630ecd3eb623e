import { Router } from "express";
import type { PricingResponse } from "../../contract/billing.ts";

/** docs/product/payments.md: the pricing screen's offer; public, it holds nothing secret. */
export function paymentRoutes(deps: { pricing: () => PricingResponse }): Router {
  const router = Router();
  router.get("/api/pricing", (_req, res) => {
    res.set("Cache-Control", "no-store").json(deps.pricing());
  });
  return router;
}
