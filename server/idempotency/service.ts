import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { IDEMPOTENCY_WINDOW_MS } from "../../contract/idempotency.ts";
import type { Db, Tx } from "../../db/open-db.ts";
import { createIdempotencyStore, type KeyRef } from "./store.ts";

/**
 * A request still "in flight" this long after it took its key was left by a process that died mid-way (no request
 * here runs for minutes): the same request may take the key over. Until then a duplicate answers 409.
 */
export const ABANDONED_AFTER_MS = 5 * 60_000;
// Waiting duplicates look again soon, then less often: a generation's answer comes in tens of milliseconds, an
// editor save or a payment provider's in a second or two.
const FIRST_LOOK_MS = 20;
const LAST_LOOK_MS = 250;

/** What a request with a key is to do. */
export type KeyOutcome =
  | { kind: "run"; claim: string }
  | { kind: "replay"; status: number; body: string }
  | { kind: "mismatch" }
  | { kind: "in-flight" };

/**
 * Idempotency keys (docs/decisions/018-idempotency-keys.md): the first request with a key runs and its answer is
 * kept; the same request again gets that answer; another request with the key is refused. A duplicate that arrives
 * while the first still runs waits up to `waitMs` for its answer.
 */
export function createIdempotencyService(deps: { db: Db; clock: () => number; waitMs: number }) {
  const store = createIdempotencyStore(deps.db);

  async function begin(ref: KeyRef, fingerprint: string): Promise<KeyOutcome> {
    // Real time for the wait (a test's clock may stand still); the app's clock for the window.
    const deadline = performance.now() + deps.waitMs;
    let pause = FIRST_LOOK_MS;
    for (;;) {
      const now = deps.clock();
      const claim = randomUUID();
      if (await store.claim(ref, { fingerprint, claim, now: new Date(now) })) return { kind: "run", claim };
      const row = await store.find(ref);
      // Gone (its request failed and let it go): take it on the next turn.
      if (!row) continue;
      const expired = row.createdAt.getTime() <= now - IDEMPOTENCY_WINDOW_MS;
      const abandoned = row.status === null && row.createdAt.getTime() <= now - ABANDONED_AFTER_MS && row.fingerprint === fingerprint;
      if (expired || abandoned) {
        const window = { expiredBefore: new Date(now - IDEMPOTENCY_WINDOW_MS), abandonedBefore: new Date(now - ABANDONED_AFTER_MS) };
        if (await store.takeOver(ref, row.claim, { fingerprint, claim, now: new Date(now), ...window })) return { kind: "run", claim };
        continue;
      }
      if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
      if (row.status !== null && row.body !== null) return { kind: "replay", status: row.status, body: row.body };
      const left = deadline - performance.now();
      if (left <= 0) return { kind: "in-flight" };
      await sleep(Math.min(pause, left));
      pause = Math.min(pause * 2, LAST_LOOK_MS);
    }
  }

  return {
    begin,
    /** Keeps a finished request's answer for the rest of the window. */
    complete: (ref: KeyRef, claim: string, answer: { status: number; body: string }) => store.complete(ref, claim, answer),
    /**
     * Keeps the answer inside the transaction that does the paid work, so the charge and the kept answer commit
     * together: no charge can be left with its key still in flight (which a later duplicate would take over).
     */
    completeIn: (tx: Tx, ref: KeyRef, claim: string, answer: { status: number; body: string }) => createIdempotencyStore(tx).complete(ref, claim, answer),
    /** Lets the key go: the request changed nothing (a refusal) or failed, so a retry must run. */
    release: (ref: KeyRef, claim: string) => store.release(ref, claim),
    /** Housekeeping: answers kept past their window. */
    purgeExpired: (now: Date) => store.purgeExpired(new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
