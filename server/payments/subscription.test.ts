import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSubscriptionResponseSchema, pricingResponseSchema } from "../../contract/billing.ts";
import { creditTransactions } from "../../db/schema/credit-transactions.ts";
import { users } from "../../db/schema/users.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { postJson, signInByCode } from "../testing/sign-in.ts";
import { signedStripeEvent, STRIPE_TEST_ENV, startStripeWire, type StripeWire } from "../testing/stripe-wire.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let wire: StripeWire;
let server: TestServer;

beforeAll(async () => {
  wire = await startStripeWire();
  server = await startTestServer({ env: { ...STRIPE_TEST_ENV, STRIPE_API_URL: wire.url, STRIPE_PRO_PRICE_ID: "price_pro_monthly", PRO_PLAN_CREDITS: "1000" } });
});
afterAll(async () => {
  await server?.close();
  await wire?.close();
});

type Member = Awaited<ReturnType<typeof signInByCode>>;
let n = 0;
const member = () => signInByCode(server, `pro${++n}@example.com`);
const plan = async (who: Member) => (await server.database.db.select({ plan: users.plan }).from(users).where(eq(users.id, who.user.id)))[0]?.plan;
const monthly = async (who: Member) => (await server.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, who.user.id))).filter((r) => r.reason === "pro-monthly");

function deliver(type: string, object: Record<string, unknown>, id = `evt_${Math.random().toString(36).slice(2)}`) {
  const { payload, header } = signedStripeEvent({ id, type, data: { object } });
  return fetch(`${server.url}/api/webhooks/stripe`, { method: "POST", headers: { "stripe-signature": header, "content-type": "application/json" }, body: payload });
}
const invoice = (subscription: string, id: string) => ({ id, object: "invoice", amount_paid: 1499, currency: "usd", parent: { type: "subscription_details", subscription_details: { subscription } } });

async function subscribe(who: Member) {
  const res = await postJson(server, "/api/subscriptions/pro", {}, { "x-session-token": who.sessionToken });
  expect(res.status).toBe(200);
  return createSubscriptionResponseSchema.parse(await res.json());
}

describe("the Pro plan through Stripe Billing", () => {
  it("is offered, and starts an incomplete subscription on the configured price", async () => {
    const pricing = pricingResponseSchema.parse(await (await fetch(`${server.url}/api/pricing`)).json());
    expect(pricing.pro.providers).toEqual(["stripe"]);
    const me = await member();
    const started = await subscribe(me);
    expect(started).toMatchObject({ credits: 1000, price: 1499, currency: "usd" });
    expect(started.clientSecret).toMatch(/_secret_test$/);
    expect(wire.subscriptions.at(-1)).toMatchObject({ price: "price_pro_monthly", expand: ["latest_invoice.confirmation_secret"] });
    expect(await plan(me)).toBe("free");
  });

  it("grants each paid invoice's credits once, makes the account Pro, and ends Pro when the subscription is cancelled", async () => {
    const me = await member();
    const before = (await server.services.credits.balance(me.user.id)) ?? 0;
    const { subscriptionId } = await subscribe(me);
    await deliver("invoice.paid", invoice(subscriptionId, "in_month_1"));
    await deliver("invoice.paid", invoice(subscriptionId, "in_month_1"));
    expect(await plan(me)).toBe("pro");
    expect(await server.services.credits.balance(me.user.id)).toBe(before + 1000);
    const again = await postJson(server, "/api/subscriptions/pro", {}, { "x-session-token": me.sessionToken });
    expect(again.status).toBe(409);
    await deliver("invoice.paid", { id: "in_month_2", object: "invoice", amount_paid: 1499, currency: "usd", subscription: subscriptionId });
    expect(await server.services.credits.balance(me.user.id)).toBe(before + 2000);
    expect((await monthly(me)).map((r) => r.ref)).toEqual(expect.arrayContaining(["stripe:in_month_1", "stripe:in_month_2"]));
    await deliver("customer.subscription.deleted", { id: subscriptionId, object: "subscription", status: "canceled" });
    expect(await plan(me)).toBe("free");
    // An invoice for a subscription this server never started grants nothing.
    await deliver("invoice.paid", invoice("sub_not_ours", "in_foreign"));
    expect(await server.services.credits.balance(me.user.id)).toBe(before + 2000);
  });

  itOnPostgres("grants one month when the same invoice.paid arrives 10 times at once", async () => {
    const me = await member();
    const before = (await server.services.credits.balance(me.user.id)) ?? 0;
    const { subscriptionId } = await subscribe(me);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver("invoice.paid", invoice(subscriptionId, "in_race"), "evt_race")));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await server.services.credits.balance(me.user.id)).toBe(before + 1000);
    expect(await monthly(me)).toHaveLength(1);
  });
});
