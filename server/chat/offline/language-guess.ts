import { defaultLanguage, type Language } from "../../../contract/languages.ts";
import { normalizeText } from "./text-match.ts";

const kana = /[\u3040-\u30ff]/;
const han = /[\u3400-\u9fff]/;

/** Short, frequent words that give a Latin-script language away; accents are matched before normalizing. */
const markers: Record<"en" | "es" | "fr" | "de", { words: readonly string[]; letters: RegExp }> = {
  en: {
    words: ["again", "redo", "square", "landscape", "the", "and", "of", "with", "make", "for", "me", "my", "please", "thumbnail", "image", "create", "draw", "what", "can", "you", "is", "it", "to", "bigger", "headline", "show", "how", "many", "instead", "left", "right", "generate", "variations", "hello", "hi", "help", "credits", "personas", "yellow", "move"],
    letters: /(?!)/,
  },
  es: {
    words: ["hazla", "cuadrado", "otra", "repitela", "realista", "abstracto", "el", "la", "los", "las", "cambia", "fondo", "azul", "rojo", "texto", "sea", "necesito", "portada", "muestrame", "mueveme", "ponme", "dame", "hazlo", "quedan", "un", "una", "de", "del", "con", "para", "por", "favor", "que", "y", "mi", "mis", "hazme", "haz", "crea", "dibuja", "genera", "miniatura", "imagen", "titular", "quiero", "cuantos", "creditos", "ayuda", "hola", "mueve", "izquierda", "derecha", "mas", "grande", "amarillo", "en", "vez", "es", "puedes", "tengo", "variaciones", "estilo"],
    letters: /[ñ¿¡]|[áíóú]/,
  },
  fr: {
    words: ["en", "ce", "cette", "dans", "pas", "au", "aux", "refais", "refais-la", "rends", "mets", "carre", "paysage", "encore", "realiste", "abstrait", "le", "la", "les", "fond", "texte", "bleu", "rouge", "besoin", "mets-moi", "fais-moi", "un", "une", "des", "du", "de", "avec", "pour", "moi", "mes", "mon", "fais", "cree", "dessine", "genere", "miniature", "image", "titre", "je", "veux", "combien", "credits", "aide", "bonjour", "salut", "deplace", "gauche", "droite", "plus", "grand", "jaune", "plutot", "est", "peux", "tu", "et", "sur", "il", "variations", "style", "s'il", "te", "plait"],
    letters: /[çœèêàùâîôû]/,
  },
  de: {
    words: ["noch", "mal", "nochmal", "quadratisch", "querformat", "hochformat", "andere", "zu", "realistisch", "abstrakt", "der", "die", "das", "den", "hintergrund", "brauche", "dunkler", "heller", "blau", "rot", "ein", "eine", "einen", "und", "mit", "fur", "mir", "mich", "meine", "mach", "erstelle", "zeichne", "bitte", "bild", "thumbnail", "uberschrift", "ich", "will", "wie", "viele", "hilfe", "hallo", "verschiebe", "links", "rechts", "grosser", "großer", "gelb", "stattdessen", "ist", "kannst", "du", "was", "habe", "varianten", "stil", "im", "auf", "nach"],
    letters: /[ßäöü]/,
  },
};

type Scores = { language: Language; score: number }[];

/** Each Latin-script language's evidence in a message, best first: its marker words, and 2 for its own letters. */
function latinScores(text: string): Scores {
  const lower = text.toLowerCase();
  const words = normalizeText(text).split(/[^\p{L}']+/u).filter(Boolean);
  const scores: Scores = [];
  for (const [language, marker] of Object.entries(markers) as [Language, (typeof markers)["en"]][]) {
    const wordScore = words.filter((word) => marker.words.includes(word)).length;
    const score = wordScore + (marker.letters.test(lower) ? 2 : 0);
    if (score > 0) scores.push({ language, score });
  }
  // A stable sort keeps the markers' order on ties, as the guess always did.
  return scores.sort((a, b) => b.score - a.score);
}

/** The language a message is written in, from its script and its most common words; English when unsure. */
export function guessLanguage(text: string, fallback: Language = defaultLanguage): Language {
  if (kana.test(text)) return "ja";
  if (han.test(text)) return "zh";
  return latinScores(text)[0]?.language ?? fallback;
}

/** Evidence a Latin-script message needs before it outweighs the UI language, and its lead over the runner-up. */
const CLEAR_SCORE = 2;
const CLEAR_LEAD = 1;

/**
 * The language a message is clearly written in, or undefined. Kana or Han settle it; Latin text needs two marker
 * words (or its own letters) and a lead over every other language, so "ok", an emoji, a product name or a half
 * English, half Spanish line leave the reply in the UI language (docs/product/chat.md).
 */
export function clearLanguage(text: string): Language | undefined {
  if (kana.test(text)) return "ja";
  if (han.test(text)) return "zh";
  const [best, second] = latinScores(text);
  if (!best || best.score < CLEAR_SCORE) return undefined;
  if (second && best.score - second.score < CLEAR_LEAD) return undefined;
  return best.language;
}
