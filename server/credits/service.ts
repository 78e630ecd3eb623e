import {
  type CreditsResponse,
  DAILY_ALLOWANCE_REASON,
  type DailyAllowance,
  type DailyAllowanceClaim,
  EARLY_BIRD_ACCOUNTS,
  EARLY_BIRD_CREDITS,
  EARLY_BIRD_PROMOTION,
} from "../../contract/credits.ts";
import { imageBytesPath } from "../../contract/images.ts";
import type { DbOrTx } from "../../db/open-db.ts";
import { decodeCursor, encodeCursor } from "../paging/keyset-cursor.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { versionOfKey } from "../storage/keys.ts";
import { createCreditsStore, type CreditsStore, inCreditsTransaction, type LedgerEntry } from "./store.ts";

const DAY_MS = 86_400_000;
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const nextUtcMidnight = (ms: number) => new Date(Math.floor(ms / DAY_MS) * DAY_MS + DAY_MS).toISOString();

export function createCreditsService(deps: {
  db: DbOrTx;
  freeSignupCredits: number;
  realtime: RealtimePublisher;
  /** Free Plan daily allowance (docs/product/credits.md): the balance a once-a-day claim tops up to; 0 is off. */
  dailyFreeCredits?: number;
  clock?: () => number;
}) {
  const store = createCreditsStore(deps.db);
  const allowance = deps.dailyFreeCredits ?? 0;
  const clock = deps.clock ?? Date.now;
  // One claim per account and UTC day: the ledger's UNIQUE (reason, ref) holds it under any concurrency.
  const allowanceRef = (userId: string, now: number) => `${userId}:${utcDay(now)}`;

  async function allowanceStatus(userId: string, balance: number, now: number): Promise<DailyAllowance> {
    const claimable = allowance > 0 && balance < allowance && !(await store.has(DAILY_ALLOWANCE_REASON, allowanceRef(userId, now)));
    return { credits: allowance, claimable, nextRefillAt: claimable ? new Date(now).toISOString() : nextUtcMidnight(now) };
  }

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

    /** The balance with the user's row locked until the caller's transaction ends (a refund capped by what is left). */
    lockedBalanceIn: (db: DbOrTx, userId: string) => createCreditsStore(db).lockedBalance(userId),

    /** Inside the caller's transaction: the sum of the rows of `reason` keyed `ref` or `ref:<step>` (store.sumUnder). */
    sumUnderIn: (db: DbOrTx, entry: Omit<LedgerEntry, "delta">) => createCreditsStore(db).sumUnder(entry.userId, entry.reason, entry.ref),

    /** For a charge that must commit with other rows (an image job): the caller's transaction, no broadcast. */
    debitIn: (db: DbOrTx, entry: Omit<LedgerEntry, "delta"> & { amount: number }) => createCreditsStore(db).debit(entry),

    /** Tells the user's tabs a balance that changed inside someone else's transaction. */
    announce(userId: string, credits: number): void {
      deps.realtime.toUser(userId, "credits:update", { credits });
    },

    /** The balance, a page of the ledger (newest first) and the daily allowance; only ever for the signed-in user. */
    async statement(userId: string, options: { limit?: number; cursor?: string } = {}): Promise<CreditsResponse> {
      const limit = options.limit ?? 50;
      const cursor = decodeCursor(options.cursor);
      const [balance, rows] = await Promise.all([store.balance(userId), store.page(userId, limit + 1, cursor)]);
      const credits = balance ?? 0;
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        credits,
        transactions: page.map((r) => ({
          id: r.id,
          delta: r.delta,
          reason: r.reason,
          ref: r.ref,
          createdAt: r.createdAt.toISOString(),
          image: r.imageId && r.imageThumb ? { id: r.imageId, thumb: imageBytesPath(r.imageId, "thumb", versionOfKey(r.imageThumb)), prompt: r.imagePrompt ?? "" } : null,
        })),
        nextCursor: rows.length > limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
        dailyAllowance: await allowanceStatus(userId, credits, clock()),
      };
    },

    /**
     * The Free Plan's daily allowance: once per UTC day, a balance below the allowance is topped up to it. The user's
     * row is locked while the top-up is worked out, so a charge running at the same moment cannot make it overshoot.
     */
    async claimDailyAllowance(userId: string): Promise<DailyAllowanceClaim> {
      const now = clock();
      const { credits, granted } = await inCreditsTransaction(deps.db, async (tx) => {
        const balance = (await tx.lockedBalance(userId)) ?? 0;
        if (allowance === 0 || balance >= allowance) return { credits: balance, granted: 0 };
        const after = await tx.apply({ userId, delta: allowance - balance, reason: DAILY_ALLOWANCE_REASON, ref: allowanceRef(userId, now) });
        return after === undefined ? { credits: balance, granted: 0 } : { credits: after, granted: allowance - balance };
      });
      if (granted > 0) deps.realtime.toUser(userId, "credits:update", { credits });
      return { credits, granted, dailyAllowance: await allowanceStatus(userId, credits, now) };
    },

    /** How many of the EARLY_BIRD_ACCOUNTS early-bird places are still free (the Discord welcome tells newcomers). */
    earlyBirdPlacesLeft: () => store.promotionSlotsLeft(EARLY_BIRD_PROMOTION, EARLY_BIRD_ACCOUNTS),

    balance: (userId: string) => store.balance(userId),
    entry: (userId: string, id: string) => store.entry(userId, id),
    spentSince: (userId: string, since: Date) => store.spentSince(userId, since),
    /** What the ledger charged and refunded under these refs: what the chat tells the user it did. */
    chargesAndRefunds: (userId: string, refs: readonly string[]) => store.chargesAndRefunds(userId, refs),
    ledgerSum: (userId: string) => store.ledgerSum(userId),
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
