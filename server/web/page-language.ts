import type { IncomingHttpHeaders } from "node:http";
import { defaultLanguage, isLanguage, type Language } from "../../contract/languages.ts";
import { cookieFrom } from "../http/cookies.ts";
import { memoized, preferredLanguage } from "./negotiate.ts";

/** Set by the web app whenever a visitor picks a language (web/lib/stored-language.ts). */
export const LANGUAGE_COOKIE = "language";

/** HTML chosen by language must not be shared across visitors by a cache that ignores these headers. */
export const LANGUAGE_VARY = "Cookie, Accept-Language";

const browserLanguage = memoized((header) => preferredLanguage(header) ?? defaultLanguage);

/**
 * The language a page is served in, decided before the first paint: the visitor's own choice (the cookie), else
 * the browser's preference (Accept-Language), else English.
 */
export function pageLanguage(headers: IncomingHttpHeaders): Language {
  // Most requests carry no language cookie: skip parsing the rest of the Cookie header for it.
  const chosen = headers.cookie?.includes(`${LANGUAGE_COOKIE}=`) ? cookieFrom(headers.cookie, LANGUAGE_COOKIE) : undefined;
  if (isLanguage(chosen)) return chosen;
  return browserLanguage(headers["accept-language"]);
}

/** The page with `<html lang>` naming the language it is written in. */
export function withHtmlLang(html: string, language: Language): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
}
