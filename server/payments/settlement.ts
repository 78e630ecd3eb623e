import type { DbOrTx } from "../../db/open-db.ts";
import { withTransaction } from "../../db/open-db.ts";
import type { Payment } from "../../db/schema/payments.ts";
import type { CreditsService } from "../credits/service.ts";
import type { Logger } from "../logger.ts";
import { createPaymentStore } from "./store.ts";

type Provider = Payment["provider"];

const REFUND_REASON = "purchase-refund";

/** The credits a refunded amount is worth: its share of the pack, rounded down (in the buyer's favour). */
function creditsFor(row: Payment, refunded: number): number {
  return refunded >= row.amount ? row.credits : Math.floor((row.credits * refunded) / row.amount);
}

/**
 * The one grant and take-back path every provider's confirmation goes through (webhooks, the success page's check,
 * support's refund desk). Each event locks its payment's row, so events of one payment are applied one at a time in
 * any order. The ledger's UNIQUE (reason, ref) makes each happen once: `purchase` keyed `<provider>:<reference>`, and
 * each take-back `purchase-refund` keyed `<provider>:<reference>:<step>` (docs/decisions/021-refund-take-backs.md).
 */
export function createSettlement(deps: { db: DbOrTx; credits: CreditsService; logger: Logger; clock: () => number }) {
  const ledgerRef = (row: Payment) => `${row.provider}:${row.providerRef}`;

  /**
   * Takes back up to `wanted` credits, inside the transaction holding the payment's row: never more than the pack's
   * credits less what earlier take-backs took, nor more than the balance (it never goes below 0). The ledger row
   * records what was actually taken.
   */
  async function takeBack(tx: DbOrTx, row: Payment, wanted: number, step: string): Promise<{ credits: number | undefined; taken: number }> {
    const before = -(await deps.credits.sumUnderIn(tx, { userId: row.userId, reason: REFUND_REASON, ref: ledgerRef(row) }));
    const balance = (await deps.credits.lockedBalanceIn(tx, row.userId)) ?? 0;
    const take = Math.min(wanted, row.credits - before, balance);
    if (take <= 0) return { credits: undefined, taken: 0 };
    const credits = await deps.credits.applyIn(tx, { userId: row.userId, delta: -take, reason: REFUND_REASON, ref: `${ledgerRef(row)}:${step}` });
    return { credits, taken: credits === undefined ? 0 : take };
  }

  async function settle(provider: Provider, providerRef: string, apply: (tx: DbOrTx, row: Payment) => Promise<number | undefined>) {
    const outcome = await withTransaction(deps.db, async (tx) => {
      const row = await createPaymentStore(tx).lock(provider, providerRef);
      if (!row) return undefined;
      return { row, credits: await apply(tx, row) };
    });
    if (outcome?.credits !== undefined) deps.credits.announce(outcome.row.userId, outcome.credits);
    return outcome;
  }

  return {
    /**
     * The provider says the payment succeeded. Credits are granted once, and only for a payment this server opened
     * with the amount and currency it asked for; a refund that arrived first is taken back right after.
     */
    succeeded(provider: Provider, providerRef: string, seen: { amount: number; currency: string }) {
      return settle(provider, providerRef, async (tx, row) => {
        if (seen.amount !== row.amount || seen.currency.toLowerCase() !== row.currency) {
          deps.logger.error({ provider, providerRef, seen, expected: { amount: row.amount, currency: row.currency } }, "payment amount differs; no credits granted");
          return undefined;
        }
        if (row.succeededAt) return undefined;
        const store = createPaymentStore(tx);
        let credits = await deps.credits.applyIn(tx, { userId: row.userId, delta: row.credits, reason: "purchase", ref: ledgerRef(row) });
        const refunded = row.refundedAmount > 0;
        await store.update(row.id, { status: refunded ? "refunded" : "succeeded", succeededAt: new Date(deps.clock()) });
        if (refunded) credits = (await takeBack(tx, row, creditsFor(row, row.refundedAmount), String(row.refundedAmount))).credits ?? credits;
        return credits;
      });
    },

    /**
     * The provider reports the total refunded so far (Stripe's `amount_refunded`, Razorpay's too). Only a higher total
     * is news: it takes back what the increase is worth, once (keyed by the new total); a repeat or an older total,
     * arriving late, changes nothing. Before the payment's success the total is only kept, for the success to net.
     */
    refunded(provider: Provider, providerRef: string, amountRefunded: number) {
      return settle(provider, providerRef, async (tx, row) => {
        const refundedAmount = Math.min(amountRefunded, row.amount);
        if (refundedAmount <= row.refundedAmount) return undefined;
        await createPaymentStore(tx).update(row.id, { refundedAmount, status: row.succeededAt ? "refunded" : row.status });
        if (!row.succeededAt) return undefined;
        const wanted = creditsFor(row, refundedAmount) - creditsFor(row, row.refundedAmount);
        return (await takeBack(tx, row, wanted, String(refundedAmount))).credits;
      });
    },

    /**
     * Support's refund desk, inside its transaction with the payment's row locked (`lockedRow`) since before the
     * provider refunded: the refund's own webhook waits for the lock and then finds the new total already counted.
     * Takes back the request's credits (keyed by the provider's refund id) and adds its amount to the total.
     */
    async deskRefunded(tx: DbOrTx, lockedRow: Payment, refund: { ref: string; amount: number; credits: number }) {
      const refundedAmount = Math.min(lockedRow.amount, lockedRow.refundedAmount + refund.amount);
      await createPaymentStore(tx).update(lockedRow.id, { refundedAmount, status: "refunded" });
      return takeBack(tx, lockedRow, refund.credits, refund.ref);
    },

    /** The buyer disputed the charge with their bank: recorded for support; credits are left as they are. */
    disputed(provider: Provider, providerRef: string, disputeRef: string) {
      return settle(provider, providerRef, async (tx, row) => {
        await createPaymentStore(tx).update(row.id, { disputeRef });
        deps.logger.warn({ provider, providerRef, disputeRef, userId: row.userId }, "payment disputed");
        return undefined;
      });
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
