import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api.ts";
import { errorKeyForCode, generationErrorMessage, requestErrorMessage } from "./generation-error-message.ts";

const english = JSON.parse(readFileSync(join(process.cwd(), "web/locales/en/app.json"), "utf8")) as {
  studio: { errors: Record<string, string> };
};

// A t that fills placeholders from the English file, enough to read the sentences the user gets.
const t = ((key: string, options?: Record<string, unknown>) => {
  const text = english.studio.errors[key.replace("studio.errors.", "")] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options?.[name] ?? ""));
}) as unknown as TFunction<"app">;

describe("generation error messages", () => {
  it.each([
    ["insufficient_credits:generation", "insufficient_credits"],
    ["not_configured:model", "not_configured_model"],
    ["invalid:model", "invalid_model"],
    ["invalid:body", "invalid_body"],
    ["not_found:persona", "not_found_persona"],
    ["not_found:image", "not_found_image"],
    ["not_found:style_kit", "not_found_style_kit"],
    ["rate_limited:generation", "rate_limited"],
    ["rate_limited:anything-else", "rate_limited"],
    ["rate_limited:free-edit", "free_edit_limit"],
    ["unavailable:feed_check_busy", "feed_check_busy"],
    ["unavailable:provider", "unavailable_provider"],
    ["unavailable:database", "unavailable_database"],
    ["unprocessable:provider", "unprocessable_provider"],
    ["unprocessable:provider_refused", "refused"],
    ["unavailable:interrupted", "interrupted"],
    ["invalid:model_personas", "model_personas"],
    ["invalid:model_base_image", "model_base_image"],
    ["unprocessable:swap_subject", "swap_subject"],
    ["invalid:no_subject", "swap_subject"],
    ["unprocessable:base_image", "base_image"],
    ["internal:whatever", "generic"],
    [null, "generic"],
  ])("%s → %s, which has an English sentence", (code, key) => {
    expect(errorKeyForCode(code)).toBe(key);
    expect(english.studio.errors[key]).toBeTruthy();
  });

  it("says a model is not available on this server without naming server settings", () => {
    expect(generationErrorMessage(t, "not_configured:model")).toBe("This model is not available on this server. Pick another one.");
  });

  it("reads the code from an API error and never shows the server's text", () => {
    const err = new ApiError(402, '{"error":"Only 0 credits left, internal detail","code":"insufficient_credits:generation"}');
    expect(requestErrorMessage(t, err)).toBe(english.studio.errors.insufficient_credits);
    expect(requestErrorMessage(t, new ApiError(500, "Internal Server Error"))).toBe(english.studio.errors.generic);
    expect(requestErrorMessage(t, new TypeError("Failed to fetch"))).toBe(english.studio.errors.network);
  });
});
