import type { Language } from "../../contract/languages.ts";

/** Han, hiragana, katakana and half-width katakana: the scripts PostgreSQL has no dictionary for (search_cjk_bigrams in 0024). */
const cjkRun = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]+/gu;
const kana = /[\u3040-\u30ff\uff66-\uff9f]/u;
const word = /[\p{L}\p{N}]+/gu;

/** The text search configuration each language's words are stemmed with; Chinese and Japanese go by pairs of characters. */
export const searchConfigs: Record<Language, "english" | "spanish" | "french" | "german" | "simple"> = {
  en: "english",
  es: "spanish",
  fr: "french",
  de: "german",
  zh: "simple",
  ja: "simple",
};

export interface QueryWords {
  language: Language;
  /** Words of alphabetic scripts, lower case, each at least two characters (or a number). */
  words: string[];
  /** Runs of CJK characters. */
  cjk: string[];
  /** `to_tsquery` text of the words, each a prefix ('thumb':*), all required; null without words. */
  wordQuery: string | null;
  /** A tsquery of the CJK runs' pairs (a lone character as a prefix of its pairs), all required; null without CJK. */
  cjkQuery: string | null;
  /** What the results highlight. */
  terms: string[];
}

/**
 * Reads a search box's text: its language (Japanese when it has kana, Chinese or Japanese for Han alone by the
 * user's language, else the language asked for), its words and its CJK runs, as tsquery text. Every lexeme is made
 * only of letters and digits, so the quoted text cannot carry tsquery operators.
 */
export function readQuery(text: string, preferred: Language): QueryWords {
  const normalised = text.normalize("NFKC").toLowerCase();
  const cjk = normalised.match(cjkRun) ?? [];
  const rest = normalised.replace(cjkRun, " ");
  const words = [...new Set((rest.match(word) ?? []).filter((w) => w.length >= 2 || /^\p{N}+$/u.test(w)))].slice(0, 12);
  const language: Language = cjk.length === 0 ? preferred : cjk.some((run) => kana.test(run)) ? "ja" : preferred === "ja" ? "ja" : "zh";
  const cjkLexemes = cjk.flatMap((run) => {
    const chars = [...run];
    if (chars.length === 1) return [`'${run}':*`];
    return chars.slice(0, -1).map((char, i) => `'${char}${chars[i + 1]}'`);
  });
  return {
    language,
    words,
    cjk,
    wordQuery: words.length > 0 ? words.map((w) => `'${w}':*`).join(" & ") : null,
    cjkQuery: cjkLexemes.length > 0 ? [...new Set(cjkLexemes)].slice(0, 32).join(" & ") : null,
    terms: [...words, ...cjk],
  };
}

/**
 * A short piece of `text` around the first term found in it (a term's first four letters, for stems), on word
 * boundaries where there are spaces; the start of the text when none is found.
 */
export function snippetOf(text: string, terms: readonly string[], length = 140): string {
  const flat = text.replace(/\s+/gu, " ").trim();
  if (flat.length <= length) return flat;
  const lower = flat.toLowerCase();
  let at = -1;
  for (const term of terms) {
    const found = lower.indexOf(term);
    const stem = found < 0 && term.length > 4 ? lower.indexOf(term.slice(0, 4)) : found;
    if (stem >= 0 && (at < 0 || stem < at)) at = stem;
  }
  if (at < 0) return `${flat.slice(0, length).trimEnd()}…`;
  let start = Math.max(0, at - Math.floor(length / 4));
  const space = flat.lastIndexOf(" ", start);
  if (start > 0 && space > start - 15) start = space + 1;
  const end = Math.min(flat.length, start + length);
  return `${start > 0 ? "…" : ""}${flat.slice(start, end).trim()}${end < flat.length ? "…" : ""}`;
}
