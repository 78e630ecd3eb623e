import i18next, { type BackendModule, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, isLanguage, type Language, languages } from "../../contract/languages.ts";
import { rememberLanguage, storedLanguage } from "./stored-language.ts";

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

export async function createI18n(language: Language = storedLanguage()): Promise<I18n> {
  const instance = i18next.createInstance();
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
  if (typeof document === "undefined") return instance; // prerendering at build time
  document.documentElement.lang = instance.resolvedLanguage ?? language;
  // Only a change is stored: a page starts in the language it was served in (web/boot.tsx) without
  // forgetting the visitor's own choice, which web/main.tsx switches to next.
  instance.on("languageChanged", (lng) => {
    document.documentElement.lang = lng;
    if (isLanguage(lng)) rememberLanguage(lng);
  });
  return instance;
}
