import { isErrorCode } from "../../../contract/errors.ts";

/**
 * The error code in a failed chat request. The transport raises the answer's body as the message, which for the
 * API is `{ error, code }`; anything else (a dropped connection) has none.
 */
export function chatErrorCode(error: Error | undefined): string | undefined {
  if (!error) return undefined;
  try {
    const body: unknown = JSON.parse(error.message);
    const code = typeof body === "object" && body !== null ? (body as { code?: unknown }).code : undefined;
    return isErrorCode(code) ? code : undefined;
  } catch {
    return undefined;
  }
}
