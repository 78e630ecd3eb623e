/** Deterministic variety: the same message always picks the same phrasing, different messages spread out. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** One of the options, chosen by seed and slot so two choices in one answer do not move in lockstep. */
export function pick<T>(options: readonly T[], seed: number, slot = 0): T {
  const mixed = Math.imul(seed ^ Math.imul(slot + 1, 0x9e3779b1), 0x85ebca6b) >>> 0;
  const option = options[((mixed ^ (mixed >>> 13)) >>> 0) % options.length];
  if (option === undefined) throw new Error("pick needs at least one option");
  return option;
}

/** Text cut into the small pieces a model streams: a few words, or a few characters where words have no spaces. */
export function toDeltas(text: string, wordsPerDelta = 3, charsPerDelta = 6): string[] {
  const pieces: string[] = [];
  if (/[\u3040-\u30ff\u3400-\u9fff]/.test(text)) {
    const chars = [...text];
    for (let start = 0; start < chars.length; start += charsPerDelta) pieces.push(chars.slice(start, start + charsPerDelta).join(""));
    return pieces;
  }
  const words = text.match(/\s*\S+\s*/g) ?? [];
  for (let start = 0; start < words.length; start += wordsPerDelta) pieces.push(words.slice(start, start + wordsPerDelta).join(""));
  return pieces.length > 0 ? pieces : [text];
}
