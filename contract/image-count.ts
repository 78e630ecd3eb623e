import { MAX_IMAGES_PER_MESSAGE } from "./chat.ts";
import type { Language } from "./languages.ts";

/**
 * How many images a chat message asks for ("three variations", "tres miniaturas", "3枚"), read the same way by the
 * offline assistant and by the composer that shows what the message will cost.
 */

/** Full-width forms folded (NFKC), Latin accents dropped, lower case, one apostrophe; kana keep their voicing marks. */
export function foldText(text: string): string {
  return text.normalize("NFKC").normalize("NFD").replace(/[\u0300-\u036f]/g, "").normalize("NFC").toLowerCase().replace(/[’`´]/g, "'");
}

/** Folded (foldText), with runs of white space as one space and none at either end. */
export function normalizeText(text: string): string {
  return foldText(text).replace(/\s+/g, " ").trim();
}

/** Nouns a number counts, and number words, per language (matched after normalizeText). */
const countWords: Record<Language, { nouns: readonly string[]; numbers: Record<string, number> }> = {
  en: {
    nouns: ["variations", "variation", "versions", "version", "options", "thumbnails", "images", "pictures", "posters", "takes", "ideas", "designs", "covers", "pics", "ones", "alternatives"],
    numbers: { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20, hundred: 100, thousand: 1000, couple: 2, "a couple of": 2, few: 3, "a few": 3, several: 3, dozen: 12 },
  },
  es: {
    nouns: ["variaciones", "versiones", "opciones", "miniaturas", "imagenes", "fotos", "posters", "portadas", "ideas", "disenos", "propuestas"],
    numbers: { uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, cien: 100, mil: 1000, "un par de": 2, varias: 3, varios: 3 },
  },
  fr: {
    nouns: ["variations", "versions", "options", "miniatures", "images", "photos", "affiches", "idees", "propositions", "visuels"],
    numbers: { un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, cent: 100, mille: 1000, quelques: 3, plusieurs: 3 },
  },
  de: {
    nouns: ["varianten", "versionen", "optionen", "thumbnails", "bilder", "fotos", "poster", "ideen", "entwurfe", "vorschlage", "vorschaubilder"],
    numbers: { eins: 1, ein: 1, eine: 1, zwei: 2, drei: 3, vier: 4, funf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, hundert: 100, tausend: 1000, paar: 2, "ein paar": 3, mehrere: 3 },
  },
  zh: {
    nouns: ["张", "个", "幅", "款", "种", "版", "套"],
    numbers: { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 百: 100, 千: 1000, 几: 3 },
  },
  ja: {
    nouns: ["枚", "つ", "パターン", "案", "種類", "個", "バリエーション"],
    numbers: { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 百: 100, 千: 1000, 数: 3 },
  },
};

const spaceless = new Set<Language>(["zh", "ja"]);
const cjkNumerals: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 几: 3, 数: 3 };
const patterns = new Map<Language, RegExp>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** "<number> [up to two words] <noun>", or "<numeral><counter>" in Chinese and Japanese; built once per language. */
function countPattern(language: Language): RegExp {
  let pattern = patterns.get(language);
  if (!pattern) {
    const { nouns, numbers } = countWords[language];
    const nounAlternatives = nouns.map(escapeRegExp).join("|");
    if (spaceless.has(language)) {
      // "2枚目" is "the second one", not two images.
      pattern = new RegExp(`(\\d+|[一两二三四五六七八九十百千几数]+)\\s*(?:${nounAlternatives})(?!目)`, "u");
    } else {
      const words = Object.keys(numbers).sort((a, b) => b.length - a.length).map(escapeRegExp).join("|");
      pattern = new RegExp(`(?<![\\p{L}\\p{N}])(\\d+|${words})\\s+(?:[\\p{L}'-]+\\s+){0,2}?(?:${nounAlternatives})(?![\\p{L}])`, "u");
    }
    patterns.set(language, pattern);
  }
  return pattern;
}

function cjkNumber(text: string): number {
  if (/^\d+$/.test(text)) return Number(text);
  if (text.includes("千")) return 1000;
  if (text.includes("百")) return 100;
  if (text.includes("十")) return 10;
  return cjkNumerals[text.at(-1) ?? ""] ?? 1;
}

function countIn(normalized: string, language: Language): number | undefined {
  const match = countPattern(language).exec(normalized);
  if (!match?.[1]) return undefined;
  if (spaceless.has(language)) return cjkNumber(match[1]);
  return /^\d+$/.test(match[1]) ? Number(match[1]) : countWords[language].numbers[match[1]];
}

/**
 * How many images normalized text asks for, in its language or else English, within 1…MAX_IMAGES_PER_MESSAGE;
 * undefined when it names no count.
 */
export function countInNormalized(normalized: string, language: Language): number | undefined {
  for (const each of language === "en" ? (["en"] as const) : [language, "en" as const]) {
    const asked = countIn(normalized, each);
    if (asked !== undefined && Number.isFinite(asked)) return Math.min(Math.max(Math.trunc(asked), 1), MAX_IMAGES_PER_MESSAGE);
  }
  return undefined;
}

/** How many images a message asks for: one when it names no count. */
export function requestedImageCount(text: string, language: Language): number {
  return countInNormalized(normalizeText(text), language) ?? 1;
}
