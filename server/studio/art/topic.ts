import type { Lang } from "./catalogue.ts";

/**
 * One creator topic: the objects that show it, best first, and the words titles use for it in the six languages.
 * `weight` is how much the topic says about the video: a subject ("gaming", "recipe") outranks a modifier ("budget",
 * "cheap") in the same title. Latin words are matched folded and stemmed like the CLDR keywords; CJK words as
 * substrings.
 */
export interface Topic {
  ids: readonly string[];
  weight: number;
  words: Partial<Record<Lang, readonly string[]>>;
}

export const SUBJECT = 1;
export const MODIFIER = 0.6;
