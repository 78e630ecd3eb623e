import { REFUND_WINDOW_HOURS, type RefundRequestRecord } from "../../contract/billing.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import type { RefundRequest } from "../../db/schema/refund-requests.ts";
import type { CreditsService } from "../credits/service.ts";
import { AppError } from "../errors/app-error.ts";
import type { Logger } from "../logger.ts";
import { createRefundStore } from "./refund-store.ts";
import { createSettlement } from "./settlement.ts";
import { createPaymentStore, findPaymentById } from "./store.ts";
import type { StripeGateway } from "./stripe-gateway.ts";

const WINDOW_MS = REFUND_WINDOW_HOURS * 3600_000;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toRefundRecord(row: RefundRequest, currency: string): RefundRequestRecord {
  return {
    id: row.id,
    transactionId: row.transactionId,
    credits: row.credits,
    amount: row.amount,
    currency,
    reason: row.reason,
    status: row.status,
    decisionNote: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * The Refund and Cancellation Policy (docs/product/payments.md, Refunds): a request within 48 hours of a purchase, for
 * the credits of that purchase not used since (images made after the purchase count against it first); promotional
 * and bonus credits never. Support approves through the provider's refund API and the payments' settlement path.
 */
export function createRefundService(deps: { db: DbOrTx; credits: CreditsService; stripe: StripeGateway | undefined; logger: Logger; clock: () => number }) {
  const store = createRefundStore(deps.db);
  const settlement = createSettlement(deps);

  async function currencyOf(row: RefundRequest): Promise<string> {
    return (await findPaymentById(deps.db, row.paymentId))?.currency ?? "usd";
  }

  return {
    async request(userId: string, input: { transactionId: string; reason: string }): Promise<RefundRequestRecord> {
      const entry = uuid.test(input.transactionId) ? await deps.credits.entry(userId, input.transactionId) : undefined;
      if (!entry) throw new AppError("not_found:credit_transaction", "That entry is not in your credits history.");
      if (entry.reason !== "purchase") {
        throw new AppError("unprocessable:refund_promotional", "Only purchased credits can be refunded. Free, promotional and bonus credits are not refundable.");
      }
      const [provider, ...rest] = entry.ref.split(":");
      const payment = provider === "stripe" || provider === "razorpay" ? await createPaymentStore(deps.db).find(provider, rest.join(":")) : undefined;
      if (!payment || !payment.succeededAt) throw new AppError("not_found:credit_transaction", "That purchase cannot be found.");
      if (deps.clock() - payment.succeededAt.getTime() > WINDOW_MS) {
        throw new AppError("unprocessable:refund_window", `Refunds can be requested within ${REFUND_WINDOW_HOURS} hours of a purchase, and this purchase is older.`);
      }
      const spent = await deps.credits.spentSince(userId, entry.createdAt);
      const balance = (await deps.credits.balance(userId)) ?? 0;
      // What earlier refunds of this purchase took back, as the ledger wrote it (a desk refund takes what was unused).
      const alreadyBack = -(await deps.credits.sumUnderIn(deps.db, { userId, reason: "purchase-refund", ref: entry.ref }));
      const unused = Math.min(payment.credits - alreadyBack - spent, balance);
      if (unused <= 0) throw new AppError("unprocessable:refund_used", "All the credits of this purchase have been used, so there is nothing left to refund.");
      // Rounding each refund on its own could ask for more than is left of the payment, which the provider refuses.
      const amount = Math.min(Math.floor((payment.amount * unused) / payment.credits), payment.amount - payment.refundedAmount);
      const row = await store.insert({ userId, paymentId: payment.id, transactionId: entry.id, credits: unused, amount: Math.max(1, amount), reason: input.reason });
      if (!row) throw new AppError("conflict:refund_requested", "A refund has already been requested for this purchase.");
      return toRefundRecord(row, payment.currency);
    },

    async listFor(userId: string): Promise<RefundRequestRecord[]> {
      const rows = await store.forUser(userId);
      return Promise.all(rows.map(async (r) => toRefundRecord(r, await currencyOf(r))));
    },

    pending: () => store.pending(),

    /**
     * Support's approval, in one transaction: the request and then its payment locked, the amount refunded through
     * the provider (idempotent per request), the credits taken back as far as they are still there on the settlement
     * path, the request closed. The payment stays locked across the provider's call, so the refund's own webhook, even
     * when it comes back at once, waits and then finds the refund counted. A provider refusal changes nothing.
     */
    async approve(requestId: string): Promise<{ request: RefundRequest; creditsTaken: number }> {
      const request = uuid.test(requestId) ? (await store.pending()).find((r) => r.id === requestId) : undefined;
      if (!request) throw new AppError("not_found:refund_request", "No pending refund request has that id.");
      const payment = await findPaymentById(deps.db, request.paymentId);
      if (!payment) throw new AppError("not_found:payment", "The request's payment is gone.");
      if (payment.provider !== "stripe" || !deps.stripe) throw new AppError("not_configured:payments", `Refunds through ${payment.provider} are not configured on this server.`);
      const stripe = deps.stripe;
      const outcome = await withTransaction(deps.db, async (tx) => {
        const locked = await createRefundStore(tx).lock(request.id);
        if (!locked || locked.status !== "pending") throw new AppError("conflict:refund_decided", "This request was decided meanwhile.");
        const paid = await createPaymentStore(tx).lock(payment.provider, payment.providerRef);
        if (!paid) throw new AppError("not_found:payment", "The request's payment is gone.");
        const refund = await stripe.refund(paid.providerRef, request.amount, `refund-request:${request.id}`).catch((err: unknown) => {
          throw new AppError("unavailable:payment_provider", "Stripe did not take the refund; nothing was changed. Try again.", undefined, { cause: err });
        });
        const { credits, taken } = await settlement.deskRefunded(tx, paid, { ref: refund.id, amount: request.amount, credits: request.credits });
        const decidedAt = new Date(deps.clock());
        await createRefundStore(tx).decide(request.id, { status: "refunded", decidedAt, providerRefundRef: refund.id });
        return { request: { ...locked, status: "refunded" as const, decidedAt, providerRefundRef: refund.id }, credits, taken };
      });
      if (outcome.credits !== undefined) deps.credits.announce(request.userId, outcome.credits);
      return { request: outcome.request, creditsTaken: outcome.taken };
    },

    async reject(requestId: string, note: string): Promise<RefundRequest> {
      const request = uuid.test(requestId) ? (await store.pending()).find((r) => r.id === requestId) : undefined;
      if (!request) throw new AppError("not_found:refund_request", "No pending refund request has that id.");
      const decidedAt = new Date(deps.clock());
      await store.decide(request.id, { status: "rejected", decidedAt, decisionNote: note });
      return { ...request, status: "rejected", decidedAt, decisionNote: note };
    },
  };
}

export type RefundService = ReturnType<typeof createRefundService>;
