// Plain constants and types: the waitlist page imports this file, so it stays free of zod
// (the schemas live in waitlist-schemas.ts, which only the server loads).
export const WAITLIST_PATH = "/api/waitlist";
/** SPEC.md §9: the browser goes to the community invite 1500 ms after a successful join. */
export const WAITLIST_REDIRECT_DELAY_MS = 1500;
export const EMAIL_MAX_LENGTH = 254;

export interface WaitlistRequest {
  email: string;
  /** Honeypot: a field hidden from people; only bots fill it. */
  website?: string | undefined;
  language?: string | undefined;
}

/** SPEC.md §3: success, alreadyExists, error. */
export interface WaitlistResponse {
  success: boolean;
  alreadyExists: boolean;
  error?: string | undefined;
}

/** SPEC.md §5: the browser only checks for a non-empty value with an @; the server checks real syntax. */
export function looksLikeEmail(value: string): boolean {
  return value.trim() !== "" && value.includes("@");
}
