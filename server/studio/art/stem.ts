/**
 * Light stemmers for the Latin-script languages, run on folded words (no accents, lower case). They are not
 * linguistic stemmers: they only have to send a keyword and its usual inflections to the same key, so
 * "recipe"/"recipes", "receta"/"recetas", "recette"/"recettes", "Rezept"/"Rezepte" meet. Words shorter than four
 * letters are left alone: stripping them makes unrelated words collide.
 */
export type LatinLang = "en" | "es" | "fr" | "de";
export const latinLangs: readonly LatinLang[] = ["en", "es", "fr", "de"];

const MIN = 3;

function cut(word: string, suffix: string): string | undefined {
  return word.endsWith(suffix) && word.length - suffix.length >= MIN ? word.slice(0, -suffix.length) : undefined;
}

function undouble(word: string): string {
  return word.length > MIN && /([b-df-hj-np-tv-z])\1$/u.test(word) ? word.slice(0, -1) : word;
}

function english(word: string): string {
  let w = word;
  w = cut(w, "ies") !== undefined && w.length > 4 ? `${w.slice(0, -3)}y` : w;
  if (/(ss|sh|ch|x|z)es$/u.test(w)) w = cut(w, "es") ?? w;
  else if (/[^su]s$/u.test(w)) w = cut(w, "s") ?? w;
  // "cooking", "cooked", "coder": the -e a suffix ate comes back off the base too ("code" → "cod"), so both meet.
  for (const suffix of ["ing", "ed", "er"]) {
    const base = cut(w, suffix);
    if (base !== undefined && /[aeiouy]/u.test(base)) {
      w = undouble(base);
      break;
    }
  }
  return (w.length > MIN && w.endsWith("e") ? w.slice(0, -1) : w).replace(/y$/u, "i");
}

function spanish(word: string): string {
  let w = word;
  if (/[^aeiou]es$/u.test(w)) w = cut(w, "es") ?? w;
  else if (/[aeiou]s$/u.test(w)) w = cut(w, "s") ?? w;
  // Gender and the plural's vowel: "perro", "perra", "perros" all become "perr".
  return w.length > MIN && /[aeo]$/u.test(w) ? w.slice(0, -1) : w;
}

function french(word: string): string {
  let w = word;
  if (/(eau|eu|au)x$/u.test(w)) w = w.slice(0, -1);
  else if (/[^s]s$/u.test(w)) w = cut(w, "s") ?? w;
  return w.length > MIN && w.endsWith("e") ? w.slice(0, -1) : w;
}

function german(word: string): string {
  for (const suffix of ["en", "er", "es", "e", "n", "s"]) {
    const base = cut(word, suffix);
    if (base !== undefined && base.length >= 4) return base;
  }
  return word;
}

const stemmers: Record<LatinLang, (word: string) => string> = { en: english, es: spanish, fr: french, de: german };

export function stem(word: string, lang: LatinLang): string {
  return word.length <= MIN ? word : stemmers[lang](word);
}
