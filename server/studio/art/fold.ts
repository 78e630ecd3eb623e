/**
 * How prompt text and keywords are compared: Latin words case- and accent-folded ("Vídeo" = "video", "Fußball" =
 * "fussball"), CJK runs kept as written (they have no word breaks and are matched as substrings), full-width
 * forms made ordinary first.
 */
export type Script = "latin" | "cjk";

export interface Token {
  /** The word as written in the prompt. */
  text: string;
  /** Folded for comparison. */
  folded: string;
  script: Script;
  /** Where it sits in the NFKC-normalised prompt, in UTF-16 units. */
  start: number;
  end: number;
}

// The prolonged sound mark and iteration marks are "Common" script but belong inside a Japanese or Chinese word.
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー々〆ヶ]+/gu;
const LATIN_WORD = /[\p{L}\p{N}]+/gu;

export function isCjk(text: string): boolean {
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text);
}

/** Lower case without accents; ß and the ligatures spelled out, so a keyword matches however it was typed. */
export function foldLatin(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/gu, "ss")
    .replace(/æ/gu, "ae")
    .replace(/œ/gu, "oe")
    .replace(/ø/gu, "o")
    .replace(/ł/gu, "l");
}

/** CJK text is only width-normalised (half-width katakana, full-width letters): dakuten are part of the word. */
export function foldCjk(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/**
 * The prompt's words in order: each CJK run is one token, everything else splits at anything that is not a letter
 * or digit (so "grandma's" gives "grandma" and "s", "l'argent" gives "l" and "argent").
 */
export function tokenize(prompt: string): Token[] {
  const text = prompt.normalize("NFKC");
  const tokens: Token[] = [];
  let last = 0;
  const latin = (from: number, to: number) => {
    const part = text.slice(from, to);
    for (const m of part.matchAll(LATIN_WORD)) {
      const start = from + m.index;
      tokens.push({ text: m[0], folded: foldLatin(m[0]), script: "latin", start, end: start + m[0].length });
    }
  };
  for (const m of text.matchAll(CJK_RUN)) {
    latin(last, m.index);
    tokens.push({ text: m[0], folded: foldCjk(m[0]), script: "cjk", start: m.index, end: m.index + m[0].length });
    last = m.index + m[0].length;
  }
  latin(last, text.length);
  return tokens;
}
