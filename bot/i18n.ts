import { defaultLanguage, type Language, languages } from "../contract/languages.ts";
import { de } from "./locales/de.ts";
import { en } from "./locales/en.ts";
import { es } from "./locales/es.ts";
import { fr } from "./locales/fr.ts";
import { ja } from "./locales/ja.ts";
import type { Messages } from "./locales/messages.ts";
import { zh } from "./locales/zh.ts";

export const botMessages: Record<Language, Messages> = { en, es, fr, de, zh, ja };

/**
 * Discord's locale codes for each of our languages (discord.js `Locale`): what command descriptions are localised
 * under. English is the default text, so it has none.
 */
export const discordLocales: Record<Exclude<Language, "en">, readonly string[]> = {
  es: ["es-ES", "es-419"],
  fr: ["fr"],
  de: ["de"],
  zh: ["zh-CN", "zh-TW"],
  ja: ["ja"],
};

/** Our language for a Discord locale (`es-ES` → es, `zh-CN` → zh, `en-GB` → en); English for any other. */
export function languageOf(locale: string | null | undefined): Language {
  const base = (locale ?? "").toLowerCase().split("-")[0];
  return languages.find((l) => l === base) ?? defaultLanguage;
}

export function messagesFor(locale: string | null | undefined): Messages {
  return botMessages[languageOf(locale)];
}

/** Name or description localisations for a builder, one per Discord locale of each non-English language. */
export function localizations(pick: (m: Messages) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [language, locales] of Object.entries(discordLocales) as [Exclude<Language, "en">, readonly string[]][]) {
    for (const locale of locales) out[locale] = pick(botMessages[language]);
  }
  return out;
}
