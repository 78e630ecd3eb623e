import { randomBytes } from "node:crypto";

/**
 * Requests waiting for their member's confirmation, kept in the bot's memory under a short random key that fits a
 * button's custom id (Discord allows 100 characters; a prompt alone may be 1000). They live as long as the command's
 * interaction token (15 minutes), which is what posts the result; a restart forgets them, and the button then says
 * the request expired. Confirming is made exactly-once by the caller (the idempotency keys), not by this map.
 */
export const PENDING_TTL_MS = 15 * 60_000;
/** The key's shape: 12 random bytes in base64url. */
export const PENDING_KEY_PATTERN = /^[A-Za-z0-9_-]{16}$/;

export function createPendingRequests<T>(options: { ttlMs?: number; now?: () => number } = {}) {
  const ttlMs = options.ttlMs ?? PENDING_TTL_MS;
  const now = options.now ?? Date.now;
  const waiting = new Map<string, { value: T; expiresAt: number }>();
  const sweep = () => {
    const at = now();
    for (const [key, entry] of waiting) if (entry.expiresAt <= at) waiting.delete(key);
  };
  return {
    /** Keeps a request; answers its key. */
    put(value: T): string {
      sweep();
      const key = randomBytes(12).toString("base64url");
      waiting.set(key, { value, expiresAt: now() + ttlMs });
      return key;
    },
    get(key: string): T | undefined {
      sweep();
      return waiting.get(key)?.value;
    },
    delete(key: string): void {
      waiting.delete(key);
    },
  };
}
