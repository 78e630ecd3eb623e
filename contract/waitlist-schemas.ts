import { z } from "zod/mini";
import type { WaitlistRequest, WaitlistResponse } from "./waitlist.ts";

export const waitlistRequestSchema: z.ZodMiniType<WaitlistRequest> = z.object({
  email: z.string(),
  website: z.optional(z.string()),
  language: z.optional(z.string()),
});

export const waitlistResponseSchema: z.ZodMiniType<WaitlistResponse> = z.object({
  success: z.boolean(),
  alreadyExists: z.boolean(),
  error: z.optional(z.string()),
});
