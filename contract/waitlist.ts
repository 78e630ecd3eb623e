import { z } from "zod/mini";

export const WAITLIST_PATH = "/api/waitlist";
/** SPEC.md §9: the browser goes to the community invite 1500 ms after a successful join. */
export const WAITLIST_REDIRECT_DELAY_MS = 1500;
export const EMAIL_MAX_LENGTH = 254;

export const waitlistRequestSchema = z.object({
  email: z.string(),
  /** Honeypot: a field hidden from people; only bots fill it. */
  website: z.optional(z.string()),
  language: z.optional(z.string()),
});
export type WaitlistRequest = z.infer<typeof waitlistRequestSchema>;

/** SPEC.md §3: success, alreadyExists, error. */
export const waitlistResponseSchema = z.object({
  success: z.boolean(),
  alreadyExists: z.boolean(),
  error: z.optional(z.string()),
});
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;

/** SPEC.md §5: the browser only checks for a non-empty value with an @; the server checks real syntax. */
export function looksLikeEmail(value: string): boolean {
  return value.trim() !== "" && value.includes("@");
}
