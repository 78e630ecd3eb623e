import type { Language } from "../../../contract/languages.ts";
import { containsCjk } from "./text-match.ts";

/**
 * Phrases of "try this on every model" / "compare models" (docs/product/compare.md), per language, matched after
 * normalizeText: whole words in Latin scripts, substrings in Chinese and Japanese. English is read in every language
 * (creators mix it in everywhere).
 */
const comparePhrases: Record<Language, readonly string[]> = {
  en: ["on every model", "on all models", "on all the models", "on each model", "with every model", "with all models", "with all the models", "every model", "all the models", "compare models", "compare the models", "compare all models", "compare all the models", "model comparison", "compare every model", "which model is best", "which model is better"],
  es: ["en todos los modelos", "con todos los modelos", "en cada modelo", "con cada modelo", "compara modelos", "comparar modelos", "compara los modelos", "comparar los modelos", "comparacion de modelos", "que modelo es mejor"],
  fr: ["sur tous les modeles", "avec tous les modeles", "sur chaque modele", "avec chaque modele", "compare les modeles", "comparer les modeles", "compare des modeles", "comparaison des modeles", "quel modele est le meilleur"],
  de: ["mit allen modellen", "auf allen modellen", "mit jedem modell", "auf jedem modell", "alle modelle", "modelle vergleichen", "vergleiche die modelle", "vergleich die modelle", "modellvergleich", "welches modell ist am besten"],
  zh: ["所有模型", "每个模型", "各个模型", "全部模型", "比较模型", "对比模型", "比较一下模型", "对比一下模型", "哪个模型最好"],
  ja: ["全モデル", "すべてのモデル", "全部のモデル", "各モデル", "モデルを比較", "モデル比較", "モデルで比較", "どのモデルが一番"],
};

/** Words that leave a compare request bare: "try this", "it", "please". What remains beyond them is a topic. */
const fillers = new Set([
  "try", "this", "it", "that", "one", "please", "on", "with", "the", "a", "an", "and", "same", "thumbnail", "image", "picture", "again", "let's", "lets", "can", "you", "run", "test",
  "prueba", "probar", "esto", "esta", "este", "lo", "la", "el", "por", "favor", "haz", "una", "miniatura", "imagen", "y",
  "essaie", "essayer", "ca", "cela", "ce", "le", "les", "s'il", "te", "plait", "fais", "une", "miniature", "et",
  "probier", "probiere", "teste", "das", "dies", "es", "bitte", "mal", "bild", "vorschaubild", "und",
]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const patterns = new Map<Language, RegExp>();

function comparePattern(language: Language): RegExp {
  let pattern = patterns.get(language);
  if (!pattern) {
    const phrases = [...comparePhrases[language]].sort((a, b) => b.length - a.length);
    const latin = phrases.filter((p) => !containsCjk(p)).map((p) => escapeRegExp(p).replace(/ /g, "[\\s-]+"));
    const spaceless = phrases.filter((p) => containsCjk(p)).map(escapeRegExp);
    const alternatives = [
      ...(latin.length > 0 ? [`(?<![\\p{L}\\p{N}])(?:${latin.join("|")})(?![\\p{L}\\p{N}])`] : []),
      ...(spaceless.length > 0 ? [`(?:${spaceless.join("|")})`] : []),
    ];
    pattern = new RegExp(alternatives.join("|"), "gu");
    patterns.set(language, pattern);
  }
  return pattern;
}

const languagesFor = (language: Language): readonly Language[] => (language === "en" ? ["en"] : [language, "en"]);

/** Whether normalized text asks to try something on every model. */
export function asksForCompare(normalized: string, language: Language): boolean {
  return languagesFor(language).some((each) => {
    const pattern = comparePattern(each);
    pattern.lastIndex = 0;
    return pattern.test(normalized);
  });
}

/**
 * Whether a compare request names nothing to make ("try this on every model", "compare models", "所有模型试一下"): then
 * it is about the current image. Anything left beyond the phrase and filler words is a topic.
 */
export function isBareCompare(normalized: string, language: Language): boolean {
  let rest = normalized;
  for (const each of languagesFor(language)) rest = rest.replace(comparePattern(each), " ");
  if (containsCjk(rest)) return rest.replace(/[\s\p{P}]/gu, "").replace(/[试试一下用把这个它吧请做看]/gu, "").replace(/[でこれをしてください試すやってみて]/gu, "").length <= 2;
  const words = rest.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
  return words.filter((word) => !fillers.has(word)).length === 0;
}
