import { randomUUID } from "node:crypto";
import type { CreatePaymentIntentResponse, CreateSubscriptionResponse, PaymentStatusResponse, RazorpayOrderResponse } from "../../contract/billing.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import type { CreditPack } from "../config.ts";
import type { CreditsService } from "../credits/service.ts";
import { AppError } from "../errors/app-error.ts";
import type { Logger } from "../logger.ts";
import { createSettlement } from "./settlement.ts";
import type { RazorpayGateway } from "./razorpay-gateway.ts";
import { BadSignatureError, type StripeGateway } from "./stripe-gateway.ts";
import { createPaymentStore } from "./store.ts";
import { createSubscriptionStore } from "./subscription-store.ts";

/** docs/product/payments.md: opening payments, the success page's check and the providers' webhooks. */
export function createPaymentService(deps: {
  db: DbOrTx;
  credits: CreditsService;
  packs: readonly CreditPack[];
  /** The Pro plan: credits per paid month, its price, and Stripe's Price it is sold as (unset: not on sale). */
  pro: { credits: number; price: number; currency: string; priceId: string | undefined };
  stripe: StripeGateway | undefined;
  razorpay?: RazorpayGateway | undefined;
  logger: Logger;
  clock: () => number;
}) {
  const store = createPaymentStore(deps.db);
  const settlement = createSettlement(deps);

  /** Stripe Billing's side: each paid invoice grants the month's credits once; a cancelled subscription ends Pro. */
  const billing = {
    async invoicePaid(subscriptionRef: string, invoiceId: string): Promise<void> {
      const outcome = await withTransaction(deps.db, async (tx) => {
        const store = createSubscriptionStore(tx);
        const row = await store.lock(subscriptionRef);
        if (!row) return undefined;
        const credits = await deps.credits.applyIn(tx, { userId: row.userId, delta: deps.pro.credits, reason: "pro-monthly", ref: `stripe:${invoiceId}` });
        if (row.status !== "canceled") {
          await store.setStatus(row.id, "active");
          await store.setPlan(row.userId, "pro");
        }
        return credits === undefined ? undefined : { userId: row.userId, credits };
      });
      if (outcome) deps.credits.announce(outcome.userId, outcome.credits);
    },
    async canceled(subscriptionRef: string): Promise<void> {
      await withTransaction(deps.db, async (tx) => {
        const store = createSubscriptionStore(tx);
        const row = await store.lock(subscriptionRef);
        if (!row) return;
        await store.setStatus(row.id, "canceled");
        await store.setPlan(row.userId, "free");
      });
    },
  };

  function stripeOrRefuse(): StripeGateway {
    if (!deps.stripe) throw new AppError("not_configured:payments", "Payments are not available on this server.");
    return deps.stripe;
  }

  /** A provider call that failed: the buyer may simply try again; the cause goes to the log only. */
  async function provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      deps.logger.error({ err }, "payment provider call failed");
      throw new AppError("unavailable:payment_provider", "The payment service did not answer. Nothing was charged; please try again.", undefined, { cause: err });
    }
  }

  function razorpayOrRefuse(): RazorpayGateway {
    if (!deps.razorpay) throw new AppError("not_configured:payments", "Payments are not available on this server.");
    return deps.razorpay;
  }

  function verified<T>(check: () => T): T {
    try {
      return check();
    } catch (err) {
      if (err instanceof BadSignatureError) throw new AppError("invalid:signature", "The payment signature does not verify.");
      throw err;
    }
  }

  return {
    /** Opens a Razorpay order for an INR pack (UPI, cards); the amount is the server's. */
    async createRazorpayOrder(userId: string, packId: string): Promise<RazorpayOrderResponse> {
      const razorpay = razorpayOrRefuse();
      const pack = deps.packs.find((p) => p.id === packId && p.currency === "inr");
      if (!pack) throw new AppError("not_found:credit_pack", "That credit pack is not on sale in Indian rupees.");
      const order = await provider(() =>
        razorpay.createOrder({ amount: pack.price, currency: pack.currency, receipt: randomUUID().slice(0, 32), notes: { userId, packId: pack.id } }),
      );
      await store.insert({ provider: "razorpay", providerRef: order.id, userId, packId: pack.id, amount: pack.price, currency: pack.currency, credits: pack.credits });
      return { orderId: order.id, keyId: razorpay.keyId, amount: pack.price, currency: pack.currency, credits: pack.credits };
    },

    /**
     * Checkout's success answer: the signature (HMAC-SHA256 of order and payment ids with the key secret) proves the
     * payment is for this order, whose amount the server set. Only the buyer's own order; the webhook grants the same way.
     */
    async verifyRazorpay(userId: string, input: { orderId: string; paymentId: string; signature: string }): Promise<PaymentStatusResponse> {
      const razorpay = razorpayOrRefuse();
      const row = await store.find("razorpay", input.orderId);
      if (!row || row.userId !== userId) throw new AppError("not_found:payment", "That payment does not exist.");
      verified(() => razorpay.verifyCheckout(input.orderId, input.paymentId, input.signature));
      await settlement.succeeded("razorpay", input.orderId, { amount: row.amount, currency: row.currency });
      const after = await store.find("razorpay", input.orderId);
      return { status: after?.status ?? row.status, credits: row.credits, providerStatus: "captured" };
    },

    /** POST /api/webhooks/razorpay: X-Razorpay-Signature over the raw body first; a bad one changes nothing. */
    async razorpayWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      const razorpay = razorpayOrRefuse();
      const event = verified(() => razorpay.verifyWebhook(rawBody, signature));
      if (!event) return;
      if (event.kind === "captured") await settlement.succeeded("razorpay", event.payment.order_id, event.payment);
      else await settlement.refunded("razorpay", event.payment.order_id, event.payment.amount_refunded ?? 0);
    },

    /** Opens a Stripe payment for a pack; the amount comes from the server's pack list, never from the browser. */
    async createStripeIntent(userId: string, packId: string): Promise<CreatePaymentIntentResponse> {
      const stripe = stripeOrRefuse();
      const pack = deps.packs.find((p) => p.id === packId);
      if (!pack) throw new AppError("not_found:credit_pack", "That credit pack is not on sale.");
      const intent = await provider(() =>
        stripe.createIntent({
          amount: pack.price,
          currency: pack.currency,
          metadata: { userId, packId: pack.id, credits: String(pack.credits) },
          idempotencyKey: `intent:${userId}:${randomUUID()}`,
        }),
      );
      if (!intent.client_secret) throw new AppError("unavailable:payment_provider", "The payment service did not answer as expected. Nothing was charged.");
      await store.insert({ provider: "stripe", providerRef: intent.id, userId, packId: pack.id, amount: pack.price, currency: pack.currency, credits: pack.credits });
      return { paymentId: intent.id, clientSecret: intent.client_secret, amount: pack.price, currency: pack.currency, credits: pack.credits };
    },

    /**
     * The success page's check: asks Stripe for the payment's state and, if it succeeded, settles it on the same
     * path as the webhook (whichever comes first grants; the other finds it done). Only the buyer's own payment.
     */
    async confirmStripe(userId: string, paymentId: string): Promise<PaymentStatusResponse> {
      const stripe = stripeOrRefuse();
      const row = await store.find("stripe", paymentId);
      if (!row || row.userId !== userId) throw new AppError("not_found:payment", "That payment does not exist.");
      const intent = await provider(() => stripe.retrieveIntent(paymentId));
      if (intent.status === "succeeded") await settlement.succeeded("stripe", intent.id, intent);
      const after = await store.find("stripe", paymentId);
      return { status: after?.status ?? row.status, credits: row.credits, providerStatus: intent.status };
    },

    /** POST /api/webhooks/stripe: verified over the raw body first; a bad or stale signature changes nothing. */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      const stripe = stripeOrRefuse();
      let event;
      try {
        event = stripe.verifyEvent(rawBody, signature);
      } catch (err) {
        if (err instanceof BadSignatureError) throw new AppError("invalid:signature", "The webhook signature does not verify.");
        throw err;
      }
      if (!event) return;
      if (event.type === "payment_intent.succeeded") await settlement.succeeded("stripe", event.data.object.id, event.data.object);
      else if (event.type === "charge.refunded") await settlement.refunded("stripe", event.data.object.payment_intent, event.data.object.amount_refunded);
      else if (event.type === "charge.dispute.created") await settlement.disputed("stripe", event.data.object.payment_intent, event.data.object.id);
      else if (event.type === "invoice.paid") {
        if (event.data.object.subscription) await billing.invoicePaid(event.data.object.subscription, event.data.object.id);
      } else await billing.canceled(event.data.object.id);
    },

    /** Starts the monthly Pro plan through Stripe Billing; the first paid invoice (webhook) makes the account Pro. */
    async createProSubscription(userId: string): Promise<CreateSubscriptionResponse> {
      const stripe = stripeOrRefuse();
      if (!deps.pro.priceId) throw new AppError("not_configured:payments", "The Pro plan is not on sale on this server.");
      const account = await createSubscriptionStore(deps.db).account(userId);
      if (!account) throw new AppError("unauthorized:session", "Sign in again.");
      if (account.plan === "pro") throw new AppError("conflict:already_pro", "You are already on the Pro Plan.");
      const priceId = deps.pro.priceId;
      const created = await provider(() => stripe.createSubscription({ userId, email: account.email, priceId, idempotencyKey: `pro:${userId}:${randomUUID()}` }));
      if (!created.clientSecret) throw new AppError("unavailable:payment_provider", "The payment service did not answer as expected. Nothing was charged.");
      await createSubscriptionStore(deps.db).insert({ userId, provider: "stripe", customerRef: created.customerId, subscriptionRef: created.subscriptionId });
      return { subscriptionId: created.subscriptionId, clientSecret: created.clientSecret, price: deps.pro.price, currency: deps.pro.currency, credits: deps.pro.credits };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
