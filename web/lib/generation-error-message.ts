import type { TFunction } from "i18next";
import type { ErrorCode } from "../../contract/errors.ts";
import { ApiError, errorCodeOf } from "./api.ts";

// Codes a generation can fail with (the POST's answer, or a failed image's `errorCode`); each has a translated
// sentence under `studio.errors.<key>` in app.json. The server's own text is never shown.
const messageKeyByCode = {
  "insufficient_credits:generation": "insufficient_credits",
  "not_configured:model": "not_configured_model",
  "invalid:model": "invalid_model",
  "invalid:body": "invalid_body",
  "not_found:persona": "not_found_persona",
  "not_found:image": "not_found_image",
  "not_found:style_kit": "not_found_style_kit",
  "unavailable:provider": "unavailable_provider",
  "unavailable:database": "unavailable_database",
  "unprocessable:provider": "unprocessable_provider",
  "unprocessable:provider_refused": "refused",
  "unprocessable:no_change": "no_change",
  "unprocessable:relay": "relay",
  "unavailable:interrupted": "interrupted",
  "invalid:model_personas": "model_personas",
  "invalid:model_base_image": "model_base_image",
  // A swap that found no one clear subject to replace; swaps failed before this code had the extractor's own.
  "unprocessable:swap_subject": "swap_subject",
  "invalid:no_subject": "swap_subject",
  "unprocessable:base_image": "base_image",
  "rate_limited:free-edit": "free_edit_limit",
  "unavailable:feed_check_busy": "feed_check_busy",
  "conflict:chat_approval": "chat_approval",
  "invalid:chat_approval": "chat_approval",
  "conflict:comparison_models_changed": "comparison_models_changed",
} as const satisfies Partial<Record<ErrorCode, string>>;
// A failed image's stored `errorCode` is any string, so lookups go by string.
const messageKeys: ReadonlyMap<string, string> = new Map(Object.entries(messageKeyByCode));

/** The `studio.errors.*` key for an error code; unknown codes fall back to the generic sentence. */
export function errorKeyForCode(code: string | null | undefined): string {
  if (!code) return "generic";
  const key = messageKeys.get(code);
  if (key) return key;
  if (code.startsWith("rate_limited:")) return "rate_limited";
  if (code.startsWith("unavailable:")) return "unavailable_provider";
  return "generic";
}

export function generationErrorMessage(t: TFunction<"app">, code: string | null | undefined): string {
  return t(`studio.errors.${errorKeyForCode(code)}`);
}

/** A translated sentence for a failed request: network failures read differently from server refusals. */
export function requestErrorMessage(t: TFunction<"app">, err: unknown): string {
  const code = errorCodeOf(err);
  if (!code && err instanceof TypeError) return t("studio.errors.network");
  // A limit this build has no sentence for (a newer server's) still reads as one: 429 is every rate limit's status.
  if (!code && err instanceof ApiError && err.status === 429) return t("studio.errors.rate_limited");
  return generationErrorMessage(t, code);
}
