import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pricingResponseSchema } from "../../contract/billing.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { pricingFor } from "./pricing.ts";

const settings = {
  packs: [
    { id: "starter", credits: 100, price: 499, currency: "usd" },
    { id: "starter-inr", credits: 100, price: 39900, currency: "inr" },
  ],
  pro: { credits: 1000, price: 1499, currency: "usd" },
  dailyFreeCredits: 5,
};

describe("pricing", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { CREDIT_PACKS: "mini:50:299:eur,big:900:2999:eur", PRO_PLAN_PRICE: "999", PRO_PLAN_CURRENCY: "EUR", DAILY_FREE_CREDITS: "3" } });
  });
  afterAll(async () => server?.close());

  it("serves the configured plans and packs with no provider and payments off when no keys are set", async () => {
    const res = await fetch(`${server.url}/api/pricing`);
    expect(res.status).toBe(200);
    expect(pricingResponseSchema.parse(await res.json())).toEqual({
      packs: [
        { id: "mini", credits: 50, price: 299, currency: "eur", providers: [] },
        { id: "big", credits: 900, price: 2999, currency: "eur", providers: [] },
      ],
      pro: { credits: 1000, price: 999, currency: "eur", providers: [] },
      dailyFreeCredits: 3,
      paymentsConfigured: false,
      stripe: null,
      razorpay: null,
    });
  });

  it("offers Stripe for everything it can take and Razorpay only for INR packs", () => {
    const offer = pricingFor(settings, { stripe: { publishableKey: "pk_test_1", subscriptions: true }, razorpay: { keyId: "rzp_test_1" } });
    expect(offer.packs.map((p) => [p.id, p.providers])).toEqual([
      ["starter", ["stripe"]],
      ["starter-inr", ["stripe", "razorpay"]],
    ]);
    expect(offer.pro.providers).toEqual(["stripe"]);
    expect(offer).toMatchObject({ paymentsConfigured: true, stripe: { publishableKey: "pk_test_1" }, razorpay: { keyId: "rzp_test_1" } });
    const noSubscriptions = pricingFor(settings, { stripe: { publishableKey: "pk_test_1", subscriptions: false } });
    expect(noSubscriptions.pro.providers).toEqual([]);
  });
});
