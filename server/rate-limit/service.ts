import type { RateLimitRule } from "../../contract/errors.ts";
import { AppError } from "../errors/app-error.ts";
import { HIT_UPSERT_SQL, hitParams, type RateLimitStore, type WindowCount } from "./store.ts";

export type { WindowCount };

export interface RateRule {
  /** Distinguishes counters of different rules for the same subject; spent, it answers `rate_limited:<name>`. */
  name: RateLimitRule;
  limit: number;
  windowMs: number;
}

export interface BackoffRule {
  name: RateLimitRule;
  /** How long an attempt is remembered. */
  windowMs: number;
  /** Attempts that pass without waiting. */
  free: number;
  maxDelayMs: number;
}

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** The counter key of a rule and subject; stores that fold a hit into their own statement use it too. */
export function rateKey(rule: Pick<RateRule, "name">, subject: string): string {
  return `${rule.name}:${subject}`;
}

/**
 * One counted hit as SQL text with its parameters ($1–$3), for a caller that must count and write in one round trip
 * (the waitlist's join): its statement runs `with hit as (<sql>) …` and reads `hit.count`, `hit.reset_at`.
 */
export function hitStatement(rule: RateRule, subject: string, now: Date): { sql: string; params: unknown[] } {
  return { sql: HIT_UPSERT_SQL, params: hitParams(rateKey(rule, subject), now, rule.windowMs) };
}

/** What a counted hit means under a rule. */
export function decide(rule: RateRule, { count, resetAt }: WindowCount, now: Date): RateDecision {
  return {
    allowed: count <= rule.limit,
    remaining: Math.max(0, rule.limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)),
  };
}

export function createRateLimiter(deps: { store: RateLimitStore; clock: () => number }) {
  async function consume(rule: RateRule, subject: string): Promise<RateDecision> {
    const now = new Date(deps.clock());
    return decide(rule, await deps.store.hit(rateKey(rule, subject), now, rule.windowMs), now);
  }

  /** Throws `rate_limited:<rule>` (429) once the subject has used up its window. */
  async function enforce(rule: RateRule, subject: string): Promise<RateDecision> {
    const decision = await consume(rule, subject);
    if (!decision.allowed) throw rateLimited(rule, decision.retryAfterSeconds);
    return decision;
  }

  /**
   * Throws while the subject has already used up its window, without counting this request: for failure
   * lockouts, where only failures are `consume`d.
   */
  async function assertNotExhausted(rule: RateRule, subject: string): Promise<void> {
    const now = deps.clock();
    const { count, resetAt } = await deps.store.peek(rateKey(rule, subject), new Date(now));
    if (count >= rule.limit) throw rateLimited(rule, Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000)));
  }

  /**
   * Counts an attempt and checks it in one atomic step, before the attempt runs, so parallel attempts cannot all
   * slip under the limit. `release` takes the count back when the attempt succeeded (only failures should count).
   */
  async function reserve(rule: RateRule, subject: string): Promise<{ release(): Promise<void> }> {
    const decision = await consume(rule, subject);
    if (!decision.allowed) throw rateLimited(rule, decision.retryAfterSeconds);
    return { release: () => deps.store.unhit(rateKey(rule, subject)) };
  }

  /**
   * Slows repeated attempts on one subject without locking it: past `free` attempts each must wait twice as long
   * as the last, up to `maxDelayMs`. A success should `reset` it.
   */
  async function backoff(rule: BackoffRule, subject: string): Promise<void> {
    const now = new Date(deps.clock());
    const options = { windowMs: rule.windowMs, free: rule.free, maxDelayMs: rule.maxDelayMs };
    const attempt = await deps.store.backoffHit(rateKey(rule, subject), now, options);
    if (attempt !== undefined) return;
    const { count, resetAt } = await deps.store.peek(rateKey(rule, subject), now);
    const last = resetAt.getTime() - rule.windowMs;
    const waitMs = last + Math.min(2 ** (count - rule.free) * 1000, rule.maxDelayMs) - now.getTime();
    throw rateLimited(rule, Math.max(1, Math.ceil(waitMs / 1000)));
  }

  return { consume, enforce, reserve, backoff, assertNotExhausted, reset: (rule: Pick<RateRule, "name">, subject: string) => deps.store.reset(rateKey(rule, subject)) };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export function rateLimited(rule: Pick<RateRule, "name">, retryAfterSeconds: number): AppError {
  return new AppError(`rate_limited:${rule.name}`, "Too many requests. Please wait a moment and try again.", undefined, {
    retryAfterSeconds,
  });
}
