import { normalizeText } from "./image-count.ts";

/**
 * How much of a thumbnail's headline the video's title already says (docs/product/images.md, Video title). On
 * YouTube the title sits right under the thumbnail, so a headline that repeats it spends the picture's few words on
 * what the viewer reads anyway; the feed check warns when more than half of the headline is in the title.
 */

// Chinese, Japanese and Korean have no spaces between words, so each of their characters is a unit of its own;
// elsewhere a unit is a word or a figure.
const CJK = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`;
const LETTER = String.raw`[^\P{L}${CJK}]`;
const UNIT = new RegExp(String.raw`[${CJK}]|(?:${LETTER}|\p{N})+(?:'${LETTER}+)*`, "gu");

/** The units a text is compared by: lower case, no accents, no punctuation; words in Latin scripts, characters in CJK. */
export function titleUnits(text: string): string[] {
  const plain = normalizeText(text)
    // "50,000" and "50.000" are one figure, not "50" and "000".
    .replace(/(\d)[,.'](?=\d{3}(?!\d))/gu, "$1");
  // "don't" and "dont" are one word: the apostrophe goes.
  return [...plain.matchAll(UNIT)].map((match) => match[0].replace(/'/gu, ""));
}

/**
 * The share, 0 to 1, of the headline's units that the title also has. 0 when either has none (no headline, no
 * title, or only punctuation), so a missing title never looks like a repeat.
 */
export function titleOverlap(headline: string | null | undefined, title: string | null | undefined): number {
  const headlineUnits = titleUnits(headline ?? "");
  const titleSet = new Set(titleUnits(title ?? ""));
  if (headlineUnits.length === 0 || titleSet.size === 0) return 0;
  return headlineUnits.filter((unit) => titleSet.has(unit)).length / headlineUnits.length;
}

/** The feed check's line: a headline that repeats more than half of the title's words says nothing new. */
export const TITLE_REPEAT_THRESHOLD = 0.5;
