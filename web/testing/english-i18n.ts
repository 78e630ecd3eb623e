import { readFileSync } from "node:fs";
import { join } from "node:path";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";

// Test-only: the signed-in app's words in English, read from the locale files, for rendering screens under Vitest.
const namespaces = ["chat", "app", "common", "personas", "editor", "gallery", "billing", "videos", "share"] as const;
const load = (namespace: string) => JSON.parse(readFileSync(join(process.cwd(), `web/locales/en/${namespace}.json`), "utf8")) as Record<string, unknown>;

export async function englishI18n() {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: "en",
    resources: { en: Object.fromEntries(namespaces.map((namespace) => [namespace, load(namespace)])) },
    ns: [...namespaces],
    defaultNS: "chat",
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}
