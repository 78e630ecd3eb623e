import type { DbOrTx } from "../../db/open-db.ts";
import { withTransaction } from "../../db/open-db.ts";
import type { Payment } from "../../db/schema/payments.ts";
import type { CreditsService } from "../credits/service.ts";
import type { Logger } from "../logger.ts";
import { createPaymentStore } from "./store.ts";

type Provider = Payment["provider"];

/**
 * The one grant path every provider's confirmation goes through (webhooks, the success page's check). Each event
 * locks its payment's row, so events of one payment are applied one at a time in any order; the ledger's
 * UNIQUE (reason, ref) — `purchase` and `purchase-refund` keyed `<provider>:<reference>` — makes each happen once.
 */
export function createSettlement(deps: { db: DbOrTx; credits: CreditsService; logger: Logger; clock: () => number }) {
  const ledgerRef = (row: Payment) => `${row.provider}:${row.providerRef}`;

  /** Takes back the credits of what was refunded, as far as they are unspent (the balance never goes below 0). */
  async function removeRefunded(tx: DbOrTx, row: Payment): Promise<number | undefined> {
    const share = row.refundedAmount >= row.amount ? row.credits : Math.floor((row.credits * row.refundedAmount) / row.amount);
    const balance = (await deps.credits.lockedBalanceIn(tx, row.userId)) ?? 0;
    const take = Math.min(share, balance);
    if (take <= 0) return undefined;
    return deps.credits.applyIn(tx, { userId: row.userId, delta: -take, reason: "purchase-refund", ref: ledgerRef(row) });
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
        if (refunded) credits = (await removeRefunded(tx, row)) ?? credits;
        return credits;
      });
    },

    /** The provider refunded (part of) the payment: the amount is kept, and the unspent credits taken back once granted. */
    refunded(provider: Provider, providerRef: string, amountRefunded: number) {
      return settle(provider, providerRef, async (tx, row) => {
        const refundedAmount = Math.max(row.refundedAmount, amountRefunded);
        await createPaymentStore(tx).update(row.id, { refundedAmount, status: row.succeededAt ? "refunded" : row.status });
        return row.succeededAt ? removeRefunded(tx, { ...row, refundedAmount }) : undefined;
      });
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
