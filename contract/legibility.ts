/**
 * When a headline reads at a thumbnail's feed size: the thresholds the web's feed preview and the server's feed check
 * both judge by (docs/product/feed-check.md, docs/decisions/035-the-feed-check.md).
 */

/** Cap heights (px at feed size) at which a headline reads at a glance (an 11 px UI font), and the least that reads at all. */
export const CAP_GOOD = 8;
export const CAP_FAIR = 6;
/** CJK characters carry more strokes than Latin capitals, so they need more pixels. */
export const CJK_GOOD = 11;
export const CJK_FAIR = 8;
/** WCAG AA for normal text, and AA for large text: thumbnails are seen small, so the stricter one is "good". */
export const CONTRAST_GOOD = 4.5;
export const CONTRAST_FAIR = 3;
