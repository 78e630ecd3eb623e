import { z } from "zod/mini";

/**
 * Error codes are `<kind>:<subject>` (docs/product/api.md, Errors). The kind decides the HTTP status, the subject lets
 * the web pick a translated message. Keep kinds few; add subjects freely.
 */
export const errorKinds = {
  invalid: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  not_configured: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof errorKinds;
export type ErrorCode = `${ErrorKind}:${string}`;

export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export function statusForCode(code: string): number {
  const kind = code.split(":", 1)[0] as ErrorKind;
  return errorKinds[kind] ?? 500;
}
