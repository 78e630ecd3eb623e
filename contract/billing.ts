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
