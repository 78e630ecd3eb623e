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

/** Names of the rate-limit rules; each answers `rate_limited:<name>` when spent. */
export const rateLimitRules = ["otp-email", "otp-email-flood", "otp-ip", "sign-in-failures", "sign-in-account", "upload", "waitlist-ip", "export", "feed-check", "free-edit", "video-upload", "video-frame", "share-vote"] as const;
export type RateLimitRule = (typeof rateLimitRules)[number];

/**
 * Every code the server answers with: the catalogue the server throws from (AppError takes only these) and the web
 * switches on for its translated messages. Adding a failure means adding its code here first.
 */
export const errorCodes = [
  "invalid:body",
  "invalid:chat_message",
  "invalid:chat_approval",
  "invalid:code",
  "invalid:discord_link",
  "invalid:current_password",
  "invalid:cursor",
  "invalid:email",
  "invalid:generation",
  "invalid:idempotency_key",
  "invalid:host",
  "invalid:json",
  "invalid:login_parameters",
  "invalid:model",
  "invalid:model_base_image",
  "invalid:model_personas",
  "invalid:no_subject",
  "invalid:password_common",
  "invalid:persona_draft",
  "invalid:password_length",
  "invalid:request",
  "invalid:share_vote",
  "invalid:signature",
  "invalid:upload",
  "invalid:upload_name",
  "invalid:value",
  "invalid:video_moment",
  "unauthorized:code",
  "unauthorized:credentials",
  "unauthorized:session",
  "unauthorized:discord_link",
  "insufficient_credits:generation",
  "conflict:already_pro",
  "conflict:chat_busy",
  "conflict:chat_approval",
  "conflict:chat_approval_waiting",
  "conflict:comparison_models_changed",
  "conflict:comparison_not_ready",
  "conflict:idempotency_key_in_flight",
  "conflict:image_busy",
  "conflict:pack_not_ready",
  "conflict:persona_handle",
  "conflict:discord_account_linked",
  "conflict:discord_linked",
  "conflict:refund_requested",
  "conflict:refund_decided",
  "conflict:video_not_ready",
  "conflict:video_busy",
  "conflict:video_analysing",
  "conflict:video_no_frames",
  "forbidden:origin",
  "forbidden:user",
  "not_found:art",
  "not_found:conversation",
  "not_found:chat_message",
  "not_found:comparison",
  "not_found:credit_pack",
  "not_found:credit_transaction",
  "not_found:file",
  "not_found:image",
  "not_found:pack",
  "not_found:payment",
  "not_found:persona",
  "not_found:persona_draft",
  "not_found:refund_request",
  "not_found:video",
  "not_found:video_frame",
  "not_found:video_none",
  "not_found:route",
  "not_found:share",
  "not_found:share_target",
  "not_found:sitemap",
  "not_configured:model",
  "not_configured:payments",
  "not_configured:transcription",
  "not_configured:video",
  "payload_too_large:body",
  "payload_too_large:upload",
  "payload_too_large:upload_quota",
  "payload_too_large:video",
  "payload_too_large:video_quota",
  "unsupported_media_type:body",
  "unsupported_media_type:charset",
  "unsupported_media_type:encoding",
  "unsupported_media_type:image",
  "unsupported_media_type:json",
  "unsupported_media_type:multipart",
  "unsupported_media_type:video",
  "unprocessable:art_full",
  "unprocessable:art_word",
  "unprocessable:base_image",
  "unprocessable:video_too_long",
  "unprocessable:video_too_large",
  "unprocessable:video_streams",
  "unprocessable:video_unreadable",
  "unprocessable:video_no_audio",
  "unprocessable:idempotency_key_reused",
  "unprocessable:finding",
  "unprocessable:image",
  "unprocessable:no_change",
  "unprocessable:no_scene",
  "unprocessable:persona",
  "unprocessable:provider",
  "unprocessable:provider_refused",
  "unprocessable:refund_promotional",
  "unprocessable:refund_used",
  "unprocessable:refund_window",
  "unprocessable:relay",
  "unprocessable:swap_subject",
  "unprocessable:title_too_long",
  ...rateLimitRules.map((rule) => `rate_limited:${rule}` as const),
  "rate_limited:upload_concurrency",
  "rate_limited:connections",
  "internal:account",
  "internal:job_payload",
  "internal:socket",
  "internal:subjects_worker",
  "internal:swap_worker",
  "internal:unexpected",
  "unavailable:database",
  "unavailable:editor_busy",
  "unavailable:feed_check_busy",
  "unavailable:interrupted",
  "unavailable:lease_lost",
  "unavailable:mail",
  "unavailable:payment_provider",
  "unavailable:provider",
  "unavailable:shutdown",
  "unavailable:transcription",
  "unavailable:video_interrupted",
  "unavailable:subjects_busy",
  "unavailable:upload_storage",
] as const satisfies readonly `${ErrorKind}:${string}`[];
export type ErrorCode = (typeof errorCodes)[number];
export const errorCodeSchema = z.enum(errorCodes);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (errorCodes as readonly string[]).includes(value);
}

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
