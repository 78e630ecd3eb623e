import express, { type RequestHandler, Router } from "express";
import {
  createPaymentIntentRequestSchema,
  createRefundRequestSchema,
  type PricingResponse,
  razorpayVerifyRequestSchema,
} from "../../contract/billing.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import type { RefundService } from "./refunds.ts";
import type { PaymentService } from "./service.ts";

/**
 * docs/product/payments.md. The webhook reads its body raw (the signature is over the exact bytes), with its own
 * parser here: no JSON parser runs before it.
 */
export function paymentRoutes(deps: {
  pricing: () => PricingResponse;
  payments: PaymentService;
  refunds: RefundService;
  auth: AuthMiddleware;
  jsonBody: RequestHandler;
  /** Keeps each money-moving POST's answer under its Idempotency-Key (docs/product/api.md, Idempotent requests). */
  idempotent: RequestHandler;
}): Router {
  const router = Router();
  router.get("/api/pricing", (_req, res) => {
    res.set("Cache-Control", "no-store").json(deps.pricing());
  });
  router.post("/api/webhooks/stripe", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await deps.payments.stripeWebhook(body, req.get("stripe-signature"));
    res.json({ received: true });
  });
  router.post("/api/webhooks/razorpay", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    await deps.payments.razorpayWebhook(body, req.get("x-razorpay-signature"));
    res.json({ received: true });
  });
  router.post("/api/razorpay/orders", deps.jsonBody, deps.idempotent, async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    const { packId } = createPaymentIntentRequestSchema.parse(req.body);
    res.set("Cache-Control", "no-store").json(await deps.payments.createRazorpayOrder(user.id, packId));
  });
  router.post("/api/razorpay/verify", deps.jsonBody, async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    res.set("Cache-Control", "no-store").json(await deps.payments.verifyRazorpay(user.id, razorpayVerifyRequestSchema.parse(req.body)));
  });
  router.post("/api/subscriptions/pro", deps.idempotent, async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    res.set("Cache-Control", "no-store").json(await deps.payments.createProSubscription(user.id));
  });
  router.post("/api/create-payment-intent", deps.jsonBody, deps.idempotent, async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    const { packId } = createPaymentIntentRequestSchema.parse(req.body);
    res.set("Cache-Control", "no-store").json(await deps.payments.createStripeIntent(user.id, packId));
  });
  router.post("/api/payments/stripe/:paymentId/confirm", async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    res.set("Cache-Control", "no-store").json(await deps.payments.confirmStripe(user.id, req.params.paymentId));
  });
  router.post("/api/refund-requests", deps.jsonBody, deps.idempotent, async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    const input = createRefundRequestSchema.parse(req.body);
    res.status(201).json({ refundRequest: await deps.refunds.request(user.id, input) });
  });
  router.get("/api/refund-requests", async (req, res) => {
    const { user } = await deps.auth.requireAuth(req, res);
    res.set("Cache-Control", "no-store").json({ refundRequests: await deps.refunds.listFor(user.id) });
  });
  return router;
}
