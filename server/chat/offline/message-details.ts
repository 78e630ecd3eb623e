import { labelledHeadline } from "../../../contract/headline-hook.ts";
import { countInNormalized } from "../../../contract/image-count.ts";
import { type ImageAspect, type ImageStyle, MAX_PERSONAS } from "../../../contract/images.ts";
import type { Language } from "../../../contract/languages.ts";
import { aspectTerms, colorHex, type ColorName, type Lexicon, lexicons, modelTerms } from "./lexicon.ts";
import { earliestKeyWithTerm, firstKeyWithTerm, hasTerm, termIndex } from "./text-match.ts";

/** The details a message carries, each read on its own so they can be tested on their own. */

const HEADLINE_MAX = 120;

/** Quote pairs people type, straight single quotes only around whole words ("don't" is no quote). */
const quotedSpan =
  /"([^"\n]+)"|“([^”\n]+)”|„([^“”\n]+)[“”]|«([^»\n]+)»|‹([^›\n]+)›|「([^」\n]+)」|『([^』\n]+)』|‘([^’\n]+)’|＂([^＂\n]+)＂|(?<![\p{L}\p{N}])'([^'\n]+)'(?![\p{L}\p{N}])/gu;

function firstCapture(match: RegExpMatchArray): string {
  return (match.slice(1).find((group) => group !== undefined) ?? "").trim();
}

/** The words to print on the thumbnail: the first quoted span that fits a headline, or "headline: …". */
export function extractHeadline(text: string): string | undefined {
  for (const match of text.matchAll(quotedSpan)) {
    const inside = firstCapture(match);
    if (inside.length > 0 && inside.length <= HEADLINE_MAX) return inside;
  }
  const labelled = labelledHeadline(text);
  return labelled && labelled.length <= HEADLINE_MAX ? labelled : undefined;
}

/** The message without its quoted spans: quoted words are content, never instructions. */
export function withoutQuotes(text: string): string {
  return text.replace(quotedSpan, " ");
}

// Handles are Latin letters (accents too), digits, "-" and "_"; a letter right before the @ makes an e-mail address,
// except in Chinese and Japanese, which put no space before it.
const handlePattern = /(?<![A-Za-z0-9_@.])@([\p{Script=Latin}\p{Nd}_-]{1,40})/gu;

/** @handles exactly as written (the server resolves them), at most three, no repeats. */
export function extractHandles(text: string): string[] {
  const handles: string[] = [];
  for (const match of text.matchAll(handlePattern)) {
    const handle = match[1];
    if (handle && !handles.some((known) => known.toLowerCase() === handle.toLowerCase())) handles.push(handle);
  }
  return handles.slice(0, MAX_PERSONAS);
}

/** The lexicons to read a message with: its language first, then English, which creators mix in everywhere. */
export function lexiconsFor(language: Language): Lexicon[] {
  return language === "en" ? [lexicons.en] : [lexicons[language], lexicons.en];
}

/** How many images the message asks for ("three variations", "3枚"), within 1…MAX_IMAGES_PER_MESSAGE. */
export function extractCount(normalized: string, language: Language): number | undefined {
  return countInNormalized(normalized, language);
}

export function extractStyle(normalized: string, language: Language): ImageStyle | undefined {
  for (const lexicon of lexiconsFor(language)) {
    const style = earliestKeyWithTerm(normalized, lexicon.styles);
    if (style) return style;
  }
  return undefined;
}

export function extractAspect(normalized: string): ImageAspect | undefined {
  return firstKeyWithTerm(normalized, aspectTerms);
}

/** A model id from contract/models.ts when the message names one. */
export function extractModel(normalized: string): string | undefined {
  return firstKeyWithTerm(normalized, modelTerms);
}

// German writes a shade and its colour as one word ("dunkelblau", "hellgrün"). The set has one hue a name, so the
// shade is blanked out, keeping every index in place, and the colour stands as a word of its own.
const germanShade = /(?<![\p{L}])(?:dunkel|hell|knall|neon|tief)(?=(?:rot|blau|grun|gelb|grau|lila|braun|orange|pink|rosa|turkis|violett|schwarz|weiss))/gu;

function withShadesApart(normalized: string): string {
  return normalized.replace(germanShade, (shade) => " ".repeat(shade.length));
}

/** A colour as #rrggbb: typed as hex, or a colour word of the message's language (or English). */
export function extractColor(text: string, language: Language): string | undefined {
  const normalized = withShadesApart(text);
  const hex = /#([0-9a-f]{6}|[0-9a-f]{3})(?![0-9a-z])/.exec(normalized)?.[1];
  if (hex) return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join("") : hex}`;
  for (const lexicon of lexiconsFor(language)) {
    const name = earliestKeyWithTerm(normalized, lexicon.colors);
    if (name) return colorHex[name];
  }
  return undefined;
}

/**
 * The colour said nearest to a place in the message (`at`, a character index), and the first other colour said, as
 * #rrggbb: "yellow text with a black outline" gives black for the outline and yellow for the rest.
 */
export function colorsAround(text: string, language: Language, at: number): { nearest?: string; other?: string } {
  const normalized = withShadesApart(text);
  const found: { hex: string; index: number }[] = [];
  const hex = /#([0-9a-f]{6})(?![0-9a-z])/.exec(normalized);
  if (hex) found.push({ hex: `#${hex[1]}`, index: hex.index });
  for (const lexicon of lexiconsFor(language)) {
    for (const [name, terms] of Object.entries(lexicon.colors) as [ColorName, readonly string[]][]) {
      const index = termIndex(normalized, terms);
      if (index >= 0 && !found.some((f) => f.hex === colorHex[name])) found.push({ hex: colorHex[name], index });
    }
  }
  if (found.length === 0) return {};
  const nearest = found.reduce((best, f) => (Math.abs(f.index - at) < Math.abs(best.index - at) ? f : best));
  const other = found.filter((f) => f !== nearest).sort((a, b) => a.index - b.index)[0];
  return { nearest: nearest.hex, ...(other ? { other: other.hex } : {}) };
}

const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

export function extractUuids(text: string): string[] {
  return [...text.matchAll(uuidPattern)].map((match) => match[0].toLowerCase());
}

const ordinals: Record<Language, readonly (readonly string[])[]> = {
  en: [["first", "1st"], ["second", "2nd"], ["third", "3rd"], ["fourth", "4th"]],
  es: [["primera", "primero", "1a"], ["segunda", "segundo", "2a"], ["tercera", "tercero", "3a"], ["cuarta", "cuarto", "4a"]],
  fr: [["premiere", "premier", "1re"], ["deuxieme", "seconde", "second", "2e"], ["troisieme", "3e"], ["quatrieme", "4e"]],
  de: [["erste", "ersten", "erstes"], ["zweite", "zweiten", "zweites"], ["dritte", "dritten", "drittes"], ["vierte", "vierten", "viertes"]],
  zh: [["第一", "第1"], ["第二", "第2"], ["第三", "第3"], ["第四", "第4"]],
  ja: [["1枚目", "一枚目", "最初の"], ["2枚目", "二枚目"], ["3枚目", "三枚目"], ["4枚目", "四枚目"]],
};

/** Which of the last batch the message points at ("the second one", "2枚目"): a 0-based index. */
export function extractOrdinal(normalized: string, language: Language): number | undefined {
  for (const table of new Set([ordinals[language], ordinals.en])) {
    const index = table.findIndex((terms) => hasTerm(normalized, terms));
    if (index >= 0) return index;
  }
  return undefined;
}
