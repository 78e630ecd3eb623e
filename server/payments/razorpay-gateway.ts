import { createHmac } from "node:crypto";
import Razorpay from "razorpay";
import { z } from "zod";
import { AppError } from "../errors/app-error.ts";
import { secretsEqual } from "../secret-equal.ts";
import { BadSignatureError } from "./stripe-gateway.ts";

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Unset: Razorpay's API. Another base URL (a local stand-in) for tests and development. */
  apiUrl?: string | undefined;
}

const orderSchema = z.object({ id: z.string().min(1), entity: z.literal("order"), amount: z.number().int(), currency: z.string(), status: z.string() });
export type RazorpayOrder = z.infer<typeof orderSchema>;

const paymentEntity = z.object({
  id: z.string(),
  order_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  amount_refunded: z.number().int().min(0).optional(),
});
const eventSchema = z.object({ event: z.string(), payload: z.object({ payment: z.object({ entity: paymentEntity }) }) });
export type RazorpayEvent = { kind: "captured" | "refunded"; payment: z.infer<typeof paymentEntity> };

// The SDK's own signature checks compare with ===, which shows how much of a forged signature was right.
const signs = (signature: string | undefined, message: string | Buffer, secret: string) =>
  signature !== undefined && secretsEqual(signature, createHmac("sha256", secret).update(message).digest("hex"));

/** A signed body that is not JSON is the sender's mistake (400), not ours. */
function parseJson(rawBody: Buffer): { event?: unknown } {
  try {
    const body: unknown = JSON.parse(rawBody.toString("utf8"));
    if (body !== null && typeof body === "object") return body;
  } catch {
    // answered below
  }
  throw new AppError("invalid:json", "The webhook body is not a JSON object.");
}

/** The Razorpay calls the app makes, through the official SDK (orders, refunds); signatures checked here. */
export function createRazorpayGateway(settings: RazorpaySettings) {
  const razorpay = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
  // The SDK has no option for its base URL; its axios instance takes one.
  if (settings.apiUrl) (razorpay as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = settings.apiUrl.replace(/\/$/, "");
  return {
    keyId: settings.keyId,

    async createOrder(input: { amount: number; currency: string; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder> {
      return orderSchema.parse(await razorpay.orders.create({ amount: input.amount, currency: input.currency.toUpperCase(), receipt: input.receipt, notes: input.notes }));
    },

    async refund(paymentId: string, amount: number, receipt: string): Promise<{ id: string; status: string }> {
      const refund = await razorpay.payments.refund(paymentId, { amount, receipt });
      return z.object({ id: z.string(), status: z.string() }).parse(refund);
    },

    /** Checkout's answer: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
    verifyCheckout(orderId: string, paymentId: string, signature: string): void {
      if (!signs(signature, `${orderId}|${paymentId}`, settings.keySecret)) throw new BadSignatureError("The Razorpay payment signature does not verify.");
    },

    /** HMAC-SHA256 of the raw body with the webhook secret; undefined for events the app does not act on. */
    verifyWebhook(rawBody: Buffer, signature: string | undefined): RazorpayEvent | undefined {
      if (!signs(signature, rawBody, settings.webhookSecret)) throw new BadSignatureError("The Razorpay signature does not verify.");
      const body = parseJson(rawBody);
      const kind = body.event === "payment.captured" || body.event === "order.paid" ? "captured" : body.event === "refund.processed" || body.event === "payment.refunded" ? "refunded" : undefined;
      if (!kind) return undefined;
      return { kind, payment: eventSchema.parse(body).payload.payment.entity };
    },
  };
}

export type RazorpayGateway = ReturnType<typeof createRazorpayGateway>;
