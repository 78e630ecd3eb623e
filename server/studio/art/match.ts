import type { Lang } from "./catalogue.ts";
import { type Token, tokenize } from "./fold.ts";
import type { KeywordIndex, Posting } from "./keyword-index.ts";
import { latinLangs, stem } from "./stem.ts";
import { isStopWord, stopWordsOf } from "./stop-words.ts";

/**
 * Finds where the prompt names catalogue entries: each match is a stretch of the prompt with the entries it could
 * mean, each scored. Scores multiply how strongly the keyword names the entry (topic > CLDR label > tag), how the
 * words met (as written > stemmed > part of a compound), how long the match is, what the entry draws (an object >
 * a person > a face) and whether the keyword is in the prompt's language.
 */
export interface Match {
  start: number;
  end: number;
  /** The words as written in the prompt. */
  word: string;
  candidates: { entry: number; score: number }[];
}

// "$500", "1000€", "£5", "10万円", "5000元", "500 euros": a price or an income, written with digits.
const AMOUNT =
  /[$€£¥￥]\s?\d[\d.,]*(?:\s?[kKmM]\b)?|\d[\d.,]*\s?(?:[kKmM]\s?)?(?:€|\$|£|万円|万元|円|元|块|ユーロ|ドル|euros?\b|dollars?\b|bucks\b)/gu;

// One emoji as typed: a pictograph with its selectors, skin tone and joined parts ("🧑‍💻").
const EMOJI = /\p{Extended_Pictographic}(?:\u{FE0F}|\p{Emoji_Modifier}|\u{200D}\p{Extended_Pictographic})*/gu;
const EMOJI_DECORATION = /\u{FE0F}|\p{Emoji_Modifier}/gu;

const QUALITY = { exact: 1, stem: 0.9, compoundHead: 0.6, compoundFirst: 0.5 } as const;
// Hearts carry CLDR's feelings as tags ("morning", "good", "excited"), so they stand behind the objects too.
const KIND = { object: 1, heart: 0.8, person: 0.75, face: 0.65 } as const;
// Digits, with or without an ordinal ending: "100", "1st", "2e", "3.", "10te".
const NUMBER = /^\d+(?:st|nd|rd|th|er|e|eme|o|a|te|ten|ter)?$/u;

/** The prompt's language as far as it shows: kana or Han, else the Latin language with most stop words and marks. */
function detectLang(text: string, tokens: readonly Token[]): Lang | undefined {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return "ja";
  if (/\p{Script=Han}/u.test(text)) return "zh";
  const hits: Record<string, number> = { en: 0, es: 0, fr: 0, de: 0 };
  for (const token of tokens) {
    for (const lang of latinLangs) if (stopWordsOf(lang).has(token.folded)) hits[lang] = (hits[lang] ?? 0) + 1;
  }
  if (/[ñ¿¡]/iu.test(text)) hits.es = (hits.es ?? 0) + 2;
  if (/[ßäöü]/iu.test(text)) hits.de = (hits.de ?? 0) + 2;
  if (/[çèêàùœâîôû]/iu.test(text)) hits.fr = (hits.fr ?? 0) + 2;
  let best: Lang | undefined;
  let most = 0;
  for (const lang of latinLangs) {
    if ((hits[lang] ?? 0) > most) {
      most = hits[lang] ?? 0;
      best = lang;
    }
  }
  return best;
}

function langFactor(keyword: Lang | undefined, prompt: Lang | undefined): number {
  if (!keyword || !prompt || keyword === prompt) return 1;
  if (prompt === "zh" || prompt === "ja") return keyword === "zh" || keyword === "ja" ? 0.8 : 0.85;
  // English words are everywhere in other languages' titles ("setup", "gaming"); the other way round, and between
  // the rest, a word is more often a false friend ("chat", "dice", "gift") than a loan.
  return keyword === "en" ? 0.7 : 0.15;
}

export function findMatches(index: KeywordIndex, prompt: string): Match[] {
  const written = prompt.normalize("NFKC");
  // Lower-cased character by character, each keeping its length, so offsets into it are offsets into `written`.
  const lowered = [...written].map((c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join("");
  const tokens = tokenize(written).filter((t) => t.script === "latin");
  const lang = detectLang(written, tokens);
  const matches: Match[] = [];
  const push = (start: number, end: number, postings: Posting[], quality: number, length: number) => {
    const candidates = postings.map((p) => {
      const entry = index.entries[p.entry];
      const kind = entry ? KIND[entry.kind] : 0;
      return { entry: p.entry, score: p.weight * quality * length * kind * langFactor(p.lang, lang) };
    });
    matches.push({ start, end, word: written.slice(start, end), candidates });
  };

  // In a prompt with capitals, "AI", "KI", "PC" count only written as acronyms: "j'ai" is French for "I have".
  const cased = /\p{Lu}/u.test(written);
  latinMatches(index, tokens, written, cased, push);
  for (const m of written.matchAll(AMOUNT)) push(m.index, m.index + m[0].length, index.amount, QUALITY.exact, 1);
  cjkMatches(index, lowered, push);
  for (const m of written.matchAll(EMOJI)) {
    const bare = m[0].replace(EMOJI_DECORATION, "");
    // "👨‍🍳" gave way to "🧑‍🍳" in the catalogue; its last part ("🍳") still says what it is about.
    const postings = index.emoji.get(bare) ?? index.emoji.get(bare.split("\u200D").at(-1) ?? "");
    if (postings) push(m.index, m.index + m[0].length, postings, QUALITY.exact, 1);
  }
  return matches;
}

type Push = (start: number, end: number, postings: Posting[], quality: number, length: number) => void;

function isAcronymOnly(token: Token, previous: Token | undefined, written: string, cased: boolean): boolean {
  if (token.folded.length > 2) return false;
  const elided = previous?.folded === "j" && /^['’]$/u.test(written.slice(previous.end, token.start));
  return elided || (cased && token.text !== token.text.toUpperCase());
}

function latinMatches(index: KeywordIndex, tokens: Token[], written: string, cased: boolean, push: Push) {
  const folded = tokens.map((t) => t.folded);
  const stems = latinLangs.map((l) => [l, folded.map((w) => stem(w, l))] as const);
  for (let i = 0; i < tokens.length; i++) {
    let found = false;
    for (let n = Math.min(index.maxWords, tokens.length - i); n >= 1; n--) {
      const run = tokens.slice(i, i + n);
      const first = run[0];
      const last = run[n - 1];
      if (!first || !last) continue;
      if (n === 1 && (isStopWord(first.folded) || NUMBER.test(first.folded))) continue;
      if (n === 1 && isAcronymOnly(first, tokens[i - 1], written, cased)) continue;
      // A phrase never starts or ends on a grammar word ("the money", "money of").
      if (n > 1 && (isStopWord(first.folded) || isStopWord(last.folded))) continue;
      const length = 1 + 0.3 * (n - 1);
      const exact = index.exact.get(folded.slice(i, i + n).join(" "));
      if (exact) {
        push(first.start, last.end, exact, QUALITY.exact, length);
        found = true;
      }
      for (const [l, stemmed] of stems) {
        const postings = index.stemmed[l].get(stemmed.slice(i, i + n).join(" "));
        if (postings) {
          push(first.start, last.end, postings, QUALITY.stem, length);
          found = true;
        }
      }
    }
    const token = tokens[i];
    if (!found && token && token.folded.length >= 7 && !isStopWord(token.folded)) compoundMatch(index, token, push);
  }
}

/**
 * A German compound: its last noun (the head) names the thing ("Koch|rezepte"), else its first ("Geld|anlage"); the
 * longest known part wins.
 */
function compoundMatch(index: KeywordIndex, token: Token, push: Push) {
  const word = token.folded;
  for (let cut = 3; cut <= word.length - 4; cut++) {
    const postings = index.compound.get(stem(word.slice(cut), "de"));
    if (postings) {
      push(token.start, token.end, postings, QUALITY.compoundHead, 1);
      return;
    }
  }
  for (let cut = word.length - 3; cut >= 4; cut--) {
    const head = word.slice(0, cut);
    // The linking "s" of "Trainings|plan" belongs to neither noun.
    const postings = index.compound.get(stem(head, "de")) ?? (head.endsWith("s") ? index.compound.get(stem(head.slice(0, -1), "de")) : undefined);
    if (postings) {
      push(token.start, token.end, postings, QUALITY.compoundFirst, 1);
      return;
    }
  }
}

/**
 * Every CJK keyword found anywhere in the prompt, the longest at each position only. A katakana word of one or two
 * characters must be the whole katakana run ("スパ" is not in "コスパ"); longer ones may sit in a compound
 * ("ホラーゲーム").
 */
function cjkMatches(index: KeywordIndex, text: string, push: Push) {
  for (let i = 0; i < text.length; i++) {
    const keys = index.cjkByFirst.get(text[i] ?? "");
    if (!keys) continue;
    const key = keys.find((k) => text.startsWith(k, i) && (k.length > 2 || !KATAKANA_WORD.test(k) || wholeKatakana(text, i, i + k.length)));
    const postings = key ? index.cjk.get(key) : undefined;
    if (!key || !postings) continue;
    const chars = [...key].length;
    push(i, i + key.length, postings, QUALITY.exact, Math.min(1.6, 0.7 + 0.15 * chars));
  }
}

const KATAKANA_WORD = /^[\p{Script=Katakana}ー]+$/u;
const KATAKANA = /[\p{Script=Katakana}ー]/u;

function wholeKatakana(text: string, start: number, end: number): boolean {
  return !KATAKANA.test(text[start - 1] ?? "") && !KATAKANA.test(text[end] ?? "");
}
