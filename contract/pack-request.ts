import { normalizeText } from "./image-count.ts";
import type { Language } from "./languages.ts";

/**
 * Whether a chat message asks for an A/B pack ("give me three versions", "A/B pack", "thumbnails for Test &
 * Compare", "dame tres versiones", "3パターン作って"), read the same way by the offline assistant, which then calls
 * the pack tool, and by the composer, which shows the cost of three before the message is sent.
 */

/** Phrases per language, matched after normalizeText: whole words in Latin scripts, substrings in Chinese and Japanese. */
const packPhrases: Record<Language, readonly string[]> = {
  en: ["a/b pack", "ab pack", "a/b test", "a/b testing", "ab test", "ab testing", "split test", "test & compare", "test and compare", "test&compare", "three versions", "3 versions", "three variants", "3 variants", "three different versions", "3 different versions", "three different variants", "3 different variants"],
  es: ["pack a/b", "paquete a/b", "prueba a/b", "test a/b", "tres versiones", "3 versiones", "tres variantes", "3 variantes"],
  fr: ["pack a/b", "test a/b", "trois versions", "3 versions", "trois variantes", "3 variantes"],
  de: ["a/b-paket", "a/b paket", "a/b-test", "a/b test", "drei versionen", "3 versionen", "drei varianten", "3 varianten", "drei verschiedene versionen", "3 verschiedene versionen", "drei verschiedene varianten", "3 verschiedene varianten"],
  zh: ["a/b包", "a/b测试", "ab测试", "三个版本", "3个版本", "三版", "三种版本", "三款", "三个不同版本", "3个不同版本", "三个不同的版本", "3个不同的版本"],
  ja: ["a/bテスト", "abテスト", "3パターン", "三パターン", "3案", "三案", "3バージョン", "3つのバージョン"],
};

const cjk = /[\u3040-\u30ff\u3400-\u9fff]/;
const patterns = new Map<Language, RegExp>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function packPattern(language: Language): RegExp {
  let pattern = patterns.get(language);
  if (!pattern) {
    const phrases = [...packPhrases[language]].sort((a, b) => b.length - a.length).map((phrase) => normalizeText(phrase));
    const latin = phrases.filter((p) => !cjk.test(p)).map((p) => escapeRegExp(p).replace(/ /g, "[\\s-]+"));
    const spaceless = phrases.filter((p) => cjk.test(p)).map(escapeRegExp);
    const alternatives = [
      ...(latin.length > 0 ? [`(?<![\\p{L}\\p{N}])(?:${latin.join("|")})(?![\\p{L}\\p{N}])`] : []),
      ...(spaceless.length > 0 ? [`(?:${spaceless.join("|")})`] : []),
    ];
    pattern = new RegExp(alternatives.join("|"), "u");
    patterns.set(language, pattern);
  }
  return pattern;
}

/** Whether normalized text asks for an A/B pack, in its language or English (which creators mix in everywhere). */
export function asksForPackNormalized(normalized: string, language: Language): boolean {
  return (language === "en" ? (["en"] as const) : [language, "en" as const]).some((each) => packPattern(each).test(normalized));
}

/** Whether a message asks for an A/B pack. */
export function asksForPack(text: string, language: Language): boolean {
  return asksForPackNormalized(normalizeText(text), language);
}
