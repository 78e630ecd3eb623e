import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { authErrorMessage } from "./auth-error-message.ts";

const errors = (JSON.parse(readFileSync(join(process.cwd(), "web/locales/en/auth.json"), "utf8")) as { errors: Record<string, string> }).errors;

// A t that reads the English file and fills placeholders, enough to see the sentence a user gets.
const t = ((key: string, options?: Record<string, unknown>) => {
  const text = errors[key.replace("errors.", "")] ?? `missing:${key}`;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ""));
}) as unknown as TFunction<"auth">;

const apiError = (status: number, code: string) => new ApiError(status, JSON.stringify({ error: "server text", code }));

describe("authErrorMessage", () => {
  it("translates the codes it knows from an ApiError, never showing the server's text", () => {
    expect(authErrorMessage(t, apiError(401, "unauthorized:credentials"))).toBe(errors.unauthorized_credentials);
    expect(authErrorMessage(t, apiError(429, "rate_limited:otp-email-flood"))).toBe(errors.rate_limited_otp_email_flood);
    expect(authErrorMessage(t, apiError(400, "invalid:password_length"))).toMatch(/^Use \d+ to \d+ characters\.$/);
  });

  it("falls back per kind, then for network failures, then to the generic sentence", () => {
    expect(authErrorMessage(t, apiError(429, "rate_limited:something-new"))).toBe(errors.rate_limited);
    expect(authErrorMessage(t, new TypeError("Failed to fetch"))).toBe(errors.network);
    expect(authErrorMessage(t, apiError(500, "internal:boom"))).toBe(errors.generic);
    expect(authErrorMessage(t, new ApiError(502, "Bad Gateway"))).toBe(errors.generic);
  });

  it("takes the code from the ApiError, not from a message that merely looks like one", () => {
    expect(authErrorMessage(t, new Error('401: {"code":"unauthorized:credentials"}'))).toBe(errors.generic);
  });
});
