import { createHmac } from "node:crypto";
import { validatePaymentVerification, validateWebhookSignature } from "razorpay/dist/utils/razorpay-utils.js";
import { sendJson, startWireServer, type WireServer } from "./wire-server.ts";

export const RAZORPAY_TEST_ENV = {
  RAZORPAY_KEY_ID: "rzp_test_thumbforge",
  RAZORPAY_KEY_SECRET: "rzp_secret_thumbforge",
  RAZORPAY_WEBHOOK_SECRET: "rzp_webhook_thumbforge",
};

export interface RazorpayWire extends WireServer {
  orders: Map<string, { id: string; entity: "order"; amount: number; currency: string; status: string; receipt: string; notes: Record<string, string> }>;
}

/** Razorpay's REST API on 127.0.0.1 as far as the app uses it: JSON POST /v1/orders (basic auth), Razorpay's shapes. */
export async function startRazorpayWire(): Promise<RazorpayWire> {
  const orders: RazorpayWire["orders"] = new Map();
  const server = await startWireServer((req, res) => {
    if (req.method === "POST" && req.path === "/v1/orders") {
      const body = JSON.parse(req.body.toString("utf8")) as { amount: number; currency: string; receipt: string; notes: Record<string, string> };
      const order = { id: `order_${orders.size + 1}${Date.now().toString(36)}`, entity: "order" as const, amount: body.amount, currency: body.currency, status: "created", receipt: body.receipt, notes: body.notes };
      orders.set(order.id, order);
      return sendJson(res, 200, order);
    }
    return sendJson(res, 400, { error: { code: "BAD_REQUEST_ERROR", description: "The requested URL was not found on the server." } });
  });
  return Object.assign(server, { orders });
}

const hmac = (message: string, secret: string) => createHmac("sha256", secret).update(message).digest("hex");

/** What Checkout hands the page after a payment: HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function checkoutSignature(orderId: string, paymentId: string, secret = RAZORPAY_TEST_ENV.RAZORPAY_KEY_SECRET): string {
  const signature = hmac(`${orderId}|${paymentId}`, secret);
  // The SDK's own check agrees, so the stand-in signs the way Razorpay does.
  if (secret === RAZORPAY_TEST_ENV.RAZORPAY_KEY_SECRET && !validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, secret)) throw new Error("signature format drifted");
  return signature;
}

/** A webhook delivery: the JSON body and X-Razorpay-Signature (HMAC-SHA256 of the body with the webhook secret). */
export function signedRazorpayEvent(event: string, payment: Record<string, unknown>, secret = RAZORPAY_TEST_ENV.RAZORPAY_WEBHOOK_SECRET) {
  const payload = JSON.stringify({ entity: "event", account_id: "acc_test", event, contains: ["payment"], payload: { payment: { entity: payment } }, created_at: Math.floor(Date.now() / 1000) });
  return { payload, signature: razorpayBodySignature(payload, secret) };
}

/** X-Razorpay-Signature over any body, JSON or not, as Razorpay computes it with the webhook secret. */
export function razorpayBodySignature(payload: string, secret = RAZORPAY_TEST_ENV.RAZORPAY_WEBHOOK_SECRET): string {
  const signature = hmac(payload, secret);
  if (secret === RAZORPAY_TEST_ENV.RAZORPAY_WEBHOOK_SECRET && !validateWebhookSignature(payload, signature, secret)) throw new Error("signature format drifted");
  return signature;
}
