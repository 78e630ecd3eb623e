import { z } from "zod/mini";

/** docs/product/credits.md (Grants): the first 50 accounts get 100 promotional credits on signup. */
export const EARLY_BIRD_ACCOUNTS = 50;
export const EARLY_BIRD_CREDITS = 100;
export const EARLY_BIRD_PROMOTION = "early-bird";

/** GET /api/users/:userId/credits: the balance and the newest ledger rows. */
export const creditTransactionSchema = z.object({
  id: z.string(),
  delta: z.number(),
  reason: z.string(),
  ref: z.string(),
  createdAt: z.string(),
});
export type CreditTransactionRecord = z.infer<typeof creditTransactionSchema>;
export const creditsResponseSchema = z.object({ credits: z.number(), transactions: z.array(creditTransactionSchema) });
export type CreditsResponse = z.infer<typeof creditsResponseSchema>;
