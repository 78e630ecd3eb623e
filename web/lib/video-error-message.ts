import type { TFunction } from "i18next";
import type { ErrorCode } from "../../contract/errors.ts";
import { errorCodeOf } from "./api.ts";

// The codes a video can fail or be refused with; each has a sentence under `errors.<key>` in videos.json that says
// what to do next. The server's own text is never shown.
const messageKeyByCode = {
  "payload_too_large:video": "too_large",
  "payload_too_large:video_quota": "quota",
  "unsupported_media_type:video": "type",
  "unprocessable:video_too_long": "too_long",
  "unprocessable:video_too_large": "too_many_pixels",
  "unprocessable:video_streams": "streams",
  "unprocessable:video_unreadable": "unreadable",
  "unavailable:video_interrupted": "interrupted",
  "rate_limited:video-upload": "daily_limit",
  "conflict:video_not_ready": "not_ready",
  "conflict:video_busy": "busy",
  "not_found:video": "gone",
  "not_found:video_frame": "frame_gone",
  "not_configured:video": "not_configured",
} as const satisfies Partial<Record<ErrorCode, string>>;
const messageKeys: ReadonlyMap<string, string> = new Map(Object.entries(messageKeyByCode));

/** The `errors.*` key of videos.json for a code (a refusal or a failed video's `errorCode`). */
export function videoErrorKey(code: string | null | undefined): string {
  const key = code ? messageKeys.get(code) : undefined;
  if (key) return key;
  if (code?.startsWith("rate_limited:")) return "rate_limited";
  return "generic";
}

export function videoErrorMessage(t: TFunction<"videos">, code: string | null | undefined): string {
  return t(`errors.${videoErrorKey(code)}`);
}

/** A failed request's sentence: a network failure reads as one; the rest by their code. */
export function videoRequestErrorMessage(t: TFunction<"videos">, err: unknown): string {
  const code = errorCodeOf(err);
  if (!code && err instanceof TypeError) return t("errors.network");
  return videoErrorMessage(t, code);
}
