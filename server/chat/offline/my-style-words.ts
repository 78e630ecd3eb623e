/**
 * "In my style": the creator wants the thumbnail made in their own style kit (docs/product/style-kits.md). Matched
 * after normalizeText (lower case, no accents), in the six languages.
 */
const MY_STYLE: readonly RegExp[] = [
  /\b(?:in|with|using|like)\s+my\s+(?:own\s+)?(?:style|look|channel(?:'s|s)?\s+(?:style|look)|style\s+kit|kit)\b|\bmy\s+style\s+kit\b/u,
  /\b(?:en|con|segun)\s+mi\s+(?:propio\s+)?(?:estilo|kit\s+de\s+estilo)\b|\bcomo\s+mi\s+canal\b/u,
  /\b(?:dans|avec|selon)\s+mon\s+(?:propre\s+)?(?:style|kit\s+de\s+style)\b|\ba\s+ma\s+facon\b/u,
  /\b(?:in|mit|nach)\s+meinem\s+(?:eigenen\s+)?(?:stil|stilkit|style\s+kit|kanalstil)\b/u,
  /我(?:自己)?的(?:频道|頻道)?(?:风格|風格)/u,
  /(?:私|わたし|自分|僕|俺)の(?:チャンネルの)?(?:スタイル|作風)/u,
];

export function asksMyStyle(normalized: string): boolean {
  return MY_STYLE.some((pattern) => pattern.test(normalized));
}
