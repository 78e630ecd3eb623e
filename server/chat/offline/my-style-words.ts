import { foldText } from "../../../contract/image-count.ts";
/**
 * "In my style": the creator wants the thumbnail made in their own style kit (docs/product/style-kits.md). Matched
 * after normalizeText (lower case, no accents), in the six languages. Longer phrases come first in each alternation,
 * so "using my own style kit" is matched whole and nothing of it is left for the headline.
 */
const MY_STYLE: readonly RegExp[] = [
  /\b(?:in|with|using|like)\s+my\s+(?:own\s+)?(?:style\s+kit|style|look|channel(?:'s|s)?\s+(?:style|look)|kit)\b|\bmy\s+style\s+kit\b/u,
  /\b(?:en|con|segun)\s+mi\s+(?:propio\s+)?(?:kit\s+de\s+estilo|estilo)\b|\bcomo\s+mi\s+canal\b/u,
  /\b(?:dans|avec|selon)\s+mon\s+(?:propre\s+)?(?:kit\s+de\s+style|style)\b|\ba\s+ma\s+facon\b/u,
  /\b(?:in|mit|nach)\s+meinem\s+(?:eigenen\s+)?(?:stilkit|stil|style\s+kit|kanalstil)\b/u,
  /(?:按照|用|按|以)?我(?:自己)?的(?:频道|頻道)?(?:风格|風格)(?:来|來)?/u,
  /(?:私|わたし|自分|僕|俺)の(?:チャンネルの)?(?:スタイル|作風)(?:で)?/u,
];

export function asksMyStyle(normalized: string): boolean {
  return MY_STYLE.some((pattern) => pattern.test(normalized));
}

/** One character as normalizeText (contract/image-count.ts) writes it, so a match maps back to the raw text. */
function normalizedChar(char: string): string {
  return foldText(char).replace(/\s/g, " ");
}

/**
 * The raw text without its "in my style" phrase: the phrase asks for the kit and is no part of the topic, so it must
 * not become the thumbnail's headline. Case, accents and the rest of the words stay as the creator wrote them.
 */
export function withoutMyStyle(text: string): string {
  let normalized = "";
  const rawIndex: number[] = [];
  let offset = 0;
  for (const char of text) {
    for (const unit of normalizedChar(char)) {
      normalized += unit;
      rawIndex.push(offset);
    }
    offset += char.length;
  }
  rawIndex.push(text.length);
  const cuts: [number, number][] = [];
  for (const pattern of MY_STYLE) {
    for (const match of normalized.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) {
      cuts.push([rawIndex[match.index] ?? 0, rawIndex[match.index + match[0].length] ?? text.length]);
    }
  }
  if (cuts.length === 0) return text;
  let kept = "";
  let from = 0;
  for (const [start, end] of cuts.sort((a, b) => a[0] - b[0])) {
    if (start < from) continue;
    kept += `${text.slice(from, start)} `;
    from = end;
  }
  kept += text.slice(from);
  const cleaned = kept.replace(/\s+/gu, " ").replace(/\s+([,.!?;:])/gu, "$1").replace(/^[\s,;:]+|[\s,;:]+$/gu, "").trim();
  return cleaned.length > 0 ? cleaned : text;
}
