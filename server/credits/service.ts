import { type CreditsResponse, EARLY_BIRD_ACCOUNTS, EARLY_BIRD_CREDITS, EARLY_BIRD_PROMOTION } from "../../contract/credits.ts";
import type { DbOrTx } from "../../db/open-db.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { createCreditsStore, type CreditsStore, inCreditsTransaction, type LedgerEntry } from "./store.ts";

export function createCreditsService(deps: { db: DbOrTx; freeSignupCredits: number; realtime: RealtimePublisher }) {
  const store = createCreditsStore(deps.db);

  /** New accounts get the signup grant, and the first EARLY_BIRD_ACCOUNTS also the early-bird one. */
  async function grantSignup(tx: CreditsStore, userId: string): Promise<void> {
    if (deps.freeSignupCredits > 0) {
      await tx.apply({ userId, delta: deps.freeSignupCredits, reason: "signup", ref: userId });
    }
    if (await tx.takePromotionSlot(EARLY_BIRD_PROMOTION, EARLY_BIRD_ACCOUNTS)) {
      await tx.apply({ userId, delta: EARLY_BIRD_CREDITS, reason: EARLY_BIRD_PROMOTION, ref: userId });
      await tx.markEarlyBird(userId);
    }
  }

  return {
    /** For account creation: runs inside the caller's transaction so the user never exists without its grants. */
    grantSignupIn: (db: DbOrTx, userId: string) => grantSignup(createCreditsStore(db), userId),

    /** One balance change with its ledger row, atomically; tells the user's open tabs the new balance. */
    async apply(entry: LedgerEntry): Promise<number | undefined> {
      const credits = await inCreditsTransaction(deps.db, (tx) => tx.apply(entry));
      if (credits !== undefined) deps.realtime.toUser(entry.userId, "credits:update", { credits });
      return credits;
    },

    /** A ledger change inside the caller's transaction (a refund with its job's failure); no broadcast. */
    applyIn: (db: DbOrTx, entry: LedgerEntry) => createCreditsStore(db).apply(entry),

    /** For a charge that must commit with other rows (an image job): the caller's transaction, no broadcast. */
    debitIn: (db: DbOrTx, entry: Omit<LedgerEntry, "delta"> & { amount: number }) => createCreditsStore(db).debit(entry),

    /** Tells the user's tabs a balance that changed inside someone else's transaction. */
    announce(userId: string, credits: number): void {
      deps.realtime.toUser(userId, "credits:update", { credits });
    },

    /** The balance and the newest ledger rows; only ever called for the signed-in user. */
    async statement(userId: string, limit = 20): Promise<CreditsResponse> {
      const [credits, rows] = await Promise.all([store.balance(userId), store.recent(userId, limit)]);
      return { credits: credits ?? 0, transactions: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) };
    },

    /** How many of the EARLY_BIRD_ACCOUNTS early-bird places are still free (the Discord welcome tells newcomers). */
    earlyBirdPlacesLeft: () => store.promotionSlotsLeft(EARLY_BIRD_PROMOTION, EARLY_BIRD_ACCOUNTS),

    balance: (userId: string) => store.balance(userId),
    ledgerSum: (userId: string) => store.ledgerSum(userId),
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
