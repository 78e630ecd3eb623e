import type { PaymentProvider, PricingResponse } from "../../contract/billing.ts";
import type { CreditPack } from "../config.ts";

export interface PricingSettings {
  packs: readonly CreditPack[];
  pro: { credits: number; price: number; currency: string };
  dailyFreeCredits: number;
}

/** The providers switched on, as far as pricing cares: which currencies each takes and what the browser needs. */
export interface ProviderOffer {
  stripe?: { publishableKey: string; subscriptions: boolean };
  razorpay?: { keyId: string };
}

/**
 * The pricing screen's offer. Stripe takes every currency; Razorpay is offered where it fits: INR (UPI). A pack no
 * provider can take stays listed, with no way to pay for it, so the screen never shows a button that cannot work.
 */
export function pricingFor(settings: PricingSettings, providers: ProviderOffer): PricingResponse {
  const providersFor = (currency: string, kind: "pack" | "subscription"): PaymentProvider[] => {
    const list: PaymentProvider[] = [];
    if (providers.stripe && (kind === "pack" || providers.stripe.subscriptions)) list.push("stripe");
    if (providers.razorpay && kind === "pack" && currency === "inr") list.push("razorpay");
    return list;
  };
  return {
    packs: settings.packs.map((p) => ({ ...p, providers: providersFor(p.currency, "pack") })),
    pro: { ...settings.pro, providers: providersFor(settings.pro.currency, "subscription") },
    dailyFreeCredits: settings.dailyFreeCredits,
    paymentsConfigured: providers.stripe !== undefined || providers.razorpay !== undefined,
    stripe: providers.stripe ? { publishableKey: providers.stripe.publishableKey } : null,
    razorpay: providers.razorpay ? { keyId: providers.razorpay.keyId } : null,
  };
}
