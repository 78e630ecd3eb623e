import { z } from "zod/mini";

/**
 * docs/product/api.md (Idempotent requests): a paid or money-moving POST may carry this header; the same key with the
 * same request within IDEMPOTENCY_WINDOW_MS answers the first answer again instead of doing the work twice.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** Set on an answer that is a stored one given again. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a key's answer is kept and given again, as Stripe does. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;

export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** A UUID, a ULID or any token of URL-safe characters; nothing that could be a space, a comma or a control byte. */
export const idempotencyKeySchema = z
  .string()
  .check(z.minLength(IDEMPOTENCY_KEY_MIN_LENGTH), z.maxLength(IDEMPOTENCY_KEY_MAX_LENGTH), z.regex(/^[A-Za-z0-9._~:+/=-]+$/));
