import { LRUCache } from "lru-cache";
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

/** Who asks, and no more: what a byte request needs (the account's other fields may change meanwhile). */
export interface Viewer {
  sessionId: string;
  userId: string;
}

/** How long a session checked on a node may answer `viewer` there without the database (see `recent`). */
export const VIEWER_TTL_MS = 5_000;

export function createSessions(deps: { store: SessionStore; clock: () => number }) {
  function expiryFor(createdAt: number, lastSeenAt: number): Date {
    return new Date(Math.min(lastSeenAt + INACTIVITY_MS, createdAt + ABSOLUTE_MS));
  }

  // Sessions recently checked on this node, by id: a gallery's thumbnails cost no session query each. An ended session
  // is forgotten by every node as it hears so (logout, password change); the few seconds bound a node that missed it.
  const recent = new LRUCache<string, { secretHash: string; userId: string; expiresAt: number }>({ max: 10_000, ttl: VIEWER_TTL_MS });
  // Bumped by each forget: a check that was in flight across one does not put back what was just forgotten.
  let forgets = 0;

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

  // Requests with the same token at the same moment (the app's first screen asks for several things at once) share
  // one lookup; nothing is kept once it is answered, so an ended session is seen at the next request.
  const inFlight = new Map<string, Promise<ValidSession | undefined>>();
  function validate(token: string | undefined): Promise<ValidSession | undefined> {
    if (!token) return Promise.resolve(undefined);
    const pending = inFlight.get(token);
    // A caller of its own: what one request does to its session or user does not reach its neighbours.
    if (pending) return pending.then((v) => v && { session: { ...v.session }, user: { ...v.user } });
    const lookup = validateNow(token).finally(() => inFlight.delete(token));
    inFlight.set(token, lookup);
    return lookup;
  }

  return {
    async create(userId: string): Promise<{ token: string; id: string; expiresAt: Date }> {
      const now = deps.clock();
      const minted = mintSessionToken();
      const expiresAt = expiryFor(now, now);
      await deps.store.insert({ id: minted.id, userId, secretHash: minted.secretHash, createdAt: new Date(now), expiresAt });
      await deps.store.purgeExpiredFor(userId, new Date(now));
      return { token: minted.token, id: minted.id, expiresAt };
    },

    /** The session a token names, if the secret matches and it has not expired; slides the inactivity window. */
    validate,

    /**
     * Who a token signs in, for requests that need nothing else (image bytes): the same checks as `validate`, from
     * this node's few-second memory of the session when it has one.
     */
    async viewer(token: string | undefined): Promise<Viewer | undefined> {
      const parsed = token ? parseSessionToken(token) : undefined;
      if (!parsed) return undefined;
      const known = recent.get(parsed.id);
      if (known && deps.clock() < known.expiresAt) {
        return secretMatches(parsed.secret, known.secretHash) ? { sessionId: parsed.id, userId: known.userId } : undefined;
      }
      const before = forgets;
      const valid = await validate(token);
      if (!valid) return undefined;
      if (forgets === before) recent.set(parsed.id, { secretHash: valid.session.secretHash, userId: valid.user.id, expiresAt: valid.session.expiresAt.getTime() });
      return { sessionId: valid.session.id, userId: valid.user.id };
    },

    /** Drops these sessions from this node's memory; every node calls it when it hears they ended. */
    forget(ids: readonly string[]): void {
      forgets++;
      for (const id of ids) recent.delete(id);
      // A lookup that started before the session ended must not answer requests that come after.
      inFlight.clear();
    },

    invalidate: (id: string) => deps.store.delete(id),
    invalidateOthers: (userId: string, keepId: string) => deps.store.deleteOthers(userId, keepId),
  };

}

export type Sessions = ReturnType<typeof createSessions>;
