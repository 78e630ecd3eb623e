import { type CatalogueEntry, type Lang, loadCatalogue } from "./catalogue.ts";
import { foldCjk, foldLatin, isCjk } from "./fold.ts";
import { latinLangs, type LatinLang, stem } from "./stem.ts";
import { isStopWord } from "./stop-words.ts";
import { amountTopic, topics } from "./topics.ts";

/**
 * Every keyword of the catalogue and the topic table, keyed the ways a prompt can meet it: Latin phrases folded,
 * and stemmed per language; CJK words as written, to be found as substrings; German nouns by themselves, for the
 * heads and first parts of compounds ("Kochrezepte", "Fitnessstudio").
 */
export type Source = "topic" | "label" | "tag";

export interface Posting {
  entry: number;
  /** The keyword's language; none for what every language writes alike (amounts of money). */
  lang?: Lang;
  source: Source;
  /** How strongly the keyword names the entry, before the match's own quality is counted. */
  weight: number;
}

export interface KeywordIndex {
  /** The catalogue without its keywords, which live on only as the keys below. */
  entries: readonly Omit<CatalogueEntry, "keywords">[];
  byId: ReadonlyMap<string, number>;
  /** Folded Latin phrases, words joined by one space. */
  exact: ReadonlyMap<string, Posting[]>;
  stemmed: Readonly<Record<LatinLang, ReadonlyMap<string, Posting[]>>>;
  /** German single nouns by stem, four letters or more. */
  compound: ReadonlyMap<string, Posting[]>;
  cjk: ReadonlyMap<string, Posting[]>;
  /** CJK keywords by their first character, longest first. */
  cjkByFirst: ReadonlyMap<string, readonly string[]>;
  /** The most words in a Latin keyword. */
  maxWords: number;
  /** What an amount of money in the prompt stands for. */
  amount: Posting[];
  /** Emoji typed in the prompt, without presentation selectors or skin tones. */
  emoji: ReadonlyMap<string, Posting[]>;
}

// A CLDR label names the very object ("perro", "Hund", "ラーメン"), which is as good a reason to draw it as a topic.
const WEIGHT: Record<Source, number> = { topic: 3, label: 3, tag: 1.2 };
// A tag that is also a word of the entry's own label ("store" for "department store", not for "jar") is its head noun.
const TAG_IN_LABEL = 1.5;
// A CLDR tag shared by more entries than this names a family ("face", "hand", the ten cat faces' "cat"), not an
// object; the one entry whose own label it is keeps it.
const GENERIC = 6;

let built: KeywordIndex | undefined;

export function keywordIndex(): KeywordIndex {
  built ??= buildIndex();
  return built;
}

type Raw = Map<string, Posting[]>;

function add(map: Raw, key: string, posting: Posting) {
  const list = map.get(key);
  if (!list) {
    map.set(key, [posting]);
    return;
  }
  const same = list.find((p) => p.entry === posting.entry);
  if (!same) list.push(posting);
  else if (posting.weight > same.weight) Object.assign(same, posting);
}

/** Drops what says too little: CLDR keys naming a whole family, and weighs the rest by how many entries share them. */
function finish(map: Raw): Map<string, Posting[]> {
  for (const [key, list] of map) {
    // add() keeps one posting per entry, so this counts entries.
    const count = list.reduce((n, p) => n + (p.source === "topic" ? 0 : 1), 0);
    const kept = list.filter((p) => p.source !== "tag" || count <= GENERIC);
    for (const p of kept) if (p.source === "tag") p.weight /= Math.sqrt(count);
    if (kept.length) map.set(key, kept);
    else map.delete(key);
  }
  return map;
}

/** A keyword's Latin words, folded. */
function wordsOf(text: string): string[] {
  return foldLatin(text.normalize("NFKC")).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function buildIndex(): KeywordIndex {
  const entries = loadCatalogue();
  const byId = new Map<string, number>();
  entries.forEach((entry, i) => {
    if (!byId.has(entry.id)) byId.set(entry.id, i);
  });
  const exact: Raw = new Map();
  const stemmed = Object.fromEntries(latinLangs.map((lang) => [lang, new Map()])) as Record<LatinLang, Raw>;
  const compound: Raw = new Map();
  const cjk: Raw = new Map();
  let maxWords = 1;

  const register = (text: string, lang: Lang, source: Source, entry: number, weight: number) => {
    const posting = () => ({ entry, lang, source, weight });
    if (isCjk(text)) {
      const key = foldCjk(text).replace(/\s+/gu, "");
      // One character says too little in CLDR ("本", "金", "人"); the topic table's single characters are chosen.
      if (isStopWord(key) || ([...key].length < 2 && source !== "topic")) return;
      add(cjk, key, posting());
      return;
    }
    const words = wordsOf(text);
    if (!words.length || words.every((w) => /^\d+$/u.test(w))) return;
    if (words.length === 1 && (isStopWord(words[0] ?? "") || (words[0] ?? "").length < (source === "topic" ? 2 : 3))) return;
    maxWords = Math.max(maxWords, words.length);
    add(exact, words.join(" "), posting());
    if (lang !== "zh" && lang !== "ja") add(stemmed[lang], words.map((w) => stem(w, lang)).join(" "), posting());
    if (lang === "de" && words.length === 1) {
      const key = stem(words[0] ?? "", "de");
      if (key.length >= 4) add(compound, key, posting());
    }
  };

  entries.forEach((entry, i) => {
    const labels = entry.keywords.filter((k) => k.label).map((k) => k.text);
    const labelWords = new Set(labels.flatMap(wordsOf));
    const inLabel = (tag: string) => (isCjk(tag) ? labels.some((l) => l.includes(tag)) : wordsOf(tag).every((w) => labelWords.has(w)));
    for (const k of entry.keywords) {
      if (k.label) register(k.text, k.lang, "label", i, WEIGHT.label);
      else register(k.text, k.lang, "tag", i, inLabel(k.text) ? TAG_IN_LABEL : WEIGHT.tag);
    }
  });
  for (const topic of topics) {
    topic.ids.forEach((id, rank) => {
      const entry = byId.get(id);
      if (entry === undefined) throw new Error(`topic names an object the catalogue lacks: ${id}`);
      // The topic's later objects are alternatives, slightly behind its first.
      const weight = WEIGHT.topic * topic.weight * (1 - rank * 0.05);
      for (const [lang, words] of Object.entries(topic.words) as [Lang, readonly string[]][]) {
        for (const word of words) register(word, lang, "topic", entry, weight);
      }
    });
  }

  const cjkIndex = finish(cjk);
  const cjkByFirst = new Map<string, string[]>();
  for (const key of cjkIndex.keys()) {
    const first = key[0] ?? "";
    const list = cjkByFirst.get(first) ?? [];
    list.push(key);
    cjkByFirst.set(first, list);
  }
  for (const list of cjkByFirst.values()) list.sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
  return {
    entries: entries.map(({ keywords: _keywords, ...entry }) => entry),
    emoji: new Map(entries.map((entry, i) => [entry.emoji, [{ entry: i, source: "label" as const, weight: WEIGHT.label }]])),
    byId,
    exact: finish(exact),
    stemmed: Object.fromEntries(latinLangs.map((lang) => [lang, finish(stemmed[lang])])) as Record<LatinLang, Map<string, Posting[]>>,
    compound: finish(compound),
    cjk: cjkIndex,
    cjkByFirst,
    maxWords,
    amount: amountTopic.ids.flatMap((id, rank) => {
      const entry = byId.get(id);
      return entry === undefined ? [] : [{ entry, source: "topic" as const, weight: WEIGHT.topic * amountTopic.weight * (1 - rank * 0.05) }];
    }),
  };
}
