/** Text helpers for reading chat messages: one normal form, whole-word matching for Latin scripts, substring for CJK. */

import { normalizeText } from "../../../contract/image-count.ts";

export { normalizeText };

const cjk = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * One pattern for a whole list of terms, made once per list: a message is read against hundreds of terms, and one
 * search per list finds the earliest of them. Words in scripts without spaces cannot have boundaries; Latin words
 * must stand alone ("or" is not in "color").
 */
const listPatterns = new Map<string, RegExp>();

function listPattern(terms: readonly string[]): RegExp {
  const key = terms.join("\u0000");
  let pattern = listPatterns.get(key);
  if (!pattern) {
    const body = (term: string) => escapeRegExp(normalizeText(term)).replace(/ /g, "[\\s-]+");
    // Longer terms first, so "make me" is preferred to "make" where both start at one place.
    const sorted = [...terms].sort((a, b) => b.length - a.length);
    const latin = sorted.filter((t) => !cjk.test(t)).map(body);
    const spaceless = sorted.filter((t) => cjk.test(t)).map(body);
    const alternatives = [
      ...(latin.length > 0 ? [`(?<![\\p{L}\\p{N}])(?:${latin.join("|")})(?![\\p{L}\\p{N}])`] : []),
      ...(spaceless.length > 0 ? [`(?:${spaceless.join("|")})`] : []),
    ];
    pattern = new RegExp(alternatives.length > 0 ? alternatives.join("|") : "(?!)", "u");
    listPatterns.set(key, pattern);
  }
  return pattern;
}

/** Whether normalized text holds one of the terms. */
export function hasTerm(normalized: string, terms: readonly string[]): boolean {
  return terms.length > 0 && listPattern(terms).test(normalized);
}

/** Where the first of the terms starts in normalized text, or -1. */
export function termIndex(normalized: string, terms: readonly string[]): number {
  return terms.length > 0 ? normalized.search(listPattern(terms)) : -1;
}

/** The first key whose terms occur in the text, in the order the record lists them. */
export function firstKeyWithTerm<K extends string>(normalized: string, table: Partial<Record<K, readonly string[]>>): K | undefined {
  for (const [key, terms] of Object.entries(table) as [K, readonly string[]][]) {
    if (hasTerm(normalized, terms)) return key;
  }
  return undefined;
}

/** The key whose terms occur earliest in the text (ties go to the record's order). */
export function earliestKeyWithTerm<K extends string>(normalized: string, table: Partial<Record<K, readonly string[]>>): K | undefined {
  let best: { key: K; index: number } | undefined;
  for (const [key, terms] of Object.entries(table) as [K, readonly string[]][]) {
    const index = termIndex(normalized, terms);
    if (index >= 0 && (!best || index < best.index)) best = { key, index };
  }
  return best?.key;
}

export function containsCjk(text: string): boolean {
  return cjk.test(text);
}
