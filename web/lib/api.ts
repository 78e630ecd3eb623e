import type { QueryFunction } from "@tanstack/react-query";
import { type ErrorCode, isErrorCode } from "../../contract/errors.ts";
import { IDEMPOTENCY_KEY_HEADER } from "../../contract/idempotency.ts";
import { readSessionToken } from "./session-token.ts";

/**
 * A non-OK answer from the API. The message stays `"<status>: <body text or status text>"` (docs/product/api.md,
 * Errors); the body's `code`, when it is one of the catalogue's, is read once, here, so callers pick a translated sentence without parsing text.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: ErrorCode | undefined;

  constructor(status: number, text: string, code: ErrorCode | undefined = codeInBody(text)) {
    super(`${status}: ${text}`);
    this.status = status;
    this.code = code;
  }
}

/** The `code` of a `{ error, code }` body; anything else (HTML, plain text, no code) has none. */
function codeInBody(text: string): ErrorCode | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    const code = typeof parsed === "object" && parsed !== null ? (parsed as { code?: unknown }).code : undefined;
    return isErrorCode(code) ? code : undefined;
  } catch {
    return undefined;
  }
}

/** Any non-OK answer raises an ApiError whose message is `"<status>: <body text or status text>"`. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => "")) || res.statusText;
  throw new ApiError(res.status, text);
}

function authHeaders(): Record<string, string> {
  const token = readSessionToken();
  return token ? { "x-session-token": token } : {};
}

/** docs/product/api.md (Requests): FormData is sent as is; any other body as JSON with a content-type header. */
export async function apiRequest(method: string, url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = { ...authHeaders(), ...extraHeaders };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const res = await fetch(url, { method, headers, body: payload, credentials: "include" });
  await throwIfResNotOk(res);
  return res;
}

/** A fresh Idempotency-Key: 128 random bits as hex (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Answers that say "the same request may succeed if sent again": nothing was done, or the first is still running. */
function worthRetrying(err: unknown): boolean {
  if (err instanceof TypeError) return true; // fetch's own failure: the connection dropped, the answer may be lost
  if (!(err instanceof ApiError)) return false;
  return err.code === "conflict:idempotency_key_in_flight" || err.status === 502 || err.status === 503 || err.status === 504;
}

const ACTION_RETRIES = 2;

/**
 * docs/product/api.md (Idempotent requests): one user action that costs credits or moves money (one click of
 * Generate, Pay, Save…). It carries one fresh Idempotency-Key, and its retries after a dropped connection or a busy
 * server carry the same one, so the action is done and charged once however many times it is sent.
 */
export async function actionRequest(method: string, url: string, body?: unknown, options: { key?: string; pauseMs?: number } = {}): Promise<Response> {
  const key = options.key ?? newIdempotencyKey();
  const pauseMs = options.pauseMs ?? 1000;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await apiRequest(method, url, body, { [IDEMPOTENCY_KEY_HEADER]: key });
    } catch (err) {
      if (attempt >= ACTION_RETRIES || !worthRetrying(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, pauseMs * 2 ** attempt));
    }
  }
}

// The Idempotency-Key's own refusals, in every language (common namespace); other codes are the caller's to word.
const idempotencyMessageKeys: Partial<Record<ErrorCode, string>> = {
  "invalid:idempotency_key": "common:errors.idempotency_key_invalid",
  "conflict:idempotency_key_in_flight": "common:errors.idempotency_key_in_flight",
  "unprocessable:idempotency_key_reused": "common:errors.idempotency_key_reused",
};

/** The translation key for an Idempotency-Key refusal, or undefined for any other failure. */
export function idempotencyMessageKey(err: unknown): string | undefined {
  const code = errorCodeOf(err);
  return code ? idempotencyMessageKeys[code] : undefined;
}

/** The default query function: the key's parts joined with "/" form the path (docs/product/api.md, Requests). */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const res = await fetch(queryKey.join("/"), { credentials: "include", headers: authHeaders(), signal });
  await throwIfResNotOk(res);
  return res.json();
};

/** The error code of an API failure, for a translated message; other errors (network, parsing) have none. */
export function errorCodeOf(err: unknown): ErrorCode | undefined {
  return err instanceof ApiError ? err.code : undefined;
}

/**
 * The server's own sentence for a failed request (the `error` of a `{ error, code }` body), which the API keeps safe
 * to show; undefined for other failures (network, an HTML error page), so callers fall back to their own words.
 */
export function serverErrorMessage(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const text = err.message.slice(err.message.indexOf(": ") + 2);
  try {
    const parsed: unknown = JSON.parse(text);
    const message = typeof parsed === "object" && parsed !== null ? (parsed as { error?: unknown }).error : undefined;
    return typeof message === "string" && message.trim() ? message : undefined;
  } catch {
    return undefined;
  }
}
