import Stripe from "stripe";
import { z } from "zod";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Unset: Stripe's own API. A URL points the SDK elsewhere (a local stand-in in tests). */
  apiUrl?: string | undefined;
}

/**
 * Stripe's tolerance for a webhook's signed timestamp: older deliveries are refused as replays, and so are ones
 * dated further ahead (the SDK checks only the past; a signature made for later could be replayed until then).
 */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

/** The signed `t=` of a Stripe-Signature header, in seconds: the last one, as the SDK verifies; undefined if none. */
function signedTimestamp(header: string): number | undefined {
  const t = header.split(",").findLast((part) => part.trim().startsWith("t="));
  const seconds = t === undefined ? Number.NaN : Number(t.trim().slice(2));
  return Number.isSafeInteger(seconds) ? seconds : undefined;
}

// What this app reads of Stripe's answers and events, checked: an answer of another shape is an error, not a guess.
const paymentIntentSchema = z.object({
  id: z.string().min(1),
  object: z.literal("payment_intent"),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  client_secret: z.string().nullable().optional(),
});
export type StripeIntent = z.infer<typeof paymentIntentSchema>;

const eventSchema = z.discriminatedUnion("type", [
  z.object({ id: z.string(), type: z.literal("payment_intent.succeeded"), data: z.object({ object: paymentIntentSchema }) }),
  z.object({
    id: z.string(),
    type: z.literal("charge.refunded"),
    data: z.object({ object: z.object({ id: z.string(), payment_intent: z.string(), amount_refunded: z.number().int().min(0) }) }),
  }),
  z.object({
    id: z.string(),
    type: z.literal("charge.dispute.created"),
    data: z.object({ object: z.object({ id: z.string(), payment_intent: z.string() }) }),
  }),
]);
export type StripeEvent = z.infer<typeof eventSchema>;

// Stripe Billing: where an invoice names its subscription moved from `subscription` to `parent.subscription_details`.
const invoiceSchema = z
  .object({
    id: z.string(),
    amount_paid: z.number().int(),
    currency: z.string(),
    subscription: z.string().nullable().optional(),
    parent: z.object({ subscription_details: z.object({ subscription: z.string() }).nullable().optional() }).nullable().optional(),
  })
  .transform((i) => ({ id: i.id, amountPaid: i.amount_paid, currency: i.currency, subscription: i.parent?.subscription_details?.subscription ?? i.subscription ?? undefined }));
const billingEventSchema = z.discriminatedUnion("type", [
  z.object({ id: z.string(), type: z.literal("invoice.paid"), data: z.object({ object: invoiceSchema }) }),
  z.object({ id: z.string(), type: z.literal("customer.subscription.deleted"), data: z.object({ object: z.object({ id: z.string() }) }) }),
]);
export type StripeBillingEvent = z.infer<typeof billingEventSchema>;

const subscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  latest_invoice: z.object({ id: z.string(), confirmation_secret: z.object({ client_secret: z.string() }).nullable().optional() }),
});

/** Thrown when a webhook's signature or timestamp does not verify. */
export class BadSignatureError extends Error {}

/** The few Stripe calls the app makes, through the official SDK. */
export function createStripeGateway(settings: StripeSettings) {
  const url = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(url ? { host: url.hostname, port: Number(url.port || (url.protocol === "http:" ? 80 : 443)), protocol: url.protocol === "http:" ? "http" : "https" } : {}),
  });
  return {
    async createIntent(input: { amount: number; currency: string; metadata: Record<string, string>; idempotencyKey: string }): Promise<StripeIntent> {
      const intent = await stripe.paymentIntents.create(
        { amount: input.amount, currency: input.currency, metadata: input.metadata, automatic_payment_methods: { enabled: true } },
        { idempotencyKey: input.idempotencyKey },
      );
      return paymentIntentSchema.parse(intent);
    },

    /** A Pro subscription left incomplete until its first invoice is paid in the Payment Element. */
    async createSubscription(input: { userId: string; email: string; priceId: string; idempotencyKey: string }) {
      const customer = await stripe.customers.create({ email: input.email, metadata: { userId: input.userId } }, { idempotencyKey: `${input.idempotencyKey}:customer` });
      const subscription = subscriptionSchema.parse(
        await stripe.subscriptions.create(
          {
            customer: customer.id,
            items: [{ price: input.priceId }],
            payment_behavior: "default_incomplete",
            payment_settings: { save_default_payment_method: "on_subscription" },
            expand: ["latest_invoice.confirmation_secret"],
            metadata: { userId: input.userId },
          },
          { idempotencyKey: `${input.idempotencyKey}:subscription` },
        ),
      );
      return { customerId: customer.id, subscriptionId: subscription.id, clientSecret: subscription.latest_invoice.confirmation_secret?.client_secret };
    },

    async retrieveIntent(id: string): Promise<StripeIntent> {
      return paymentIntentSchema.parse(await stripe.paymentIntents.retrieve(id));
    },

    async refund(paymentIntent: string, amount: number, idempotencyKey: string): Promise<{ id: string; status: string }> {
      const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount }, { idempotencyKey });
      return z.object({ id: z.string(), status: z.string().nullable() }).transform((r) => ({ id: r.id, status: r.status ?? "pending" })).parse(refund);
    },

    /**
     * Verifies the Stripe-Signature header over the raw bytes (HMAC-SHA256, 300 s tolerance either way) and reads the event.
     * undefined for an event type the app does not act on.
     */
    verifyEvent(rawBody: Buffer, signature: string | undefined): StripeEvent | StripeBillingEvent | undefined {
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", settings.webhookSecret, STRIPE_WEBHOOK_TOLERANCE_SECONDS);
      } catch (err) {
        throw new BadSignatureError("The Stripe signature does not verify.", { cause: err });
      }
      const signedAt = signedTimestamp(signature ?? "");
      if (signedAt === undefined || signedAt - Math.floor(Date.now() / 1000) > STRIPE_WEBHOOK_TOLERANCE_SECONDS) {
        throw new BadSignatureError("The Stripe signature is dated in the future.");
      }
      const type = String((event as { type?: unknown }).type);
      if (type === "invoice.paid" || type === "customer.subscription.deleted") return billingEventSchema.parse(event);
      if (!["payment_intent.succeeded", "charge.refunded", "charge.dispute.created"].includes(type)) return undefined;
      return eventSchema.parse(event);
    },
  };
}

export type StripeGateway = ReturnType<typeof createStripeGateway>;
