import type { QueryFunction } from "@tanstack/react-query";
import { readSessionToken } from "./session-token.ts";

/** docs/product/api.md (Errors): any non-OK answer raises `Error("<status>: <body text or status text>")`. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => "")) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
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

/** Reads the `code` of an API error raised by throwIfResNotOk, for translated messages. */
export function errorCodeOf(err: unknown): string | undefined {
  if (!(err instanceof Error)) return undefined;
  const match = /^\d{3}: (.*)$/s.exec(err.message);
  if (!match?.[1]) return undefined;
  try {
    const parsed = JSON.parse(match[1]) as { code?: unknown };
    return typeof parsed.code === "string" ? parsed.code : undefined;
  } catch {
    return undefined;
  }
}
