import { defaultLanguage, isLanguage, type Language } from "../../contract/languages.ts";

// SPEC.md §3/§9: the choice is stored under `language`, default en. Kept apart from i18n.ts so the tiny entry
// (web/main.tsx) can read it without pulling in i18next.
export const LANGUAGE_KEY = "language";

export function storedLanguage(storage: Storage = localStorage): Language {
  try {
    const value = storage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}
