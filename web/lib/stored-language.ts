import { defaultLanguage, isLanguage, type Language } from "../../contract/languages.ts";

// The choice is stored under `language` (localStorage), default en, and mirrored in a `language` cookie so the
// server serves each page in that language from the first paint (server/web/page-language.ts). Kept apart from
// i18n.ts so the tiny entry (web/main.tsx) can read it without pulling in i18next.
export const LANGUAGE_KEY = "language";
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60; // the longest browsers keep a cookie

/** The language the visitor picked, if they ever did. */
export function chosenLanguage(storage: Storage = localStorage): Language | undefined {
  try {
    const value = storage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function storedLanguage(storage: Storage = localStorage): Language {
  return chosenLanguage(storage) ?? defaultLanguage;
}

/** The language a served page is written in (`<html lang>`, set by the server), for a visitor who never picked one. */
export function pageLanguage(doc: Document = document): Language {
  const lang = doc.documentElement.lang;
  return isLanguage(lang) ? lang : defaultLanguage;
}

/** Sends the choice with every page request from now on. */
export function writeLanguageCookie(language: Language, doc: Document = document): void {
  doc.cookie = `${LANGUAGE_KEY}=${language}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export function rememberLanguage(language: Language, storage: Storage = localStorage, doc: Document = document): void {
  writeLanguageCookie(language, doc);
  try {
    storage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not persisted when storage is blocked; the cookie and the page still switch.
  }
}
