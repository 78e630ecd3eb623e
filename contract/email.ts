import { z } from "zod/mini";
import { EMAIL_MAX_LENGTH } from "./waitlist.ts";

const emailSchema = z.email();

/**
 * Trims and lower-cases, then checks real address syntax: one address is one account and one waitlist entry
 * whatever its case. Undefined when it is not an address.
 */
export function normalizedEmail(raw: string): string | undefined {
  const email = raw.trim().toLowerCase();
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH || !emailSchema.safeParse(email).success) return undefined;
  return email;
}
