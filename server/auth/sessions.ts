import type { Session } from "../../db/schema/sessions.ts";
import type { User } from "../../db/schema/users.ts";
import type { SessionStore } from "./session-store.ts";
import { mintSessionToken, parseSessionToken, secretMatches } from "./tokens.ts";

// docs/product/accounts.md (Sessions): 10 days of inactivity or 30 days in all end a session; last-seen is written at
// most hourly so a busy client does not turn every read into a write.
export const INACTIVITY_MS = 10 * 24 * 60 * 60_000;
export const ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
export const TOUCH_EVERY_MS = 60 * 60_000;

export interface ValidSession {
  session: Session;
  user: User;
}

export function createSessions(deps: { store: SessionStore; clock: () => number }) {
  function expiryFor(createdAt: number, lastSeenAt: number): Date {
    return new Date(Math.min(lastSeenAt + INACTIVITY_MS, createdAt + ABSOLUTE_MS));
  }

  const inFlight = new Map<string, Promise<ValidSession | undefined>>();

  return {
    async create(userId: string): Promise<{ token: string; id: string; expiresAt: Date }> {
      const now = deps.clock();
      const minted = mintSessionToken();
      const expiresAt = expiryFor(now, now);
      await deps.store.insert({ id: minted.id, userId, secretHash: minted.secretHash, createdAt: new Date(now), expiresAt });
      await deps.store.purgeExpiredFor(userId, new Date(now));
      return { token: minted.token, id: minted.id, expiresAt };
    },

    /**
     * The session a token names, if the secret matches and it has not expired; slides the inactivity window. Requests
     * with the same token at the same moment (the app's first screen asks for several things at once) share one
     * lookup; nothing is kept once it is answered, so an ended session is seen at the next request.
     */
    validate(token: string | undefined): Promise<ValidSession | undefined> {
      if (!token) return Promise.resolve(undefined);
      const pending = inFlight.get(token);
      if (pending) return pending;
      const lookup = validateNow(token).finally(() => inFlight.delete(token));
      inFlight.set(token, lookup);
      return lookup;
    },

    invalidate: (id: string) => deps.store.delete(id),
    invalidateOthers: (userId: string, keepId: string) => deps.store.deleteOthers(userId, keepId),
  };

  async function validateNow(token: string): Promise<ValidSession | undefined> {
    const parsed = parseSessionToken(token);
    if (!parsed) return undefined;
    const row = await deps.store.findWithUser(parsed.id);
    if (!row || !secretMatches(parsed.secret, row.session.secretHash)) return undefined;
    const now = deps.clock();
    if (now >= row.session.expiresAt.getTime()) {
      await deps.store.delete(row.session.id);
      return undefined;
    }
    if (now - row.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      const expiresAt = expiryFor(row.session.createdAt.getTime(), now);
      await deps.store.touch(row.session.id, new Date(now), expiresAt);
      row.session.lastSeenAt = new Date(now);
      row.session.expiresAt = expiresAt;
    }
    return row;
  }
}

export type Sessions = ReturnType<typeof createSessions>;
