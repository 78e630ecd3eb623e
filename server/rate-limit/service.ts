import type { RequestHandler } from "express";
import { AppError } from "../http/app-error.ts";
import type { RateLimitStore } from "./store.ts";

export interface RateRule {
  /** Distinguishes counters of different rules for the same subject. */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

export function createRateLimiter(deps: { store: RateLimitStore; clock: () => number }) {
  async function consume(rule: RateRule, subject: string): Promise<RateDecision> {
    const now = new Date(deps.clock());
    const { count, resetAt } = await deps.store.hit(`${rule.name}:${subject}`, now, rule.windowMs);
    return {
      allowed: count <= rule.limit,
      remaining: Math.max(0, rule.limit - count),
      retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)),
    };
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
    const { count, resetAt } = await deps.store.peek(`${rule.name}:${subject}`, new Date(now));
    if (count >= rule.limit) throw rateLimited(rule, Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000)));
  }

  /** Express middleware limiting by client IP (trust proxy decides which address that is). */
  function perIp(rule: RateRule): RequestHandler {
    return async (req, res, next) => {
      const decision = await consume(rule, req.ip ?? "unknown");
      res.setHeader("RateLimit-Limit", String(rule.limit));
      res.setHeader("RateLimit-Remaining", String(decision.remaining));
      if (!decision.allowed) throw rateLimited(rule, decision.retryAfterSeconds);
      next();
    };
  }

  return { consume, enforce, assertNotExhausted, perIp, reset: (rule: RateRule, subject: string) => deps.store.reset(`${rule.name}:${subject}`) };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

function rateLimited(rule: RateRule, retryAfterSeconds: number): AppError {
  return new AppError(`rate_limited:${rule.name}`, "Too many requests. Please wait a moment and try again.", undefined, {
    retryAfterSeconds,
  });
}
