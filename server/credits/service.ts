import { EARLY_BIRD_ACCOUNTS, EARLY_BIRD_CREDITS, EARLY_BIRD_PROMOTION } from "../../contract/credits.ts";
import type { Db } from "../../db/open-db.ts";
import type { Realtime } from "../realtime/realtime.ts";
import { createCreditsStore, type CreditsStore, inCreditsTransaction, type LedgerEntry } from "./store.ts";

export function createCreditsService(deps: { db: Db; freeSignupCredits: number; realtime: Realtime }) {
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
    grantSignupIn: (db: Db, userId: string) => grantSignup(createCreditsStore(db), userId),

    /** One balance change with its ledger row, atomically; tells the user's open tabs the new balance. */
    async apply(entry: LedgerEntry): Promise<number | undefined> {
      const credits = await inCreditsTransaction(deps.db, (tx) => tx.apply(entry));
      if (credits !== undefined) deps.realtime.toUser(entry.userId, "credits:update", { credits });
      return credits;
    },

    balance: (userId: string) => store.balance(userId),
    ledgerSum: (userId: string) => store.ledgerSum(userId),
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
