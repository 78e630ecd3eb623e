/**
 * How the feed check compares the words it meant to show with the words OCR read back (docs/product/feed-check.md):
 * both sides normalised the same way, so accents, case and spacing never count as misreadings.
 */

/** Read-back within this normalised edit distance of the headline reads: about one letter in four may blur. */
export const READS_DISTANCE = 0.25;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function isCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * NFKD, diacritics stripped, upper case, anything but letters and digits made a space, spaces collapsed: English
 * OCR data reads "GÜNSTIGE" as "GUNSTIGE", and the two must compare equal. CJK text loses its spaces, which OCR
 * puts between characters at will.
 */
export function normaliseText(text: string): string {
  const plain = text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLocaleUpperCase("en")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return isCjk(plain) ? plain.replace(/ /g, "") : plain;
}

export function words(text: string): string[] {
  const plain = normaliseText(text);
  if (!plain) return [];
  return isCjk(plain) ? [...plain] : plain.split(" ");
}

/** Levenshtein distance over code points. */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[y.length]!;
}

/** The fewest edits that turn `needle` into some stretch of `haystack`: what is around it costs nothing. */
export function bestStretchDistance(needle: string, haystack: string): number {
  const x = [...needle];
  const y = [...haystack];
  let previous = Array.from({ length: y.length + 1 }, () => 0);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return Math.min(...previous);
}

/**
 * How far what was read is from the headline, 0 (every word read) to 1 (none): each headline word's edit distance
 * to the nearest word read (at most its length), over the headline's letters. Words read elsewhere (art, the badge,
 * noise) and the order the lines were read in do not count: the question is whether the headline's words can be made
 * out. CJK, which has no spaces, is matched as the nearest stretch of the characters read.
 */
export function readDistance(intended: string, readBack: string): number {
  const meant = words(intended);
  const total = meant.reduce((sum, w) => sum + [...w].length, 0);
  if (total === 0) return 0;
  if (isCjk(intended)) return Math.min(1, bestStretchDistance(meant.join(""), normaliseText(readBack)) / total);
  const read = words(readBack);
  let edits = 0;
  for (const word of meant) {
    const length = [...word].length;
    edits += Math.min(length, ...read.map((candidate) => editDistance(word, candidate)));
  }
  return edits / total;
}

/**
 * The words read back that are near but not equal to a word of the headline ("CODNIG" for "CODING"): a misspelling
 * drawn into the picture, when the same words read right elsewhere. Words read exactly, and words too far from any
 * (noise), are left out.
 */
export function misreadWords(intended: string, readBack: string): { expected: string; read: string }[] {
  const meant = words(intended);
  const read = words(readBack);
  const out: { expected: string; read: string }[] = [];
  for (const word of meant) {
    if (read.includes(word) || [...word].length < 3) continue;
    let best: { read: string; distance: number } | undefined;
    for (const candidate of read) {
      const distance = editDistance(word, candidate) / Math.max([...word].length, [...candidate].length);
      if (distance > 0 && distance <= 0.5 && (!best || distance < best.distance)) best = { read: candidate, distance };
    }
    if (best) out.push({ expected: word, read: best.read });
  }
  return out;
}

/** Whether more than half of the headline's words are in the title: the thumbnail then says what the title says. */
export function repeatsTitle(headline: string, title: string): boolean {
  const said = words(headline);
  if (said.length === 0) return false;
  const titled = normaliseText(title);
  const titleWords = new Set(words(title));
  const repeated = said.filter((w) => (isCjk(w) ? titled.includes(w) : titleWords.has(w))).length;
  return repeated > said.length / 2;
}
