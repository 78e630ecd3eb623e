import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isArtId } from "./art-svg.ts";

/**
 * The drawable part of the emoji set, with its CLDR keywords (emojibase-data: label and tags) in the six UI
 * languages. Flags, keycaps, letters, signs and symbols, skin-tone variants, families and the "emotion" marks
 * (💯, 💢, 💤) are left out: none of them shows what a video is about.
 */
export const langs = ["en", "es", "fr", "de", "zh", "ja"] as const;
export type Lang = (typeof langs)[number];

/** What an entry draws: the picker prefers objects to hearts and people, and those to faces. */
export type ArtKind = "object" | "heart" | "person" | "face";

export interface Keyword {
  lang: Lang;
  text: string;
  /** The emoji's own name in that language (its CLDR label), as opposed to one of its tags. */
  label: boolean;
}

export interface CatalogueEntry {
  id: string;
  /** The English CLDR name, e.g. "video game". */
  name: string;
  kind: ArtKind;
  /** Unicode's order, the last tie-break. */
  order: number;
  /** The emoji itself, without presentation selectors, for prompts that contain it. */
  emoji: string;
  keywords: Keyword[];
}

interface Emoji {
  label: string;
  hexcode: string;
  tags?: string[];
  group?: number;
  subgroup?: number;
  order?: number;
}

// emojibase-data's group and subgroup numbers (meta/groups.json).
const GROUP = { smileys: 0, people: 1, component: 2, symbols: 8, flags: 9 } as const;
const SUBGROUP = { emotion: 15, heart: 14, family: 30, personSymbol: 31 } as const;

const require = createRequire(import.meta.url);
const readJson = <T>(path: string): T => JSON.parse(readFileSync(require.resolve(path), "utf8")) as T;

function kindOf(emoji: Emoji): ArtKind | undefined {
  const { group, subgroup } = emoji;
  if (group === undefined || group === GROUP.component || group === GROUP.symbols || group === GROUP.flags) return undefined;
  if (subgroup === SUBGROUP.emotion || subgroup === SUBGROUP.family || subgroup === SUBGROUP.personSymbol) return undefined;
  if (group === GROUP.smileys) return subgroup === SUBGROUP.heart ? "heart" : "face";
  if (group === GROUP.people) return "person";
  return "object";
}

/** The set's id for an emoji: by code point (with or without the emoji presentation selector), else by name. */
function idOf(emoji: Emoji, chars: Record<string, string>): string | undefined {
  const hex = emoji.hexcode.toLowerCase();
  const slug = emoji.label.toLowerCase().replace(/[^a-z0-9]+/gu, "-").replace(/^-|-$/gu, "");
  for (const id of [chars[hex], chars[hex.replace(/-fe0f/gu, "")], chars[`${hex}-fe0f`], slug]) {
    if (id && isArtId(id)) return id;
  }
  return undefined;
}

/**
 * Reads the emoji data of the six languages and joins it to the icons; built once by the keyword index. One
 * language's file is parsed at a time (each is ~800 kB of JSON with every skin tone), so only its keywords outlive it.
 */
export function loadCatalogue(): CatalogueEntry[] {
  const chars = readJson<Record<string, string>>("@iconify-json/fluent-emoji-flat/chars.json");
  const english = readJson<Emoji[]>("emojibase-data/en/data.json");
  const labels = new Set(english.map((e) => e.label));
  const entries: CatalogueEntry[] = [];
  const byHex = new Map<string, CatalogueEntry>();
  for (const emoji of english) {
    const kind = kindOf(emoji);
    if (!kind) continue;
    // "man technologist" and "woman technologist" beside "technologist": the ungendered one stands for all three.
    const rest = /^(?:man|woman|men|women) (.+)$/u.exec(emoji.label)?.[1];
    if (rest && (labels.has(rest) || labels.has(`person ${rest}`))) continue;
    const id = idOf(emoji, chars);
    if (!id) continue;
    const codes = emoji.hexcode.split("-").map((h) => Number.parseInt(h, 16));
    const text = String.fromCodePoint(...codes.filter((c) => c !== 0xfe0f));
    const entry: CatalogueEntry = { id, name: emoji.label, kind, order: emoji.order ?? entries.length, emoji: text, keywords: [] };
    entries.push(entry);
    byHex.set(emoji.hexcode, entry);
  }
  for (const lang of langs) {
    for (const local of lang === "en" ? english : readJson<Emoji[]>(`emojibase-data/${lang}/data.json`)) {
      const entry = byHex.get(local.hexcode);
      if (!entry) continue;
      entry.keywords.push({ lang, text: local.label, label: true });
      for (const tag of local.tags ?? []) entry.keywords.push({ lang, text: tag, label: false });
    }
  }
  return entries;
}
