// Plain constants and types: the waitlist page imports this file, so it stays free of zod
// (the schemas live in waitlist-schemas.ts, which only the server loads).
export const WAITLIST_PATH = "/api/waitlist";
/** The browser goes to the community invite 1500 ms after a successful join (docs/product/public-site.md). */
export const WAITLIST_REDIRECT_DELAY_MS = 1500;
export const EMAIL_MAX_LENGTH = 254;

export interface WaitlistRequest {
  email: string;
  /** Honeypot: a field hidden from people; only bots fill it. */
  website?: string | undefined;
  language?: string | undefined;
}

/** Always success, alreadyExists and, on failure, error (docs/product/public-site.md, Waitlist form). */
export interface WaitlistResponse {
  success: boolean;
  alreadyExists: boolean;
  error?: string | undefined;
}

/**
 * The browser only checks for a non-empty value with an @; the server checks real syntax
 * (docs/product/public-site.md, Waitlist form).
 */
export function looksLikeEmail(value: string): boolean {
  return value.trim() !== "" && value.includes("@");
}
