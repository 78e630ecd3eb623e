import { defaultLanguage, type Language, languages } from "../../contract/languages.ts";

/** The codings a page is held in, best first: brotli is smaller than gzip for the same HTML. */
export const encodings = ["br", "gzip", "identity"] as const;
export type Encoding = (typeof encodings)[number];

interface Range {
  name: string;
  q: number;
  order: number;
}

/** `a;q=0.5, b` → ranges with their weights, lower-cased; a malformed weight counts as 1, as browsers never send one. */
function parseRanges(header: string): Range[] {
  const ranges: Range[] = [];
  let order = 0;
  for (const part of header.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=");
      if (key?.trim().toLowerCase() !== "q" || value === undefined) continue;
      const weight = Number(value.trim());
      if (Number.isFinite(weight)) q = Math.min(1, Math.max(0, weight));
    }
    ranges.push({ name, q, order: order++ });
  }
  return ranges;
}

/**
 * Accept-Encoding (RFC 9110 §12.5.3): the best coding the client accepts with a weight above zero, preferring ours in
 * the order of `encodings` among equal weights. Identity is acceptable unless excluded (`identity;q=0` or `*;q=0`
 * without naming it); when everything is excluded the page still goes out uncompressed rather than as a 406.
 */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const ranges = parseRanges(header);
  const star = ranges.find((r) => r.name === "*");
  let best: Encoding = "identity";
  let bestQ = 0;
  for (const coding of encodings) {
    const named = ranges.find((r) => r.name === coding);
    // Identity nobody mentions is acceptable, but only when nothing else is (a tiny weight).
    const q = named?.q ?? (coding === "identity" ? (star?.q === 0 ? 0 : 0.001) : (star?.q ?? 0));
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/**
 * Accept-Language as Express negotiates it: each of our languages takes the weight of the most specific range that
 * matches it (`de` for de, `de-CH` for de, then `*`), and the heaviest wins, then the more specific match, then the
 * one the header lists first. Nothing acceptable → undefined.
 */
export function preferredLanguage(header: string | undefined): Language | undefined {
  if (header === undefined) return defaultLanguage;
  const ranges = parseRanges(header);
  let best: { language: Language; q: number; specificity: number; order: number } | undefined;
  for (const language of languages) {
    let match: { q: number; specificity: number; order: number } | undefined;
    for (const range of ranges) {
      const specificity = range.name === language ? 2 : range.name.split("-")[0] === language ? 1 : range.name === "*" ? 0 : -1;
      if (specificity < 0) continue;
      // The most specific range speaks for the language; among equals, the heavier.
      if (match && (match.specificity > specificity || (match.specificity === specificity && match.q >= range.q))) continue;
      match = { q: range.q, specificity, order: range.order };
    }
    if (!match || match.q <= 0) continue;
    if (
      !best ||
      match.q > best.q ||
      (match.q === best.q && (match.specificity > best.specificity || (match.specificity === best.specificity && match.order < best.order)))
    ) {
      best = { language, ...match };
    }
  }
  return best?.language;
}

/**
 * Remembers answers by header value: browsers send a handful of distinct headers, so a page request is a map lookup.
 * Bounded, and emptied when full, so made-up headers cannot grow it.
 */
export function memoized<T>(decide: (header: string | undefined) => T, limit = 512): (header: string | undefined) => T {
  const answers = new Map<string, T>();
  return (header) => {
    if (header === undefined) return decide(header);
    const known = answers.get(header);
    if (known !== undefined) return known;
    const answer = decide(header);
    if (answers.size >= limit) answers.clear();
    answers.set(header, answer);
    return answer;
  };
}
