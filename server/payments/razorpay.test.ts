import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pricingResponseSchema, razorpayOrderResponseSchema } from "../../contract/billing.ts";
import { creditTransactions } from "../../db/schema/credit-transactions.ts";
import { itOnPostgres } from "../testing/on-postgres.ts";
import { checkoutSignature, RAZORPAY_TEST_ENV, type RazorpayWire, razorpayBodySignature, signedRazorpayEvent, startRazorpayWire } from "../testing/razorpay-wire.ts";
import { postJson, signInByCode } from "../testing/sign-in.ts";
import { startTestServer, type TestServer } from "../testing/test-server.ts";

let wire: RazorpayWire;
let server: TestServer;

beforeAll(async () => {
  wire = await startRazorpayWire();
  server = await startTestServer({ env: { ...RAZORPAY_TEST_ENV, RAZORPAY_API_URL: wire.url, CREDIT_PACKS: "starter:100:499:usd,starter-inr:100:39900:inr" } });
});
afterAll(async () => {
  await server?.close();
  await wire?.close();
});

type Buyer = Awaited<ReturnType<typeof signInByCode>>;
let n = 0;
const buyer = () => signInByCode(server, `upi${++n}@example.com`);
const auth = (who: Buyer) => ({ "x-session-token": who.sessionToken });
const balance = (who: Buyer) => server.services.credits.balance(who.user.id);
const takeBacks = async (who: Buyer) => (await server.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, who.user.id))).filter((r) => r.reason === "purchase-refund").map((r) => r.delta);
const purchases = async (who: Buyer) => (await server.database.db.select().from(creditTransactions).where(eq(creditTransactions.userId, who.user.id))).filter((r) => r.reason === "purchase");

async function order(who: Buyer) {
  const res = await postJson(server, "/api/razorpay/orders", { packId: "starter-inr", amount: 1 }, auth(who));
  expect(res.status).toBe(200);
  return razorpayOrderResponseSchema.parse(await res.json());
}

const hook = (event: string, payment: Record<string, unknown>, secret?: string) => {
  const { payload, signature } = signedRazorpayEvent(event, payment, secret);
  return fetch(`${server.url}/api/webhooks/razorpay`, { method: "POST", headers: { "content-type": "application/json", "x-razorpay-signature": signature }, body: payload });
};
const captured = (orderId: string, paymentId = `pay_${orderId}`) => ({ id: paymentId, entity: "payment", order_id: orderId, amount: 39900, currency: "INR", status: "captured" });

describe("Razorpay payments", () => {
  it("is offered for INR packs only, and opens an order priced by the server", async () => {
    const pricing = pricingResponseSchema.parse(await (await fetch(`${server.url}/api/pricing`)).json());
    expect(pricing.packs.map((p) => [p.id, p.providers])).toEqual([
      ["starter", []],
      ["starter-inr", ["razorpay"]],
    ]);
    expect(pricing.razorpay).toEqual({ keyId: RAZORPAY_TEST_ENV.RAZORPAY_KEY_ID });
    const me = await buyer();
    const opened = await order(me);
    expect(opened).toMatchObject({ keyId: RAZORPAY_TEST_ENV.RAZORPAY_KEY_ID, amount: 39900, currency: "inr", credits: 100 });
    const sent = JSON.parse(wire.requests.at(-1)?.body.toString() ?? "{}") as Record<string, unknown>;
    expect([sent.amount, sent.currency]).toEqual([39900, "INR"]);
    expect(wire.requests.at(-1)?.headers.authorization).toBe(`Basic ${Buffer.from(`${RAZORPAY_TEST_ENV.RAZORPAY_KEY_ID}:${RAZORPAY_TEST_ENV.RAZORPAY_KEY_SECRET}`).toString("base64")}`);
    const usd = await postJson(server, "/api/razorpay/orders", { packId: "starter" }, auth(me));
    expect(usd.status).toBe(404);
  });

  it("grants once from Checkout's verified answer and the webhook, and refuses bad signatures and someone else's order", async () => {
    const me = await buyer();
    const stranger = await buyer();
    const before = (await balance(me)) ?? 0;
    const { orderId } = await order(me);
    const paymentId = `pay_${orderId}`;
    const verify = (who: Buyer, signature: string) => postJson(server, "/api/razorpay/verify", { orderId, paymentId, signature }, auth(who));

    const forged = await verify(me, checkoutSignature(orderId, paymentId, "not-the-secret"));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toMatchObject({ code: "invalid:signature" });
    expect((await verify(stranger, checkoutSignature(orderId, paymentId))).status).toBe(404);
    expect((await verify(me, "zz")).status).toBe(400);
    expect(await balance(me)).toBe(before);

    const badHook = await hook("payment.captured", captured(orderId), "wrong-secret");
    expect(badHook.status).toBe(400);
    expect(await balance(me)).toBe(before);

    expect(await (await verify(me, checkoutSignature(orderId, paymentId))).json()).toMatchObject({ status: "succeeded", credits: 100 });
    expect((await hook("payment.captured", captured(orderId))).status).toBe(200);
    expect((await hook("order.paid", captured(orderId))).status).toBe(200);
    expect(await balance(me)).toBe(before + 100);
    expect(await purchases(me)).toHaveLength(1);
  });

  it("nets a refund webhook that arrives before the capture to no credits", async () => {
    const me = await buyer();
    const before = (await balance(me)) ?? 0;
    const { orderId } = await order(me);
    expect((await hook("payment.refunded", { ...captured(orderId), status: "refunded", amount_refunded: 39900 })).status).toBe(200);
    expect((await hook("payment.captured", captured(orderId))).status).toBe(200);
    expect(await balance(me)).toBe(before);
    expect(await server.services.credits.ledgerSum(me.user.id)).toBe(before);
  });

  it("answers 400 to a well-signed body that is not a JSON object, and changes nothing", async () => {
    const me = await buyer();
    const before = (await balance(me)) ?? 0;
    const { orderId } = await order(me);
    for (const body of [`{"event":"payment.captured","payload":{"payment":{"entity":{"order_id":"${orderId}"`, "not json at all", "null", "42"]) {
      const res = await fetch(`${server.url}/api/webhooks/razorpay`, { method: "POST", headers: { "content-type": "application/json", "x-razorpay-signature": razorpayBodySignature(body) }, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "invalid:json" });
    }
    const misshapen = await hook("payment.captured", { id: "pay_x", order_id: orderId, amount: "39900" });
    expect(misshapen.status).toBe(400);
    expect(await balance(me)).toBe(before);
    expect(await purchases(me)).toHaveLength(0);
  });

  it("takes back half and then the rest for refunds of 50 % and then 100 %, and nothing for a repeat or a late lower total", async () => {
    const me = await buyer();
    const before = (await balance(me)) ?? 0;
    const { orderId } = await order(me);
    await hook("payment.captured", captured(orderId));
    const refundedTo = (event: string, total: number) => hook(event, { ...captured(orderId), status: "refunded", amount_refunded: total });
    expect((await refundedTo("refund.processed", 19950)).status).toBe(200);
    expect(await balance(me)).toBe(before + 50);
    expect((await refundedTo("payment.refunded", 39900)).status).toBe(200);
    expect(await balance(me)).toBe(before);
    await refundedTo("payment.refunded", 39900);
    await refundedTo("refund.processed", 19950);
    expect(await balance(me)).toBe(before);
    expect(await takeBacks(me)).toEqual([-50, -50]);
    expect(await server.services.credits.ledgerSum(me.user.id)).toBe(before);
  });

  itOnPostgres("takes back the refunded share once when partial totals arrive at once", async () => {
    const me = await buyer();
    const before = (await balance(me)) ?? 0;
    const { orderId } = await order(me);
    await hook("payment.captured", captured(orderId));
    const totals = [9975, 19950, 29925, 39900];
    await Promise.all([...totals, ...totals.toReversed()].map((total) => hook("refund.processed", { ...captured(orderId), status: "refunded", amount_refunded: total })));
    expect(await balance(me)).toBe(before);
    expect((await takeBacks(me)).reduce((a, b) => a + b, 0)).toBe(-100);
    expect(await server.services.credits.ledgerSum(me.user.id)).toBe(before);
  });

  itOnPostgres("grants once when Checkout's answer races ten webhook deliveries", async () => {
    const me = await buyer();
    const before = (await balance(me)) ?? 0;
    const { orderId } = await order(me);
    const paymentId = `pay_${orderId}`;
    const signature = checkoutSignature(orderId, paymentId);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => hook("payment.captured", captured(orderId))),
      postJson(server, "/api/razorpay/verify", { orderId, paymentId, signature }, auth(me)),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(11).fill(200));
    expect(await balance(me)).toBe(before + 100);
    expect(await purchases(me)).toHaveLength(1);
  });
});
