import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, isLanguage, type Language, languages } from "../../contract/languages.ts";

// SPEC.md §3/§9: the choice is stored under `language`, default en.
export const LANGUAGE_KEY = "language";

// One lazy chunk per language and namespace: a page loads only the words it shows.
const bundles = import.meta.glob<{ default: Record<string, unknown> }>("../locales/*/*.json");

const lazyBackend: BackendModule = {
  type: "backend",
  init: () => {},
  read(language, namespace, callback) {
    const load = bundles[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No ${namespace} strings for ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

export function storedLanguage(storage: Storage = localStorage): Language {
  try {
    const value = storage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

export async function createI18n(language: Language = storedLanguage()): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.on("languageChanged", (lng) => {
    if (typeof document === "undefined") return; // prerendering at build time
    document.documentElement.lang = lng;
    try {
      localStorage.setItem(LANGUAGE_KEY, lng);
    } catch {
      // Not persisted when storage is blocked; the page still switches.
    }
  });
  await instance
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      ns: ["common"],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  return instance;
}
