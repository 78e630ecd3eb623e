import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentIntentResponseSchema } from "../../contract/billing.ts";
import { creditTransactions } from "../../db/schema/credit-transactions.ts";
import { payments } from "../../db/schema/payments.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { postJson, signInByCode } from "../testing/sign-in.ts";
import { signedStripeEvent, STRIPE_TEST_ENV, startStripeWire, type StripeWire } from "../testing/stripe-wire.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

// Stripe's charge.refunded carries the total refunded so far; these deliver totals in every order a sender may.
let wire: StripeWire;
let server: TestServer;

beforeAll(async () => {
  wire = await startStripeWire();
  server = await startTestServer({ env: { ...STRIPE_TEST_ENV, STRIPE_API_URL: wire.url, CREDIT_PACKS: "starter:100:499:usd" } });
});
afterAll(async () => {
  await server?.close();
  await wire?.close();
});

type Buyer = Awaited<ReturnType<typeof signInByCode>>;
let buyers = 0;
const buyer = () => signInByCode(server, `partial${++buyers}@example.com`);
const balance = async (who: Buyer) => (await server.services.credits.balance(who.user.id)) ?? 0;

async function open(who: Buyer): Promise<string> {
  const res = await postJson(server, "/api/create-payment-intent", { packId: "starter" }, { "x-session-token": who.sessionToken });
  return createPaymentIntentResponseSchema.parse(await res.json()).paymentId;
}

let events = 0;
async function deliver(type: string, object: Record<string, unknown>): Promise<void> {
  const { payload, header } = signedStripeEvent({ id: `evt_partial_${++events}`, type, data: { object } });
  const res = await fetch(`${server.url}/api/webhooks/stripe`, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
  expect(res.status).toBe(200);
}

function succeed(paymentId: string) {
  const intent = wire.intents.get(paymentId);
  if (!intent) throw new Error("no such intent");
  intent.status = "succeeded";
  return deliver("payment_intent.succeeded", { ...intent });
}
const refunded = (paymentId: string, amountRefunded: number) =>
  deliver("charge.refunded", { id: `ch_${paymentId}`, object: "charge", payment_intent: paymentId, amount_refunded: amountRefunded });

async function bought(who: Buyer): Promise<string> {
  const paymentId = await open(who);
  await succeed(paymentId);
  return paymentId;
}

/** The payment's take-backs as the ledger has them, and whether the balance still equals the ledger's sum. */
async function takeBacks(who: Buyer, paymentId: string): Promise<number[]> {
  const rows = await server.database.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.userId, who.user.id), eq(creditTransactions.reason, "purchase-refund")));
  expect(await server.services.credits.ledgerSum(who.user.id)).toBe(await balance(who));
  return rows.filter((r) => r.ref === `stripe:${paymentId}` || r.ref.startsWith(`stripe:${paymentId}:`)).map((r) => r.delta);
}

const refundedAmount = async (paymentId: string) =>
  (await server.database.db.select().from(payments).where(eq(payments.providerRef, paymentId)))[0]?.refundedAmount;

describe("Stripe refunds, partial and full", () => {
  it("takes back half and then the rest when 50 % is refunded and then 100 %", async () => {
    const me = await buyer();
    const before = await balance(me);
    const paymentId = await bought(me);
    await refunded(paymentId, 249);
    expect(await balance(me)).toBe(before + 100 - 49);
    await refunded(paymentId, 499);
    expect(await balance(me)).toBe(before);
    expect(await takeBacks(me, paymentId)).toEqual([-49, -51]);
    expect(await refundedAmount(paymentId)).toBe(499);
  });

  it("changes nothing for a repeated total or an older one arriving late", async () => {
    const me = await buyer();
    const before = await balance(me);
    const paymentId = await bought(me);
    await refunded(paymentId, 499);
    await refunded(paymentId, 499);
    await refunded(paymentId, 249);
    expect(await balance(me)).toBe(before);
    expect(await takeBacks(me, paymentId)).toEqual([-100]);
    expect(await refundedAmount(paymentId)).toBe(499);
  });

  it("takes only what is left of a partly spent pack, never below 0, and the ledger row says what was taken", async () => {
    const me = await buyer();
    const paymentId = await bought(me);
    await server.services.credits.apply({ userId: me.user.id, delta: -((await balance(me)) - 30), reason: "generation", ref: `spend-${paymentId}` });
    await refunded(paymentId, 249);
    expect(await balance(me)).toBe(0);
    expect(await takeBacks(me, paymentId)).toEqual([-30]);
    await refunded(paymentId, 499);
    expect(await balance(me)).toBe(0);
    expect(await takeBacks(me, paymentId)).toEqual([-30]);
  });

  it("nets partial refunds reported before the success, and takes the rest of a later one", async () => {
    const me = await buyer();
    const before = await balance(me);
    const first = await open(me);
    await refunded(first, 249);
    await refunded(first, 499);
    await succeed(first);
    await refunded(first, 499);
    expect(await balance(me)).toBe(before);
    expect(await takeBacks(me, first)).toEqual([-100]);

    const second = await open(me);
    await refunded(second, 249);
    await succeed(second);
    expect(await balance(me)).toBe(before + 51);
    await refunded(second, 499);
    expect(await balance(me)).toBe(before);
    expect(await takeBacks(me, second)).toEqual([-49, -51]);
  });

  itOnPostgres("takes back each payment's refunded share once when partial totals arrive at once, in any order", async () => {
    const me = await buyer();
    const before = await balance(me);
    const bought3 = [await bought(me), await bought(me), await bought(me)];
    const totals = [100, 200, 300, 400, 499];
    const deliveries = bought3.flatMap((paymentId) => [...totals, ...totals.toReversed()].map((total) => ({ paymentId, total })));
    await Promise.all(deliveries.map(({ paymentId, total }) => refunded(paymentId, total)));
    expect(await balance(me)).toBe(before);
    for (const paymentId of bought3) {
      const taken = await takeBacks(me, paymentId);
      expect(taken.reduce((a, b) => a + b, 0)).toBe(-100);
      expect(await refundedAmount(paymentId)).toBe(499);
    }
  });
});
