import { z } from "zod/mini";

/** docs/product/credits.md (Grants): the first 50 accounts get 100 promotional credits on signup. */
export const EARLY_BIRD_ACCOUNTS = 50;
export const EARLY_BIRD_CREDITS = 100;
export const EARLY_BIRD_PROMOTION = "early-bird";

/** docs/product/credits.md (Daily allowance): once per UTC day a Free Plan balance below it is topped up to it. */
export const DAILY_ALLOWANCE_REASON = "daily-allowance";

/** Ledger reasons the credits page names; any other reason is shown as an adjustment. */
export const ledgerReasons = ["signup", "early-bird", "daily-allowance", "purchase", "generation", "refund", "purchase-refund", "pro-monthly"] as const;

/** GET /api/users/:userId/credits: the balance and a page of ledger rows, newest first. */
export const creditTransactionSchema = z.object({
  id: z.string(),
  delta: z.number(),
  reason: z.string(),
  ref: z.string(),
  createdAt: z.string(),
  /** The image a charge paid for or a refund gave back, when it still exists. */
  image: z.nullable(z.object({ id: z.string(), thumb: z.string(), prompt: z.string() })),
});
export type CreditTransactionRecord = z.infer<typeof creditTransactionSchema>;

export const dailyAllowanceSchema = z.object({
  /** The balance a claim tops up to (0: no allowance on this server). */
  credits: z.number(),
  /** True when a claim now would add credits. */
  claimable: z.boolean(),
  /** When the next claim opens (the next UTC midnight), ISO 8601. */
  nextRefillAt: z.string(),
});
export type DailyAllowance = z.infer<typeof dailyAllowanceSchema>;

export const creditsResponseSchema = z.object({
  credits: z.number(),
  transactions: z.array(creditTransactionSchema),
  nextCursor: z.nullable(z.string()),
  dailyAllowance: dailyAllowanceSchema,
});
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;

export const creditsQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100))),
});

/** POST /api/users/:userId/credits/daily-allowance: the balance after the claim and what it added (0: nothing due). */
export const dailyAllowanceClaimSchema = z.object({ credits: z.number(), granted: z.number(), dailyAllowance: dailyAllowanceSchema });
export type DailyAllowanceClaim = z.infer<typeof dailyAllowanceClaimSchema>;

export const creditsPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}/credits`;
export const dailyAllowancePath = (userId: string) => `${creditsPath(userId)}/daily-allowance`;
