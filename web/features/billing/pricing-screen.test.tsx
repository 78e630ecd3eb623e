import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "../../../contract/auth.ts";
import type { PricingResponse } from "../../../contract/billing.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { MODELS_KEY } from "../../lib/models-api.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { PRICING_KEY } from "./api.ts";
import { PricingScreen } from "./pricing-screen.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(cleanup);

const user = { id: "u1", email: "me@example.com", credits: 0, plan: "free", earlyBird: false, hasPassword: false, language: "en" } as unknown as AuthUser;
const offer = (patch: Partial<PricingResponse>): PricingResponse => ({
  packs: [
    { id: "starter", credits: 100, price: 499, currency: "usd", providers: [] },
    { id: "starter-inr", credits: 100, price: 39900, currency: "inr", providers: [] },
  ],
  pro: { credits: 1000, price: 1499, currency: "usd", providers: [] },
  dailyFreeCredits: 5,
  paymentsConfigured: false,
  stripe: null,
  razorpay: null,
  ...patch,
});

function renderPricing(pricing: PricingResponse) {
  const client = createQueryClient();
  client.setQueryData(PRICING_KEY, pricing);
  client.setQueryData(MODELS_KEY, {
    models: [{ id: "flux-kontext-pro", label: "FLUX.1 Kontext [pro]", provider: "black-forest-labs", popular: true, capabilities: [], creditCost: 4, available: false }],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PricingScreen user={user} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe("PricingScreen", () => {
  it("without payments shows every plan, pack and model cost, says payments are off, and offers nothing to buy", () => {
    renderPricing(offer({}));
    expect(screen.getByTestId("payments-off").textContent).toContain("Payments are not available on this server yet.");
    expect(screen.getByTestId("plan-free").textContent).toContain("topped up to 5 free credits");
    expect(screen.getByTestId("plan-pro").textContent).toContain("$14.99 / month");
    const packs = screen.getAllByTestId("pack");
    expect(packs.map((p) => p.textContent)).toEqual([expect.stringContaining("$4.99"), expect.stringContaining("₹399.00")]);
    expect(within(screen.getByTestId("model-costs")).getByText("4 credits per image")).toBeTruthy();
    expect(screen.queryAllByRole("button")).toEqual([]);
    expect(document.body.textContent).not.toMatch(/STRIPE|RAZORPAY|env|key/i);
  });

  it("with Stripe offers a way to pay only where it can take the payment", () => {
    renderPricing(
      offer({ paymentsConfigured: true, stripe: { publishableKey: "pk_test_1" }, packs: offer({}).packs.map((p) => (p.currency === "usd" ? { ...p, providers: ["stripe"] } : p)) }),
    );
    expect(screen.queryByTestId("payments-off")).toBeNull();
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Buy for $4.99"]);
    expect(screen.getAllByTestId("pack")[1]?.textContent).toContain("This pack cannot be paid for on this server yet.");
    expect(screen.getByTestId("plan-pro").textContent).toContain("The Pro plan cannot be bought on this server yet.");
  });

  it("with Razorpay and the Pro plan on sale offers UPI for rupee packs and Go Pro", () => {
    renderPricing(
      offer({
        paymentsConfigured: true,
        stripe: { publishableKey: "pk_test_1" },
        razorpay: { keyId: "rzp_test_1" },
        pro: { ...offer({}).pro, providers: ["stripe"] },
        packs: offer({}).packs.map((p) => ({ ...p, providers: p.currency === "inr" ? ["stripe", "razorpay"] : ["stripe"] })),
      }),
    );
    expect(screen.getAllByRole("button").map((b) => b.textContent)).toEqual(["Go Pro for $14.99 / month", "Buy for $4.99", "Buy for ₹399.00", "Pay ₹399.00 with UPI or card"]);
  });
});
