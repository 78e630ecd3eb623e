import { normalizedEmail } from "../../contract/email.ts";
import { type WaitlistRequest, type WaitlistResponse } from "../../contract/waitlist.ts";
import { defaultLanguage, isLanguage } from "../../contract/languages.ts";
import { AppError } from "../errors/app-error.ts";
import type { Logger } from "../logger.ts";
import { decide, hitStatement, type RateDecision, type RateLimiter, type RateRule, rateLimited } from "../rate-limit/service.ts";
import type { DbOrTx } from "../../db/open-db.ts";
import { attachDiscordUser, type WaitlistStore } from "./store.ts";

/** The address as one entry is kept under (see normalizedEmail); refused with a clear error when it is not one. */
export function normaliseEmail(raw: string): string {
  const email = normalizedEmail(raw);
  if (!email) throw new AppError("invalid:email", "Please enter a valid email address.");
  return email;
}

/** A request as the route parsed it: a valid body, or the reason it is not one. */
export type WaitlistAttempt = { ok: true; request: WaitlistRequest } | { ok: false; error: unknown };

/** The rate decision always (for the RateLimit headers), then either the answer or the error to send. */
export type WaitlistOutcome = { decision: RateDecision } & ({ response: WaitlistResponse } | { error: unknown });

export function createWaitlistService(deps: {
  store: WaitlistStore;
  rateLimiter: RateLimiter;
  /** Joins per client IP; every attempt counts, valid or not, and a spent window answers 429 first. */
  rule: RateRule;
  clock: () => number;
  logger: Logger;
}) {
  const { rule } = deps;

  /** Attempts that add nothing still count against the IP's window. */
  async function countOnly(subject: string, outcome: { response: WaitlistResponse } | { error: unknown }): Promise<WaitlistOutcome> {
    const decision = await deps.rateLimiter.consume(rule, subject);
    if (!decision.allowed) return { decision, error: rateLimited(rule, decision.retryAfterSeconds) };
    return { decision, ...outcome };
  }

  return {
    rule,
    /** In the caller's transaction: links the e-mail's waitlist entry to a Discord member (false when there is none). */
    attachDiscordIn: (db: DbOrTx, email: string, discordUserId: string) => attachDiscordUser(db, email, discordUserId),
    async join(attempt: WaitlistAttempt, subject: string): Promise<WaitlistOutcome> {
      if (!attempt.ok) return countOnly(subject, { error: attempt.error });
      // Only bots fill the hidden field: answer as if it worked and keep nothing.
      if (attempt.request.website) {
        deps.logger.info("waitlist honeypot filled; ignored");
        return countOnly(subject, { response: { success: true, alreadyExists: false } });
      }
      let email: string;
      try {
        email = normaliseEmail(attempt.request.email);
      } catch (error) {
        return countOnly(subject, { error });
      }
      const language = isLanguage(attempt.request.language) ? attempt.request.language : defaultLanguage;
      const now = new Date(deps.clock());
      const { inserted, ...window } = await deps.store.joinWithinLimit({
        email,
        language,
        hit: hitStatement(rule, subject, now),
        limit: rule.limit,
      });
      const decision = decide(rule, window, now);
      if (!decision.allowed) return { decision, error: rateLimited(rule, decision.retryAfterSeconds) };
      return { decision, response: { success: true, alreadyExists: !inserted } };
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
