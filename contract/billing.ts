import { z } from "zod/mini";

/** docs/product/payments.md: what the pricing screen sells, and through which providers this server takes payment. */
export const PRICING_PATH = "/api/pricing";

export const paymentProviders = ["stripe", "razorpay"] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

export const creditPackSchema = z.object({
  id: z.string(),
  credits: z.number(),
  /** In the currency's minor unit (cents, paise), as the providers count it. */
  price: z.number(),
  /** ISO 4217, lower case. */
  currency: z.string(),
  /** The providers that can take this pack's payment here; empty when none can. */
  providers: z.array(z.enum(paymentProviders)),
});
export type CreditPackOffer = z.infer<typeof creditPackSchema>;

export const proPlanSchema = z.object({
  credits: z.number(),
  price: z.number(),
  currency: z.string(),
  providers: z.array(z.enum(paymentProviders)),
});

export const pricingResponseSchema = z.object({
  packs: z.array(creditPackSchema),
  pro: proPlanSchema,
  /** Free Plan: the balance the daily allowance tops up to (0: none). */
  dailyFreeCredits: z.number(),
  /** False when this server takes no payments at all: the screen says so and offers nothing to pay for. */
  paymentsConfigured: z.boolean(),
  /** What the browser needs to open each provider's checkout; null when it is off. */
  stripe: z.nullable(z.object({ publishableKey: z.string() })),
  razorpay: z.nullable(z.object({ keyId: z.string() })),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

/** POST /api/create-payment-intent: which pack; the amount is the server's, never the browser's. */
export const CREATE_PAYMENT_INTENT_PATH = "/api/create-payment-intent";
export const createPaymentIntentRequestSchema = z.object({ packId: z.string().check(z.minLength(1), z.maxLength(64)) });
export const createPaymentIntentResponseSchema = z.object({
  paymentId: z.string(),
  clientSecret: z.string(),
  amount: z.number(),
  currency: z.string(),
  credits: z.number(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

export const paymentStatuses = ["pending", "succeeded", "refunded", "failed"] as const;
/** POST /api/payments/stripe/:paymentId/confirm: the success page's check of one of your payments. */
export const paymentStatusResponseSchema = z.object({
  status: z.enum(paymentStatuses),
  credits: z.number(),
  /** The provider's own state of the payment (e.g. processing, requires_payment_method). */
  providerStatus: z.string(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponseSchema>;
export const confirmStripePaymentPath = (paymentId: string) => `/api/payments/stripe/${encodeURIComponent(paymentId)}/confirm`;

/** POST /api/webhooks/stripe (and later providers'): the delivery was taken. */
export const webhookAckSchema = z.object({ received: z.boolean() });

/** docs/product/payments.md (Refunds): 48 hours from the purchase, the unused credits of that purchase only. */
export const REFUND_WINDOW_HOURS = 48;
export const REFUND_REQUESTS_PATH = "/api/refund-requests";
export const refundRequestStatuses = ["pending", "refunded", "rejected"] as const;
export const createRefundRequestSchema = z.object({
  /** The ledger row of the purchase (its `id` on the credits page). */
  transactionId: z.string().check(z.minLength(1), z.maxLength(64)),
  reason: z.string().check(z.trim(), z.minLength(3), z.maxLength(1000)),
});
export const refundRequestSchema = z.object({
  id: z.string(),
  transactionId: z.string(),
  credits: z.number(),
  amount: z.number(),
  currency: z.string(),
  reason: z.string(),
  status: z.enum(refundRequestStatuses),
  /** Why support turned it down, when it did. */
  decisionNote: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type RefundRequestRecord = z.infer<typeof refundRequestSchema>;
export const refundRequestResponseSchema = z.object({ refundRequest: refundRequestSchema });
export const refundRequestListSchema = z.object({ refundRequests: z.array(refundRequestSchema) });

/** POST /api/razorpay/orders: an INR pack through Razorpay (UPI, cards); the amount is the server's. */
export const RAZORPAY_ORDERS_PATH = "/api/razorpay/orders";
export const razorpayOrderResponseSchema = z.object({ orderId: z.string(), keyId: z.string(), amount: z.number(), currency: z.string(), credits: z.number() });
export type RazorpayOrderResponse = z.infer<typeof razorpayOrderResponseSchema>;
/** POST /api/razorpay/verify: what Razorpay Checkout hands the page after a payment. */
export const RAZORPAY_VERIFY_PATH = "/api/razorpay/verify";
export const razorpayVerifyRequestSchema = z.object({
  orderId: z.string().check(z.minLength(1), z.maxLength(64)),
  paymentId: z.string().check(z.minLength(1), z.maxLength(64)),
  signature: z.string().check(z.regex(/^[0-9a-f]{64}$/, "must be a hex HMAC-SHA256")),
});

/** POST /api/subscriptions/pro: the monthly Pro plan through Stripe Billing; the first invoice is paid in the form. */
export const PRO_SUBSCRIPTION_PATH = "/api/subscriptions/pro";
export const createSubscriptionResponseSchema = z.object({ subscriptionId: z.string(), clientSecret: z.string(), price: z.number(), currency: z.string(), credits: z.number() });
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;
