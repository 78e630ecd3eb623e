import type { Response } from "express";
import type { RateDecision, RateRule } from "../rate-limit/service.ts";

/** The draft RateLimit header fields, so well-behaved clients can pace themselves. */
export function setRateLimitHeaders(res: Response, rule: RateRule, decision: RateDecision): void {
  res.setHeader("RateLimit-Limit", String(rule.limit));
  res.setHeader("RateLimit-Remaining", String(decision.remaining));
}
