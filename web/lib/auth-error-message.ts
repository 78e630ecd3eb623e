import type { TFunction } from "i18next";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../contract/auth.ts";
import type { ErrorCode } from "../../contract/errors.ts";
import { ApiError, errorCodeOf } from "./api.ts";

// Server codes the sign-in screens and the password dialog explain; each has a translated line under `errors.<code with _>` in auth.json.
const known: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "invalid:email",
  "invalid:code",
  "invalid:login_parameters",
  "invalid:password_length",
  "invalid:password_common",
  "invalid:current_password",
  "unauthorized:code",
  "unauthorized:credentials",
  "unauthorized:session",
  "rate_limited:otp-email",
  "rate_limited:otp-ip",
  "rate_limited:sign-in-failures",
  "rate_limited:sign-in-account",
  "rate_limited:otp-email-flood",
  "unavailable:mail",
  "unavailable:database",
  "forbidden:origin",
]);

/** A translated sentence for any failure of an auth call; the server's own text is never shown. */
export function authErrorMessage(t: TFunction<"auth">, err: unknown): string {
  const code = errorCodeOf(err);
  if (code && known.has(code)) {
    return t(`errors.${code.replace(/[:-]/g, "_")}`, { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  }
  // A limit this build has no sentence for (a newer server's) still reads as one: 429 is every rate limit's status.
  if (code?.startsWith("rate_limited:") || (err instanceof ApiError && err.status === 429)) return t("errors.rate_limited");
  if (err instanceof TypeError) return t("errors.network");
  return t("errors.generic");
}
