import type { Language } from "../../../contract/languages.ts";
import { containsCjk } from "./text-match.ts";

/**
 * Phrases of "try this on every model" / "compare models" (docs/product/compare.md), per language, matched after
 * normalizeText: whole words in Latin scripts, substrings in Chinese and Japanese. English is read in every language
 * (creators mix it in everywhere).
 */
const comparePhrases: Record<Language, readonly string[]> = {
  en: ["on every model", "on all models", "on all the models", "on each model", "with every model", "with all models", "with all the models", "compare models", "compare the models", "compare all models", "compare all the models", "model comparison", "compare every model", "which model is best", "which model is better"],
  es: ["en todos los modelos", "con todos los modelos", "en cada modelo", "con cada modelo", "compara modelos", "comparar modelos", "compara los modelos", "comparar los modelos", "comparacion de modelos", "que modelo es mejor"],
  fr: ["sur tous les modeles", "avec tous les modeles", "sur chaque modele", "avec chaque modele", "compare les modeles", "comparer les modeles", "compare des modeles", "comparaison des modeles", "quel modele est le meilleur"],
  de: ["mit allen modellen", "auf allen modellen", "mit jedem modell", "auf jedem modell", "modelle vergleichen", "vergleiche die modelle", "vergleich die modelle", "modellvergleich", "welches modell ist am besten"],
  zh: ["比较模型", "对比模型", "比较一下模型", "对比一下模型", "哪个模型最好"],
  ja: ["モデルを比較", "モデル比較", "モデルで比較", "どのモデルが一番"],
};

/**
 * "Every model", "all the models", "alle Modelle": a request only with a compare or try verb near it. Alone they are a
 * topic as often ("a thumbnail ranking every model of iPhone"), and a comparison is paid.
 */
const modelsPhrases: Record<Language, readonly string[]> = {
  en: ["every model", "all the models", "all models", "each model"],
  es: ["todos los modelos", "cada modelo"],
  fr: ["tous les modeles", "chaque modele"],
  de: ["alle modelle", "allen modellen", "jedes modell", "jedem modell"],
  zh: ["所有模型", "每个模型", "各个模型", "全部模型"],
  ja: ["全モデル", "すべてのモデル", "全部のモデル", "各モデル"],
};

/** The verbs that make those phrases a request: try, test, compare, use, run (normalized). */
const compareVerbs: Record<Language, readonly string[]> = {
  en: ["try", "test", "compare", "use", "run"],
  es: ["prueba", "probar", "pruebalo", "compara", "comparar", "usa", "usar"],
  fr: ["essaie", "essayer", "essayez", "teste", "tester", "compare", "comparer", "utilise", "utiliser"],
  de: ["probier", "probiere", "probieren", "teste", "testen", "vergleiche", "vergleichen", "nutze", "verwende"],
  zh: ["用", "试", "比较", "对比", "跑"],
  ja: ["で", "試", "比較", "使"],
};

/** How far from the phrase, in characters of the normalized text, its verb may be: the same short sentence. */
const VERB_REACH = 60;

/** Words that leave a compare request bare: "try this", "it", "please". What remains beyond them is a topic. */
const fillers = new Set([
  "try", "this", "it", "that", "one", "please", "on", "with", "the", "a", "an", "and", "same", "thumbnail", "image", "picture", "again", "let's", "lets", "can", "you", "run", "test",
  "prueba", "probar", "esto", "esta", "este", "lo", "la", "el", "por", "favor", "haz", "una", "miniatura", "imagen", "y",
  "essaie", "essayer", "ca", "cela", "ce", "le", "les", "s'il", "te", "plait", "fais", "une", "miniature", "et",
  "probier", "probiere", "teste", "das", "dies", "es", "bitte", "mal", "bild", "vorschaubild", "und",
]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** An alternation of phrases: whole words in Latin scripts (any run of spaces or hyphens between), substrings in CJK. */
function alternation(phrases: readonly string[], latinWord: (phrase: string) => string = (p) => escapeRegExp(p).replace(/ /g, "[\\s-]+")): string {
  const sorted = [...phrases].sort((a, b) => b.length - a.length);
  const latin = sorted.filter((p) => !containsCjk(p)).map(latinWord);
  const spaceless = sorted.filter((p) => containsCjk(p)).map(escapeRegExp);
  return [...(latin.length > 0 ? [`(?<![\\p{L}\\p{N}])(?:${latin.join("|")})(?![\\p{L}\\p{N}])`] : []), ...(spaceless.length > 0 ? [`(?:${spaceless.join("|")})`] : [])].join("|");
}

const cache = new Map<string, RegExp>();
function cached(key: string, build: () => RegExp): RegExp {
  let pattern = cache.get(key);
  if (!pattern) {
    pattern = build();
    cache.set(key, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

const comparePattern = (language: Language) => cached(`compare:${language}`, () => new RegExp(alternation(comparePhrases[language]), "gu"));
const modelsPattern = (language: Language) => cached(`models:${language}`, () => new RegExp(alternation(modelsPhrases[language]), "gu"));
const verbPattern = (language: Language) => cached(`verbs:${language}`, () => new RegExp(alternation(compareVerbs[language]), "u"));

const languagesFor = (language: Language): readonly Language[] => (language === "en" ? ["en"] : [language, "en"]);

/** Where "every model" and its like stand with a try or compare verb within reach: [start, end) in `normalized`. */
function modelsWithVerb(normalized: string, language: Language): [number, number][] {
  const found: [number, number][] = [];
  for (const each of languagesFor(language)) {
    for (const match of normalized.matchAll(modelsPattern(each))) {
      const start = match.index;
      const end = start + match[0].length;
      const around = `${normalized.slice(Math.max(0, start - VERB_REACH), start)} ${normalized.slice(end, end + VERB_REACH)}`;
      if (languagesFor(language).some((verbs) => verbPattern(verbs).test(around))) found.push([start, end]);
    }
  }
  return found;
}

/** Whether normalized text asks to try something on every model. */
export function asksForCompare(normalized: string, language: Language): boolean {
  return languagesFor(language).some((each) => comparePattern(each).test(normalized)) || modelsWithVerb(normalized, language).length > 0;
}

/** The text with its compare phrases taken out: what remains is what to make. */
function withoutPhrases(normalized: string, language: Language): string {
  let rest = normalized;
  for (const each of languagesFor(language)) rest = rest.replace(comparePattern(each), " ");
  // From the last span back, so the earlier spans' places stay where they were found.
  for (const [start, end] of modelsWithVerb(rest, language).sort((a, b) => b[0] - a[0])) rest = `${rest.slice(0, start)} ${rest.slice(end)}`;
  return rest;
}

/** Accented letters as the raw text may write them, for a phrase matched after normalizeText took the accents off. */
const accented: Record<string, string> = { a: "aàáâäã", e: "eéèêë", i: "iíìîï", o: "oóòôöõ", u: "uúùûü", c: "cç", n: "nñ" };
const anyAccent = (phrase: string) => [...escapeRegExp(phrase)].map((char) => (accented[char] ? `[${accented[char]}]` : char === " " ? "[\\s-]+" : char)).join("");

/**
 * The prompt a compare request with a topic asks for: the user's words without "on every model" and its like (in any
 * case and with their accents), and without a trailing "and", comma or dash left by the cut.
 */
export function compareTopic(text: string, language: Language): string {
  const languagesHere = languagesFor(language);
  const phrases = languagesHere.flatMap((each) => [...comparePhrases[each], ...modelsPhrases[each]]);
  const pattern = new RegExp(alternation(phrases, anyAccent), "giu");
  const cut = text.replace(pattern, " ").replace(/\s+/gu, " ").replace(/[\s,;:—–-]+$/u, "").replace(/^[\s,;:—–-]+/u, "").trim();
  return cut === "" ? text.trim() : cut;
}

/**
 * Whether a compare request names nothing to make ("try this on every model", "compare models", "所有模型试一下"): then
 * it is about the current image. Anything left beyond the phrase and filler words is a topic.
 */
export function isBareCompare(normalized: string, language: Language): boolean {
  const rest = withoutPhrases(normalized, language);
  if (containsCjk(rest)) return rest.replace(/[\s\p{P}]/gu, "").replace(/[试试一下用把这个它吧请做看]/gu, "").replace(/[でこれをしてください試すやってみて]/gu, "").length <= 2;
  const words = rest.split(/[^\p{L}\p{N}']+/u).filter(Boolean);
  return words.filter((word) => !fillers.has(word)).length === 0;
}
