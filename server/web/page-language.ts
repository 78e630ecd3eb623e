import type { Request } from "express";
import { defaultLanguage, isLanguage, type Language, languages } from "../../contract/languages.ts";
import { readCookie } from "../http/cookies.ts";

/** Set by the web app whenever a visitor picks a language (web/lib/stored-language.ts). */
export const LANGUAGE_COOKIE = "language";

/** HTML chosen by language must not be shared across visitors by a cache that ignores these headers. */
export const LANGUAGE_VARY = "Cookie, Accept-Language";

/**
 * The language a page is served in, decided before the first paint: the visitor's own choice (the cookie), else
 * the browser's preference (Accept-Language, negotiated by Express), else English.
 */
export function pageLanguage(req: Request): Language {
  const chosen = readCookie(req, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  const preferred = req.acceptsLanguages([...languages]);
  return isLanguage(preferred) ? preferred : defaultLanguage;
}

/** The page with `<html lang>` naming the language it is written in. */
export function withHtmlLang(html: string, language: Language): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
}
