import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentIntentResponseSchema } from "../../contract/billing.ts";
import { creditTransactions } from "../../db/schema/credit-transactions.ts";
import { payments } from "../../db/schema/payments.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { postJson, signInByCode } from "../testing/sign-in.ts";
import { signedStripeEvent, STRIPE_TEST_ENV, startStripeWire, type StripeWire } from "../testing/stripe-wire.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let wire: StripeWire;
let server: TestServer;

beforeAll(async () => {
  wire = await startStripeWire();
  server = await startTestServer({ env: { ...STRIPE_TEST_ENV, STRIPE_API_URL: wire.url, CREDIT_PACKS: "starter:100:499:usd,big:500:1999:usd" } });
});
afterAll(async () => {
  await server?.close();
  await wire?.close();
});

type Buyer = Awaited<ReturnType<typeof signInByCode>>;
let buyers = 0;
async function buyer(): Promise<Buyer> {
  buyers += 1;
  return signInByCode(server, `buyer${buyers}@example.com`);
}

async function openPayment(who: Buyer, packId = "starter") {
  const res = await postJson(server, "/api/create-payment-intent", { packId, amount: 1, credits: 999_999 }, { "x-session-token": who.sessionToken });
  expect(res.status).toBe(200);
  return createPaymentIntentResponseSchema.parse(await res.json());
}

function deliver(event: { id: string; type: string; data: { object: unknown } }, options: { secret?: string; timestamp?: number } = {}) {
  const { payload, header } = signedStripeEvent(event, options);
  return fetch(`${server.url}/api/webhooks/stripe`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
}

function succeededEvent(paymentId: string, eventId = `evt_${paymentId}_ok`) {
  const intent = wire.intents.get(paymentId);
  if (!intent) throw new Error("no such intent");
  intent.status = "succeeded";
  return { id: eventId, type: "payment_intent.succeeded", data: { object: { ...intent } } };
}

function refundedEvent(paymentId: string, amountRefunded: number) {
  return { id: `evt_${paymentId}_refund`, type: "charge.refunded", data: { object: { id: `ch_${paymentId}`, object: "charge", payment_intent: paymentId, amount_refunded: amountRefunded } } };
}

const balance = (who: Buyer) => server.services.credits.balance(who.user.id);
const purchases = async (who: Buyer) =>
  (await server.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, who.user.id))).filter((r) => r.reason === "purchase");

describe("Stripe payments", () => {
  it("prices the intent from the server's pack, whatever the browser sends, and records the payment", async () => {
    const me = await buyer();
    const opened = await openPayment(me);
    expect(opened).toMatchObject({ amount: 499, currency: "usd", credits: 100 });
    expect(opened.clientSecret).toBe(`${opened.paymentId}_secret_test`);
    const sent = new URLSearchParams(wire.requests.at(-1)?.body.toString() ?? "");
    expect(sent.get("amount")).toBe("499");
    expect(sent.get("currency")).toBe("usd");
    expect(wire.requests.at(-1)?.headers["idempotency-key"]).toBeTruthy();
    const [row] = await server.database.db.select().from(payments).where(eq(payments.providerRef, opened.paymentId));
    expect(row).toMatchObject({ userId: me.user.id, amount: 499, credits: 100, status: "pending" });

    const unknown = await postJson(server, "/api/create-payment-intent", { packId: "nope" }, { "x-session-token": me.sessionToken });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "not_found:credit_pack" });
    const bad = await postJson(server, "/api/create-payment-intent", { packId: 5 }, { "x-session-token": me.sessionToken });
    expect(bad.status).toBe(400);
    expect((await postJson(server, "/api/create-payment-intent", { packId: "starter" })).status).toBe(401);
    // Stripe's form is Stripe's script and frames: allowed here, where card payments are on.
    const csp = (await fetch(`${server.url}/app/pricing`)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com");
    // Its wallets (Apple Pay, Google Pay) run the Payment Request API in those frames; nothing else may.
    const permissions = (await fetch(`${server.url}/app/pricing`)).headers.get("permissions-policy") ?? "";
    expect(permissions).toContain('payment=(self "https://js.stripe.com")');
    expect(permissions).toContain("camera=()");
  });

  it("grants the pack's credits once when payment_intent.succeeded arrives, also twice under two event ids", async () => {
    const me = await buyer();
    const before = await balance(me);
    const { paymentId } = await openPayment(me);
    expect((await deliver(succeededEvent(paymentId, "evt_a"))).status).toBe(200);
    expect((await deliver(succeededEvent(paymentId, "evt_b"))).status).toBe(200);
    expect(await balance(me)).toBe((before ?? 0) + 100);
    expect(await purchases(me)).toHaveLength(1);
    const [row] = await server.database.db.select().from(payments).where(eq(payments.providerRef, paymentId));
    expect(row?.status).toBe("succeeded");
  });

  it("answers 400 and writes nothing for a bad signature or a timestamp 301 s old or 301 s ahead", async () => {
    const me = await buyer();
    const before = await balance(me);
    const { paymentId } = await openPayment(me);
    const wrongSecret = await deliver(succeededEvent(paymentId), { secret: "whsec_someone_else" });
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toMatchObject({ code: "invalid:signature" });
    const stale = await deliver(succeededEvent(paymentId), { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);
    // Dated ahead: such a signature could otherwise be replayed until its time came.
    const ahead = await deliver(succeededEvent(paymentId), { timestamp: Math.floor(Date.now() / 1000) + 301 });
    expect(ahead.status).toBe(400);
    expect(await ahead.json()).toMatchObject({ code: "invalid:signature" });
    // The SDK verifies the last `t=`: a current one put in front changes nothing.
    const later = signedStripeEvent(succeededEvent(paymentId), { timestamp: Math.floor(Date.now() / 1000) + 301 });
    const prefixed = await fetch(`${server.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": `t=${Math.floor(Date.now() / 1000)},${later.header}` },
      body: later.payload,
    });
    expect(prefixed.status).toBe(400);
    const unsigned = await fetch(`${server.url}/api/webhooks/stripe`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(succeededEvent(paymentId)) });
    expect(unsigned.status).toBe(400);
    // The signature covers the exact bytes: the same event re-serialised does not verify.
    const { payload, header } = signedStripeEvent(succeededEvent(paymentId));
    const tampered = await fetch(`${server.url}/api/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": header },
      body: payload.replace('"amount":499', '"amount":499 '),
    });
    expect(tampered.status).toBe(400);
    expect(await balance(me)).toBe(before);
    expect(await purchases(me)).toHaveLength(0);
    // A fresh, well-signed delivery still works afterwards, also from a sender whose clock runs a minute ahead.
    expect((await deliver(succeededEvent(paymentId), { timestamp: Math.floor(Date.now() / 1000) + 60 })).status).toBe(200);
    expect(await balance(me)).toBe((before ?? 0) + 100);
  });

  it("nets a refund that arrives before the success to no credits, and takes back only what is unspent", async () => {
    const me = await buyer();
    const before = (await balance(me)) ?? 0;
    const first = await openPayment(me);
    expect((await deliver(refundedEvent(first.paymentId, 499))).status).toBe(200);
    expect(await balance(me)).toBe(before);
    expect((await deliver(succeededEvent(first.paymentId))).status).toBe(200);
    expect(await balance(me)).toBe(before);
    const reasons = (await server.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, me.user.id))).map((r) => [r.reason, r.delta]);
    expect(reasons).toEqual(expect.arrayContaining([["purchase", 100], ["purchase-refund", -100]]));

    // Bought, then most of it spent, then refunded: only what is left is taken back; the balance never goes below 0.
    const second = await openPayment(me);
    await deliver(succeededEvent(second.paymentId));
    const total = (await balance(me)) ?? 0;
    await server.services.credits.apply({ userId: me.user.id, delta: -(total - 30), reason: "generation", ref: `spend-${second.paymentId}` });
    await deliver(refundedEvent(second.paymentId, 499));
    expect(await balance(me)).toBe(0);
    expect(await server.services.credits.ledgerSum(me.user.id)).toBe(0);
  });

  it("lets the success page settle the buyer's own payment, and nobody else's", async () => {
    const me = await buyer();
    const stranger = await buyer();
    const before = (await balance(me)) ?? 0;
    const { paymentId } = await openPayment(me);
    const confirm = (who: Buyer) => postJson(server, `/api/payments/stripe/${paymentId}/confirm`, {}, { "x-session-token": who.sessionToken });
    const early = await confirm(me);
    expect(await early.json()).toMatchObject({ status: "pending", providerStatus: "requires_payment_method" });
    expect(await balance(me)).toBe(before);
    const intent = wire.intents.get(paymentId);
    if (intent) intent.status = "succeeded";
    const strangerBefore = await balance(stranger);
    const theirs = await confirm(stranger);
    expect(theirs.status).toBe(404);
    expect(await balance(stranger)).toBe(strangerBefore);
    expect(await balance(me)).toBe(before);
    expect(await (await confirm(me)).json()).toMatchObject({ status: "succeeded" });
    expect(await balance(me)).toBe(before + 100);
  });

  it("records a dispute without touching credits, and ignores events it does not act on or payments it never opened", async () => {
    const me = await buyer();
    const { paymentId } = await openPayment(me);
    await deliver(succeededEvent(paymentId));
    const after = await balance(me);
    expect((await deliver({ id: "evt_dp", type: "charge.dispute.created", data: { object: { id: "dp_1", object: "dispute", payment_intent: paymentId } } })).status).toBe(200);
    const [row] = await server.database.db.select().from(payments).where(eq(payments.providerRef, paymentId));
    expect(row?.disputeRef).toBe("dp_1");
    expect(await balance(me)).toBe(after);
    expect((await deliver({ id: "evt_other", type: "customer.created", data: { object: { id: "cus_1" } } })).status).toBe(200);
    const foreign = { id: "evt_foreign", type: "payment_intent.succeeded", data: { object: { id: "pi_not_ours", object: "payment_intent", amount: 499, currency: "usd", status: "succeeded", metadata: { userId: me.user.id } } } };
    expect((await deliver(foreign)).status).toBe(200);
    expect(await balance(me)).toBe(after);
  });

  itOnPostgres("grants once when the same event arrives 10 times at once, and when the success page races the webhook", async () => {
    const me = await buyer();
    const before = (await balance(me)) ?? 0;
    const { paymentId } = await openPayment(me);
    const event = succeededEvent(paymentId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(await balance(me)).toBe(before + 100);
    expect(await purchases(me)).toHaveLength(1);

    const race = await openPayment(me);
    const raceEvent = succeededEvent(race.paymentId);
    const confirm = () => postJson(server, `/api/payments/stripe/${race.paymentId}/confirm`, {}, { "x-session-token": me.sessionToken });
    const results = await Promise.all([deliver(raceEvent), confirm(), deliver(raceEvent), confirm(), confirm()]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await balance(me)).toBe(before + 200);
    expect(await purchases(me)).toHaveLength(2);
    expect(await server.services.credits.ledgerSum(me.user.id)).toBe(before + 200);
  });
});

describe("Stripe without keys", () => {
  it("refuses to open a payment and ignores nothing silently: 409 not_configured", async () => {
    const plain = await startTestServer({ database: server.database });
    try {
      const me = await signInByCode(plain, "nokeys@example.com");
      const res = await postJson(plain, "/api/create-payment-intent", { packId: "starter" }, { "x-session-token": me.sessionToken });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: "not_configured:payments" });
      const hook = await fetch(`${plain.url}/api/webhooks/stripe`, { method: "POST", body: "{}" });
      expect(hook.status).toBe(409);
    } finally {
      await plain.close();
    }
  });
});
