import { foldCjk, foldLatin, isCjk } from "./fold.ts";

/**
 * Which reaction faces suit a prompt: a creator's face beside the object says how to feel about it, so a secret
 * gets a hushed face, money a money face and a disaster a scream, instead of a face drawn at random. Words are
 * matched as word starts in Latin scripts (accents and case folded, so "secretos" and "Geheimnis" count) and as
 * substrings in Chinese and Japanese. A prompt no mood fits gets the general faces.
 */
interface Mood {
  faces: readonly string[];
  words: readonly string[];
}

const MOODS: readonly Mood[] = [
  {
    faces: ["shushing-face", "face-with-hand-over-mouth"],
    words: ["secret", "hidden", "nobody knows", "truth", "secreto", "oculto", "verdad", "cache", "verite", "geheim", "versteckt", "wahrheit", "秘密", "真相", "内緒", "ナイショ", "秘訣", "裏技"],
  },
  {
    faces: ["money-mouth-face", "star-struck"],
    words: ["money", "rich", "saved", "earn", "profit", "dollar", "budget", "dinero", "ahorr", "gan", "argent", "econom", "gagn", "riche", "geld", "gespart", "verdien", "reich", "$", "€", "£", "¥", "钱", "赚", "省", "富", "円", "お金", "稼", "節約"],
  },
  {
    faces: ["face-screaming-in-fear", "hot-face"],
    words: ["fail", "disaster", "burn", "fire", "scary", "horror", "worst", "broke", "crash", "desastre", "fracaso", "peor", "incendio", "catastroph", "echec", "pire", "feu", "katastroph", "schlimmst", "brand", "失败", "灾难", "最糟", "着火", "失敗", "最悪", "炎上", "怖"],
  },
  {
    faces: ["face-with-tears-of-joy", "zany-face"],
    words: ["funny", "lol", "prank", "meme", "joke", "gracios", "broma", "drole", "blague", "lustig", "witz", "streich", "搞笑", "笑", "ドッキリ", "面白"],
  },
  {
    faces: ["thinking-face", "face-with-raised-eyebrow"],
    words: ["why", "how", "explained", "truth about", "really", "por que", "como", "pourquoi", "comment", "warum", "wie", "为什么", "怎么", "なぜ", "どうして", "?", "？"],
  },
  {
    faces: ["exploding-head", "astonished-face"],
    words: ["insane", "crazy", "omg", "wow", "unbelievable", "mind", "shock", "increible", "locura", "incroyable", "fou", "krass", "wahnsinn", "unglaublich", "震惊", "疯狂", "不可思议", "ヤバ", "衝撃", "まさか"],
  },
  {
    faces: ["face-savoring-food", "drooling-face"],
    words: ["recipe", "food", "cook", "delicious", "tasty", "eat", "receta", "cocin", "comida", "recette", "cuisine", "manger", "rezept", "koch", "essen", "lecker", "食谱", "美食", "好吃", "料理", "レシピ", "美味"],
  },
];

/** Faces for a prompt no mood fits: surprise and delight read at any topic. */
const GENERAL = ["exploding-head", "star-struck", "astonished-face", "face-screaming-in-fear", "smiling-face-with-heart-eyes", "face-with-open-mouth"];

interface Folded {
  latin: string;
  cjk: string;
}

function matcher(word: string): (prompt: Folded) => boolean {
  if (isCjk(word) || /^[^\p{L}\p{N}]+$/u.test(word)) {
    const needle = foldCjk(word);
    return (prompt) => prompt.cjk.includes(needle);
  }
  // A word start, so "how" does not fire inside "show" but "ahorr" finds "ahorré".
  const pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${foldLatin(word).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "u");
  return (prompt) => pattern.test(prompt.latin);
}

// Compiled once: a render asks for its faces every time.
const MOOD_TESTS = MOODS.map((mood) => ({ faces: mood.faces, tests: mood.words.map(matcher) }));

/** Face ids for the prompt's mood, best first (the first mood that fits), else the general ones. */
export function reactionFaceIdsFor(prompt: string): readonly string[] {
  const folded = { latin: foldLatin(prompt), cjk: foldCjk(prompt) };
  return MOOD_TESTS.find((mood) => mood.tests.some((test) => test(folded)))?.faces ?? GENERAL;
}
