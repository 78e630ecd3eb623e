import { reactionFaceIdsFor } from "./reactions.ts";
import { isArtId } from "./art-svg.ts";
import { foldLatin } from "./fold.ts";
import { keywordIndex } from "./keyword-index.ts";
import { findMatches, type Match } from "./match.ts";

/** One object to draw for a prompt, with why: the prompt's word that chose it. */
export interface ArtPick {
  /** The icon id, for `artSvg`. */
  id: string;
  /** A short English name of the object, e.g. "video game". */
  name: string;
  /** The prompt's word or phrase that chose it, as written; empty when no word did (`reactionFaces`). */
  word: string;
}

// Below this a match is a weak tag in another language or a stray compound part: nothing is better than it.
const MIN_SCORE = 0.55;

interface Span {
  start: number;
  end: number;
  word: string;
  /** Candidates best first. */
  ranked: { entry: number; score: number }[];
}

/** Folds the matches of one stretch of the prompt together, keeping each entry's best score. */
function spansOf(matches: Match[]): Span[] {
  const byRange = new Map<string, Span>();
  for (const m of matches) {
    const key = `${m.start}:${m.end}`;
    const span = byRange.get(key) ?? { start: m.start, end: m.end, word: m.word, ranked: [] };
    byRange.set(key, span);
    for (const c of m.candidates) {
      const same = span.ranked.find((r) => r.entry === c.entry);
      if (!same) span.ranked.push({ ...c });
      else same.score = Math.max(same.score, c.score);
    }
  }
  const spans = [...byRange.values()];
  for (const span of spans) {
    span.ranked = span.ranked.filter((r) => r.score >= MIN_SCORE).sort((a, b) => b.score - a.score || a.entry - b.entry);
  }
  return spans.filter((s) => s.ranked.length > 0);
}

/** Where matches overlap, the longer one stands ("hot dog" over "dog", "ゲーム実況" over "ゲーム"). */
function withoutOverlaps(spans: Span[]): Span[] {
  const byLength = [...spans].sort(
    (a, b) => b.end - b.start - (a.end - a.start) || (b.ranked[0]?.score ?? 0) - (a.ranked[0]?.score ?? 0) || a.start - b.start,
  );
  const kept: Span[] = [];
  for (const span of byLength) {
    if (kept.every((k) => span.end <= k.start || span.start >= k.end)) kept.push(span);
  }
  return kept;
}

/**
 * Up to `max` (default 3) objects for a prompt in any of the six languages, best first: one per prompt word, never
 * the same object twice, the same answer for the same prompt. A prompt that names nothing drawable gets none.
 */
export function pickArt(prompt: string, options: { max?: number } = {}): ArtPick[] {
  const max = options.max ?? 3;
  if (max <= 0) return [];
  const index = keywordIndex();
  const spans = withoutOverlaps(spansOf(findMatches(index, prompt))).sort(
    (a, b) => (b.ranked[0]?.score ?? 0) - (a.ranked[0]?.score ?? 0) || a.start - b.start,
  );
  const picks: ArtPick[] = [];
  const taken = new Set<string>();
  for (const span of spans) {
    const choice = span.ranked.map((r) => index.entries[r.entry]).find((e) => e && !taken.has(e.id));
    if (!choice) continue;
    taken.add(choice.id);
    picks.push({ id: choice.id, name: choice.name, word: span.word });
    if (picks.length >= max) break;
  }
  return picks;
}

/**
 * One object for a word or short phrase from a chat edit ("trophy", "añade fuego", "トロフィー"); an icon id or an
 * English object name is taken as it is.
 */
export function findArt(word: string): ArtPick | undefined {
  const index = keywordIndex();
  const trimmed = word.trim();
  const folded = foldLatin(trimmed);
  const direct =
    index.byId.get(trimmed) ?? index.entries.findIndex((e) => foldLatin(e.name) === folded || e.id === folded.replace(/\s+/gu, "-"));
  const entry = direct !== undefined && direct >= 0 ? index.entries[direct] : undefined;
  if (entry) return { id: entry.id, name: entry.name, word: trimmed };
  return pickArt(trimmed, { max: 1 })[0];
}

/** Expressive faces to stand beside the object, chosen for the prompt's mood (reactions.ts), best first. */
export function reactionFaces(prompt = ""): ArtPick[] {
  const index = keywordIndex();
  return reactionFaceIdsFor(prompt).flatMap((id) => {
    const entry = index.entries[index.byId.get(id) ?? -1];
    return entry && isArtId(id) ? [{ id, name: entry.name, word: "" }] : [];
  });
}

/** How close to the word's best object another must score to be one the word also names (laptop 2.85 to computer's 3). */
const NEAR_BEST = 0.8;

/**
 * Every object a word names about as well as its best ("computer" names the desktop computer first and the laptop
 * nearly as well, a printer only weakly): for finding a drawn object the creator calls by a near word.
 */
export function artIdsNamedBy(word: string): Set<string> {
  const index = keywordIndex();
  const candidates = findMatches(index, word.trim()).flatMap((match) => match.candidates);
  const best = Math.max(0, ...candidates.map((c) => c.score));
  const ids = new Set<string>();
  for (const candidate of candidates) {
    const entry = index.entries[candidate.entry];
    if (entry && candidate.score >= Math.max(MIN_SCORE, best * NEAR_BEST)) ids.add(entry.id);
  }
  return ids;
}
