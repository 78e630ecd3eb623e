/** Text helpers for reading chat messages: one normal form, whole-word matching for Latin scripts, substring for CJK. */

/** Full-width forms folded (NFKC), Latin accents dropped, lower case; kana keep their voicing marks. */
export function normalizeText(text: string): string {
  return text
    .normalize("NFKC")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC")
    .toLowerCase()
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

const cjk = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;
const termPatterns = new Map<string, RegExp>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function termPattern(term: string): RegExp {
  let pattern = termPatterns.get(term);
  if (!pattern) {
    // Words in scripts without spaces cannot have boundaries; Latin words must stand alone ("or" is not in "color").
    const body = escapeRegExp(normalizeText(term)).replace(/ /g, "[\\s-]+");
    pattern = cjk.test(term) ? new RegExp(body, "u") : new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, "u");
    termPatterns.set(term, pattern);
  }
  return pattern;
}

/** Whether normalized text holds one of the terms. */
export function hasTerm(normalized: string, terms: readonly string[]): boolean {
  return terms.some((term) => termPattern(term).test(normalized));
}

/** Where the first of the terms starts in normalized text, or -1. */
export function termIndex(normalized: string, terms: readonly string[]): number {
  let first = -1;
  for (const term of terms) {
    const index = normalized.search(termPattern(term));
    if (index >= 0 && (first < 0 || index < first)) first = index;
  }
  return first;
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
