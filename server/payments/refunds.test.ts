import { setTimeout as delay } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentIntentResponseSchema, refundRequestListSchema, refundRequestResponseSchema } from "../../contract/billing.ts";
import { creditTransactions } from "../../db/schema/credit-transactions.ts";
import { payments } from "../../db/schema/payments.ts";
import { AppError } from "../errors/app-error.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { postJson, signInByCode } from "../testing/sign-in.ts";
import { signedStripeEvent, STRIPE_TEST_ENV, startStripeWire, type StripeWire } from "../testing/stripe-wire.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";
import { runRefundsCommand } from "./admin-refunds.ts";

let wire: StripeWire;
let server: TestServer;
let now = Date.now();

beforeAll(async () => {
  wire = await startStripeWire();
  server = await startTestServer({ env: { ...STRIPE_TEST_ENV, STRIPE_API_URL: wire.url, CREDIT_PACKS: "starter:100:499:usd" }, deps: { clock: () => now } });
});
afterAll(async () => {
  await server?.close();
  await wire?.close();
});

type Buyer = Awaited<ReturnType<typeof signInByCode>>;
let count = 0;
const buyer = () => signInByCode(server, `refunder${++count}@example.com`);
const auth = (who: Buyer) => ({ "x-session-token": who.sessionToken });
const ledger = (who: Buyer) => server.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, who.user.id));

/** Buys the starter pack through the real endpoints and a signed webhook; answers the purchase's ledger row id. */
async function purchase(who: Buyer): Promise<{ transactionId: string; paymentId: string }> {
  const res = await postJson(server, "/api/create-payment-intent", { packId: "starter" }, auth(who));
  const { paymentId } = createPaymentIntentResponseSchema.parse(await res.json());
  const intent = wire.intents.get(paymentId);
  if (!intent) throw new Error("no intent");
  intent.status = "succeeded";
  const { payload, header } = signedStripeEvent({ id: `evt_${paymentId}`, type: "payment_intent.succeeded", data: { object: intent } });
  const hook = await fetch(`${server.url}/api/webhooks/stripe`, { method: "POST", headers: { "stripe-signature": header, "content-type": "application/json" }, body: payload });
  expect(hook.status).toBe(200);
  const row = (await ledger(who)).find((r) => r.reason === "purchase" && r.ref === `stripe:${paymentId}`);
  if (!row) throw new Error("no purchase row");
  return { transactionId: row.id, paymentId };
}

const ask = (who: Buyer, transactionId: string, reason = "I bought the wrong pack") => postJson(server, "/api/refund-requests", { transactionId, reason }, auth(who));
const balance = async (who: Buyer) => (await server.services.credits.balance(who.user.id)) ?? 0;
const takeBacks = async (who: Buyer) => (await ledger(who)).filter((r) => r.reason === "purchase-refund").map((r) => r.delta);
const refundedAmount = async (paymentId: string) => (await server.database.db.select().from(payments).where(eq(payments.providerRef, paymentId)))[0]?.refundedAmount;

/** Stripe's charge.refunded with the total refunded so far, signed. */
function chargeRefunded(paymentId: string, total: number) {
  const { payload, header } = signedStripeEvent({
    id: `evt_${paymentId}_refunded_${total}`,
    type: "charge.refunded",
    data: { object: { id: `ch_${paymentId}`, object: "charge", payment_intent: paymentId, amount_refunded: total } },
  });
  return fetch(`${server.url}/api/webhooks/stripe`, { method: "POST", headers: { "stripe-signature": header }, body: payload });
}

describe("refund requests", () => {
  it("takes a request for the unused credits of a purchase within 48 hours, once, and shows it with its status", async () => {
    const me = await buyer();
    const { transactionId } = await purchase(me);
    const res = await ask(me, transactionId);
    expect(res.status).toBe(201);
    expect(refundRequestResponseSchema.parse(await res.json()).refundRequest).toMatchObject({ credits: 100, amount: 499, currency: "usd", status: "pending" });
    const again = await ask(me, transactionId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "conflict:refund_requested" });
    const list = refundRequestListSchema.parse(await (await fetch(`${server.url}/api/refund-requests`, { headers: auth(me) })).json());
    expect(list.refundRequests.map((r) => [r.transactionId, r.status])).toEqual([[transactionId, "pending"]]);
  });

  it("refuses after 48 hours, for spent credits, for promotional credits and for someone else's purchase, with a clear message and no change", async () => {
    const me = await buyer();
    const old = await purchase(me);
    now += 48 * 3600_000 + 1000;
    const late = await ask(me, old.transactionId);
    expect(late.status).toBe(422);
    expect(await late.json()).toMatchObject({ code: "unprocessable:refund_window", error: "Refunds can be requested within 48 hours of a purchase, and this purchase is older." });

    const fresh = await purchase(me);
    const all = (await server.services.credits.balance(me.user.id)) ?? 0;
    await server.services.credits.apply({ userId: me.user.id, delta: -all, reason: "generation", ref: `all-of-it-${me.user.id}` });
    const spent = await ask(me, fresh.transactionId);
    expect(spent.status).toBe(422);
    expect(await spent.json()).toMatchObject({ code: "unprocessable:refund_used", error: "All the credits of this purchase have been used, so there is nothing left to refund." });

    const promotional = (await ledger(me)).find((r) => r.reason === "signup" || r.reason === "early-bird");
    if (!promotional) throw new Error("no signup grant");
    const promo = await ask(me, promotional.id);
    expect(promo.status).toBe(422);
    expect(await promo.json()).toMatchObject({ code: "unprocessable:refund_promotional" });

    const stranger = await buyer();
    expect((await ask(stranger, fresh.transactionId)).status).toBe(404);
    expect((await ask(me, "not-an-id")).status).toBe(404);
    expect((await ask(me, fresh.transactionId, "")).status).toBe(400);
    const list = refundRequestListSchema.parse(await (await fetch(`${server.url}/api/refund-requests`, { headers: auth(me) })).json());
    expect(list.refundRequests).toEqual([]);
  });

  it("counts images made after the purchase against it, and support's approval refunds through Stripe and writes the ledger once", async () => {
    const me = await buyer();
    const before = (await server.services.credits.balance(me.user.id)) ?? 0;
    const { transactionId, paymentId } = await purchase(me);
    await server.services.credits.apply({ userId: me.user.id, delta: -30, reason: "generation", ref: `thirty-${me.user.id}` });
    const res = await ask(me, transactionId);
    const { refundRequest } = refundRequestResponseSchema.parse(await res.json());
    expect(refundRequest).toMatchObject({ credits: 70, amount: 349 });

    const listed = await runRefundsCommand(["list"], server.services.refunds);
    expect(listed.some((line) => line.startsWith(refundRequest.id))).toBe(true);
    const approved = await runRefundsCommand(["approve", refundRequest.id], server.services.refunds);
    expect(approved[0]).toContain("70 credits taken back");
    expect(wire.refunds.at(-1)).toEqual({ payment_intent: paymentId, amount: 349 });
    expect(await server.services.credits.balance(me.user.id)).toBe(before + 100 - 30 - 70);

    // Stripe's own refund event follows: it finds the take-back done.
    const { payload, header } = signedStripeEvent({
      id: `evt_${paymentId}_refunded`,
      type: "charge.refunded",
      data: { object: { id: `ch_${paymentId}`, object: "charge", payment_intent: paymentId, amount_refunded: 349 } },
    });
    await fetch(`${server.url}/api/webhooks/stripe`, { method: "POST", headers: { "stripe-signature": header }, body: payload });
    expect(await server.services.credits.balance(me.user.id)).toBe(before);
    expect((await ledger(me)).filter((r) => r.reason === "purchase-refund").map((r) => r.delta)).toEqual([-70]);
    expect(await server.services.credits.ledgerSum(me.user.id)).toBe(before);
    const list = refundRequestListSchema.parse(await (await fetch(`${server.url}/api/refund-requests`, { headers: auth(me) })).json());
    expect(list.refundRequests[0]).toMatchObject({ status: "refunded" });
    await expect(runRefundsCommand(["approve", refundRequest.id], server.services.refunds)).rejects.toThrow(AppError);
  });

  it("after a partial refund from Stripe's dashboard asks only for what is left of the payment, and the desk takes the rest once", async () => {
    const me = await buyer();
    const before = await balance(me);
    const { transactionId, paymentId } = await purchase(me);
    expect((await chargeRefunded(paymentId, 249)).status).toBe(200);
    expect(await balance(me)).toBe(before + 100 - 49);
    const { refundRequest } = refundRequestResponseSchema.parse(await (await ask(me, transactionId)).json());
    // 51 credits are worth 254 by themselves, but only 250 of the 499 paid are left to refund.
    expect(refundRequest).toMatchObject({ credits: 51, amount: 250 });
    const approved = await runRefundsCommand(["approve", refundRequest.id], server.services.refunds);
    expect(approved[0]).toContain("51 credits taken back");
    expect(wire.refunds.at(-1)).toEqual({ payment_intent: paymentId, amount: 250 });
    expect(await balance(me)).toBe(before);
    // The desk's refund brings Stripe's total to 499: its event finds it counted.
    expect((await chargeRefunded(paymentId, 499)).status).toBe(200);
    expect(await balance(me)).toBe(before);
    expect(await takeBacks(me)).toEqual([-49, -51]);
    expect(await refundedAmount(paymentId)).toBe(499);
    expect(await server.services.credits.ledgerSum(me.user.id)).toBe(before);
  });

  itOnPostgres("takes the request's credits once when the refund's own webhook arrives before Stripe's answer", async () => {
    const me = await buyer();
    const before = await balance(me);
    const { transactionId, paymentId } = await purchase(me);
    await server.services.credits.apply({ userId: me.user.id, delta: -30, reason: "generation", ref: `thirty-${me.user.id}` });
    const { refundRequest } = refundRequestResponseSchema.parse(await (await ask(me, transactionId)).json());
    expect(refundRequest).toMatchObject({ credits: 70, amount: 349 });
    let webhook: Promise<Response> | undefined;
    wire.beforeRefundAnswer = async (refund) => {
      webhook = chargeRefunded(refund.payment_intent, refund.amount);
      // Waits for the webhook to be handled, or, while the desk holds the payment, gives up and answers.
      await Promise.race([webhook, delay(500)]);
    };
    try {
      const approved = await runRefundsCommand(["approve", refundRequest.id], server.services.refunds);
      expect(approved[0]).toContain("70 credits taken back");
    } finally {
      wire.beforeRefundAnswer = undefined;
    }
    expect((await webhook)?.status).toBe(200);
    expect(await balance(me)).toBe(before);
    expect(await takeBacks(me)).toEqual([-70]);
    expect(await refundedAmount(paymentId)).toBe(349);
    expect(await server.services.credits.ledgerSum(me.user.id)).toBe(before);
  });

  it("lets support reject a request with a note the customer reads, and refuses malformed commands", async () => {
    const me = await buyer();
    const { transactionId } = await purchase(me);
    const { refundRequest } = refundRequestResponseSchema.parse(await (await ask(me, transactionId)).json());
    await expect(runRefundsCommand(["approve", "nope"], server.services.refunds)).rejects.toThrow(/Usage: npm run admin -- refunds list/);
    await expect(runRefundsCommand(["reject", refundRequest.id], server.services.refunds)).rejects.toThrow(/a reason the customer will read/);
    expect(await runRefundsCommand(["reject", refundRequest.id, "Credits", "were", "used", "by", "a", "teammate"], server.services.refunds)).toEqual([
      `Rejected request ${refundRequest.id}.`,
    ]);
    const list = refundRequestListSchema.parse(await (await fetch(`${server.url}/api/refund-requests`, { headers: auth(me) })).json());
    expect(list.refundRequests[0]).toMatchObject({ status: "rejected", decisionNote: "Credits were used by a teammate" });
  });
});
