import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RAZORPAY_TEST_ENV, type RazorpayWire, startRazorpayWire } from "../server/testing/razorpay-wire.ts";
import { signedStripeEvent, STRIPE_TEST_ENV, startStripeWire, type StripeWire } from "../server/testing/stripe-wire.ts";
import { axeViolations, launchBrowser, newContext, type RunningApp, signInWithCode, startApp } from "./harness.ts";

let plain: RunningApp;
let paying: RunningApp;
let wire: StripeWire;
let rzp: RazorpayWire;
let browser: Browser;

beforeAll(async () => {
  [wire, rzp] = await Promise.all([startStripeWire(), startRazorpayWire()]);
  [plain, paying, browser] = await Promise.all([
    startApp({ DAILY_FREE_CREDITS: "500" }),
    startApp({
      ...STRIPE_TEST_ENV,
      STRIPE_API_URL: wire.url,
      ...RAZORPAY_TEST_ENV,
      RAZORPAY_API_URL: rzp.url,
      CREDIT_PACKS: "starter:100:499:usd,creator-inr:500:149900:inr",
    }),
    launchBrowser(),
  ]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([plain?.stop(), paying?.stop()]);
  await Promise.all([wire?.close(), rzp?.close()]);
});

async function openPricing(page: Page, baseUrl: string): Promise<void> {
  await page.getByRole("button", { name: /Account menu/ }).click();
  await page.getByRole("menuitem", { name: /Upgrade Plan/ }).click();
  await page.waitForURL(`${baseUrl}/app/pricing`);
  await page.getByRole("heading", { name: "Plans and pricing", level: 1 }).waitFor();
}

const balance = async (page: Page) => Number((await page.getByTestId("credits-balance").textContent())?.trim());

describe("plans and pricing in the browser", () => {
  it("without payment keys: shows every plan, pack and model cost, says payments are off, and the daily allowance tops up", async () => {
    const context = await newContext(browser, { width: 1280 });
    const page = await context.newPage();
    await signInWithCode(page, plain.baseUrl, "pricing.plain@example.com");
    await openPricing(page, plain.baseUrl);
    await expect.poll(() => page.getByTestId("payments-off").textContent()).toContain("Payments are not available on this server yet.");
    expect(await page.getByTestId("pack").count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByTestId("pack").first().textContent()).toContain("$4.99");
    expect(await page.getByTestId("plan-pro").textContent()).toContain("$14.99 / month");
    await page.getByTestId("model-costs").getByText("4 credits per image").first().waitFor();
    expect(await page.getByTestId("buy-pack").count()).toBe(0);
    expect(await page.locator("main").textContent()).not.toMatch(/STRIPE|RAZORPAY|secret|api key/i);
    expect(await axeViolations(page)).toEqual([]);

    // The Free Plan never dead-ends: the credits page tops the balance up to the day's allowance, once (set above
    // the signup and early-bird credits here, so there is something to top up).
    await page.getByRole("link", { name: "See your credits" }).click();
    await page.waitForURL(`${plain.baseUrl}/app/credits`);
    const before = await balance(page);
    await page.getByRole("button", { name: "Top up to 500 credits" }).click();
    await expect.poll(() => balance(page)).toBe(500);
    await page.getByTestId("next-refill").waitFor();
    expect(await page.getByTestId("ledger-row").first().getAttribute("data-reason")).toBe("daily-allowance");
    expect(await page.getByTestId("ledger-row").first().textContent()).toContain(`+${500 - before}`);
    expect(await page.getByTestId("credits-badge").textContent()).toContain("500");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);

  it("with Stripe and Razorpay keys: prices from the server, no success until the provider confirms, then the ledger shows the purchase live", async () => {
    const context = await newContext(browser, { width: 390, colorScheme: "dark" });
    const page = await context.newPage();
    // This machine reaches no outside network: Stripe's script fails to load, as it would for a blocked visitor.
    await page.route("https://js.stripe.com/**", (route) => route.abort());
    await page.route("https://checkout.razorpay.com/**", (route) => route.abort());
    await signInWithCode(page, paying.baseUrl, "pricing.paying@example.com");
    await openPricing(page, paying.baseUrl);
    await page.getByTestId("buy-pack").first().waitFor();
    expect(await page.getByTestId("payments-off").count()).toBe(0);
    const buttons = page.getByTestId("buy-pack");
    expect(await buttons.count()).toBe(2);
    expect(await page.getByTestId("buy-pack-upi").textContent()).toBe("Pay ₹1,499.00 with UPI or card");
    expect(await buttons.first().textContent()).toBe("Buy for $4.99");
    await buttons.first().click();
    await page.getByTestId("checkout-error").waitFor();
    expect(await page.getByTestId("checkout-error").textContent()).toBe("The payment form could not be loaded. Please try again later.");
    const opened = wire.requests.find((r) => r.method === "POST" && r.path === "/v1/payment_intents");
    const form = new URLSearchParams(opened?.body.toString() ?? "");
    expect([form.get("amount"), form.get("currency")]).toEqual(["499", "usd"]);
    await page.keyboard.press("Escape");

    // The rupee pack also offers UPI through Razorpay; Checkout cannot load here, so no order is opened at all.
    await page.getByTestId("buy-pack-upi").click();
    await page.getByTestId("upi-error").waitFor();
    expect(await page.getByTestId("upi-error").textContent()).toBe("The payment form could not be loaded. Please try again later.");
    expect(rzp.orders.size).toBe(0);

    await page.getByTestId("credits-badge").click();
    await page.waitForURL(`${paying.baseUrl}/app/credits`);
    const before = await balance(page);
    expect(await page.locator('[data-reason="purchase"]').count()).toBe(0);

    // Stripe confirms the payment: the webhook grants the pack, and the open page shows it without a reload.
    const intent = [...wire.intents.values()][0];
    if (!intent) throw new Error("no payment intent was opened");
    intent.status = "succeeded";
    const { payload, header } = signedStripeEvent({ id: "evt_e2e_1", type: "payment_intent.succeeded", data: { object: intent } });
    const hook = await fetch(`${paying.baseUrl}/api/webhooks/stripe`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
    expect(hook.status).toBe(200);
    await expect.poll(() => balance(page)).toBe(before + 100);
    await page.locator('[data-reason="purchase"]').waitFor();
    expect(await page.locator('[data-reason="purchase"]').textContent()).toContain("+100");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
