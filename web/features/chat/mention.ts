import type { MentionablePersona } from "./types.ts";

/** The `@handle` being typed just before the caret, with where it starts; null when the caret is not in one. */
export function activeMention(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([\w.-]*)$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? "";
  return { start: caret - query.length - 1, query };
}

/** Personas whose handle or name starts with (then contains) the query, best matches first. */
export function matchPersonas(personas: readonly MentionablePersona[], query: string, limit = 6): MentionablePersona[] {
  const q = query.toLowerCase();
  const starts = personas.filter((p) => p.handle.toLowerCase().startsWith(q) || p.name.toLowerCase().startsWith(q));
  const contains = personas.filter((p) => !starts.includes(p) && (p.handle.toLowerCase().includes(q) || p.name.toLowerCase().includes(q)));
  return [...starts, ...contains].slice(0, limit);
}

/** The text with the mention at `start` replaced by `@handle ` and where the caret goes next. */
export function insertMention(text: string, caret: number, start: number, handle: string): { text: string; caret: number } {
  const inserted = `@${handle} `;
  const after = text.slice(caret).replace(/^[\w.-]*/, "").replace(/^ /, "");
  return { text: text.slice(0, start) + inserted + after, caret: start + inserted.length };
}
