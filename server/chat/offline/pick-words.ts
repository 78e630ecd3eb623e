import type { PickMove } from "../../../contract/chat.ts";
import type { Language } from "../../../contract/languages.ts";
import { hasTerm } from "./text-match.ts";

/**
 * Words that move along the current image's versions instead of changing it, per language, matched like the
 * lexicon's (after normalizeText; whole words in Latin scripts, substrings in Chinese and Japanese). `choose` words
 * ("let's use", "me quedo con") with a batch ordinal pick that image of the batch.
 *
 * Japanese やり直して stays "make it again" (the lexicon's `again`): in a chat it asks for a do-over; "redo" in the
 * editing sense is リドゥ or 取り消しを取り消して (docs/decisions/032-versions-and-undo.md).
 */
export type PickWords = Record<PickMove | "choose", readonly string[]>;

const pickWords: Record<Language, PickWords> = {
  en: {
    undo: [
      "undo", "undo that", "go back", "revert", "roll back", "rollback", "step back", "take that back", "put it back", "previous one", "previous version",
      "the previous", "the one before", "version before", "liked it before", "it was better before", "was better before", "back to the last one",
    ],
    redo: ["redo", "redo that", "undo the undo", "bring it back", "bring that back", "bring that edit back", "bring the edit back", "bring back the edit", "go forward", "step forward", "forward again", "next version"],
    first: ["original", "first one", "first version", "very first", "the start", "the beginning", "start over from the first"],
    latest: ["latest", "newest", "most recent", "last version", "latest version", "newest version"],
    choose: ["use", "let's use", "lets use", "pick", "go with", "i'll take", "ill take", "take the", "i prefer", "prefer", "i like", "keep", "choose", "select", "the winner"],
  },
  es: {
    undo: [
      "deshacer", "deshaz", "deshazlo", "deshaz eso", "vuelve atras", "volver atras", "vuelve a la anterior", "la anterior", "el anterior", "version anterior",
      "la de antes", "revierte", "revertir", "regresa a la anterior", "me gustaba mas antes", "estaba mejor antes",
    ],
    redo: ["rehacer", "rehaz", "rehazlo", "recupera el cambio", "vuelve a poner el cambio", "la siguiente version", "version siguiente", "adelante otra vez"],
    first: ["original", "la primera version", "vuelve a la primera", "al principio", "la del principio", "la primera de todas"],
    latest: ["ultima version", "la mas reciente", "la mas nueva"],
    choose: ["usa", "usemos", "usa la", "quedate con", "me quedo con", "nos quedamos con", "elijo", "elige", "prefiero", "me gusta", "escoge", "vamos con"],
  },
  fr: {
    undo: [
      "annuler", "annule", "annule ca", "annule-le", "reviens en arriere", "retour en arriere", "revenir en arriere", "la precedente", "le precedent",
      "version precedente", "celle d'avant", "reviens a la precedente", "defais", "c'etait mieux avant",
    ],
    redo: ["retablir", "retablis", "retablis-le", "annule l'annulation", "remets la modification", "remets le changement", "la suivante", "version suivante"],
    first: ["original", "originale", "la premiere version", "reviens a la premiere", "celle du debut", "la toute premiere"],
    latest: ["derniere version", "la plus recente"],
    choose: ["utilise", "utilisons", "prends", "je prends", "on prend", "garde", "je garde", "choisis", "je choisis", "je prefere", "on part sur", "partons sur"],
  },
  de: {
    undo: [
      "ruckgangig", "mach das ruckgangig", "mach es ruckgangig", "geh zuruck", "zuruck", "vorherige", "vorige", "die davor", "version davor", "undo",
      "war vorher besser", "vorher war besser",
    ],
    redo: ["wiederherstellen", "stell es wieder her", "stell das wieder her", "redo", "nachste version", "die nachste", "einen schritt vor", "wieder vor"],
    first: ["original", "erste version", "die erste", "zum anfang", "ganz am anfang", "die allererste", "das allererste", "allererste", "ursprungliche"],
    latest: ["neueste version", "letzte version", "die neueste", "die aktuellste"],
    choose: ["nimm", "nehmen wir", "wir nehmen", "verwende", "benutze", "ich nehme", "behalte", "wahle", "ich will", "mir gefallt"],
  },
  zh: {
    undo: ["撤销", "撤回", "返回上一", "上一个版本", "上一版", "上一个", "之前的", "之前那", "前一个", "回到上一", "退回", "刚才那个更好", "改回去", "恢复原样"],
    redo: ["重做", "恢复刚才的修改", "恢复修改", "下一版", "下一个版本", "往前进"],
    first: ["原图", "原版", "第一版", "最初的", "第一个版本", "最开始", "原来的", "最早的"],
    latest: ["最新版", "最新的版本", "最新的", "最后一版"],
    choose: ["就用", "用第", "选第", "要第", "我喜欢", "保留", "选", "用"],
  },
  ja: {
    undo: ["元に戻して", "元に戻す", "戻して", "前のバージョン", "前の方", "前のほう", "ひとつ前", "一つ前", "取り消して", "取り消し", "アンドゥ", "さっきの方が", "前のがいい", "前の方が"],
    redo: ["リドゥ", "取り消しを取り消して", "戻したのを戻して", "次のバージョン", "やっぱり戻さないで", "先に進めて"],
    first: ["オリジナル", "元の画像", "最初のバージョン", "一番最初", "いちばん最初", "最初の画像", "最初のやつ", "最初のが"],
    latest: ["最新の", "最新版", "最後のバージョン", "いちばん新しい", "一番新しい"],
    choose: ["使って", "使おう", "にする", "にして", "がいい", "で行こう", "でいこう", "選ぶ", "採用"],
  },
};

function wordsFor(language: Language): PickWords[] {
  return language === "en" ? [pickWords.en] : [pickWords[language], pickWords.en];
}

// A move is one or two words ("deshacer", "annuler"), too short for the message's language to be told from them:
// every language's moves are read, as none of them means anything else in another.
const everyLanguage = Object.values(pickWords);

/**
 * The move along the versions the words ask for, if any. Redo is read first ("undo the undo"), then the first and the
 * latest version ("go back to the original"), then a plain step back.
 */
export function readPickMove(normalized: string): PickMove | undefined {
  const has = (move: PickMove) => everyLanguage.some((words) => hasTerm(normalized, words[move]));
  return (["redo", "first", "latest", "undo"] as const).find(has);
}

/** Whether the words choose one image over others: "let's use", "me quedo con", "2枚目にする". */
export function choosesImage(normalized: string, language: Language): boolean {
  return wordsFor(language).some((words) => hasTerm(normalized, words.choose));
}
