import Stripe from "stripe";
import { sendJson, startWireServer, type WireServer } from "./wire-server.ts";

export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: "sk_test_thumbforge",
  STRIPE_WEBHOOK_SECRET: "whsec_thumbforge_test",
  STRIPE_PUBLISHABLE_KEY: "pk_test_thumbforge",
};

export interface StripeWire extends WireServer {
  /** Payment intents as the stand-in holds them; a test sets `status` to play the buyer paying. */
  intents: Map<string, { id: string; object: "payment_intent"; amount: number; currency: string; status: string; client_secret: string; metadata: Record<string, string> }>;
  refunds: { payment_intent: string; amount: number }[];
  subscriptions: { id: string; customer: string; price: string; expand: string[] }[];
  /** Runs before a refund is answered: Stripe may send the refund's own webhook before its caller hears back. */
  beforeRefundAnswer: ((refund: { id: string; payment_intent: string; amount: number }) => Promise<void>) | undefined;
}

/**
 * Stripe's REST API on 127.0.0.1 as far as the app uses it: form-encoded POST /v1/payment_intents and /v1/refunds,
 * GET /v1/payment_intents/:id, JSON answers in Stripe's object shapes.
 */
export async function startStripeWire(): Promise<StripeWire> {
  const intents: StripeWire["intents"] = new Map();
  const refunds: StripeWire["refunds"] = [];
  const subscriptions: StripeWire["subscriptions"] = [];
  let n = 0;
  const server = await startWireServer(async (req, res) => {
    const form = new URLSearchParams(req.body.toString("utf8"));
    if (req.method === "POST" && req.path === "/v1/payment_intents") {
      n += 1;
      const id = `pi_test_${n}_${Date.now().toString(36)}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const m = /^metadata\[(\w+)\]$/.exec(key);
        if (m?.[1]) metadata[m[1]] = value;
      }
      const intent = {
        id,
        object: "payment_intent" as const,
        amount: Number(form.get("amount")),
        currency: String(form.get("currency")),
        status: "requires_payment_method",
        client_secret: `${id}_secret_test`,
        metadata,
      };
      intents.set(id, intent);
      return sendJson(res, 200, intent);
    }
    const get = /^\/v1\/payment_intents\/([\w]+)$/.exec(req.path);
    if (req.method === "GET" && get?.[1]) {
      const intent = intents.get(get[1]);
      return intent ? sendJson(res, 200, intent) : sendJson(res, 404, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
    }
    if (req.method === "POST" && req.path === "/v1/customers") {
      return sendJson(res, 200, { id: `cus_test_${++n}`, object: "customer", email: form.get("email") });
    }
    if (req.method === "POST" && req.path === "/v1/subscriptions") {
      const id = `sub_test_${++n}`;
      const invoice = `in_test_${n}`;
      subscriptions.push({ id, customer: String(form.get("customer")), price: String(form.get("items[0][price]")), expand: [...form].filter(([key]) => /^expand\[\d*\]$/.test(key)).map(([, value]) => value) });
      return sendJson(res, 200, {
        id,
        object: "subscription",
        status: "incomplete",
        customer: form.get("customer"),
        latest_invoice: { id: invoice, object: "invoice", confirmation_secret: { client_secret: `${invoice}_secret_test`, type: "payment_intent" } },
      });
    }
    if (req.method === "POST" && req.path === "/v1/refunds") {
      const refund = { payment_intent: String(form.get("payment_intent")), amount: Number(form.get("amount")) };
      refunds.push(refund);
      const id = `re_test_${refunds.length}`;
      await wire.beforeRefundAnswer?.({ id, ...refund });
      return sendJson(res, 200, { id, object: "refund", status: "succeeded", ...refund });
    }
    return sendJson(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${req.path})` } });
  });
  const wire: StripeWire = Object.assign(server, { intents, refunds, subscriptions, beforeRefundAnswer: undefined });
  return wire;
}

const signer = new Stripe(STRIPE_TEST_ENV.STRIPE_SECRET_KEY);

/** A webhook delivery as Stripe sends it: the JSON body and its Stripe-Signature header, made by the SDK. */
export function signedStripeEvent(event: { id: string; type: string; data: { object: unknown } }, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({ object: "event", api_version: "2026-01-01", created: Math.floor(Date.now() / 1000), ...event });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  return { payload, header };
}
