import type { QueryFunction } from "@tanstack/react-query";
import { type ErrorCode, isErrorCode } from "../../contract/errors.ts";
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
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { ...authHeaders() };
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
