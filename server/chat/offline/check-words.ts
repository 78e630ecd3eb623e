import type { Language } from "../../../contract/languages.ts";
import { hasTerm } from "./text-match.ts";

/**
 * Words that ask for the feed check (docs/product/feed-check.md) and words that ask to apply its fix, per language,
 * matched like the lexicon's (after normalizeText: no accents; whole words in Latin scripts, substrings in Chinese and
 * Japanese). A check changes nothing, so it is read before any edit; "fix it" means the check's fix only after a check.
 */
interface CheckWords {
  /** "check it", "feed check", "will this read on mobile?" */
  check: readonly string[];
  /** "fix it", "apply the fixes": the last check's fix. */
  fix: readonly string[];
}

const checkWords: Record<Language, CheckWords> = {
  en: {
    check: [
      "check it", "check this", "check that", "check the thumbnail", "check my thumbnail", "check the image", "feed check", "run a check", "run the check",
      "read on mobile", "read on phones", "read on a phone", "read on phone", "reads on mobile", "reads on phones", "readable on mobile", "readable on phones",
      "legible on mobile", "legible on phones", "readable at small sizes", "read at small sizes", "readable in the feed", "read in the feed", "is it readable", "is this readable",
      "can you read it", "can people read it", "mobile check", "phone check",
    ],
    fix: ["fix it", "fix that", "fix this", "fix them", "fix those", "apply the fix", "apply the fixes", "apply fixes", "apply it", "do the fix", "do the fixes", "make the fix", "fix the problem", "fix the problems"],
  },
  es: {
    check: [
      "revisalo", "revisala", "revisa la miniatura", "revisa la imagen", "comprueba", "compruebalo", "comprobar", "chequea", "chequealo", "revision del feed",
      "se lee en el movil", "se lee en movil", "se lee en el celular", "se lee en moviles", "se puede leer", "es legible", "legible en movil", "legible en el movil",
    ],
    fix: ["arreglalo", "arreglala", "arreglalos", "arregla eso", "corrigelo", "corrigela", "aplica el arreglo", "aplica los arreglos", "aplica la correccion", "aplica las correcciones", "haz el arreglo"],
  },
  fr: {
    check: [
      "verifie", "verifie-la", "verifie-le", "verifier", "verifie la miniature", "controle", "controle-la", "teste la lisibilite", "test du fil", "verification du fil",
      "lisible sur mobile", "lisible sur telephone", "lisible sur un telephone", "se lit sur mobile", "se lit sur telephone", "est-ce lisible", "c'est lisible",
    ],
    fix: ["corrige-la", "corrige-le", "corrige ca", "repare", "repare-la", "applique la correction", "applique les corrections", "applique le correctif", "applique les correctifs", "fais la correction"],
  },
  de: {
    check: [
      "prufe", "prufe es", "prufe das", "prufen", "check es", "checke", "feed check", "feed-check", "lesbar auf dem handy", "lesbar am handy", "auf dem handy lesbar",
      "am handy lesbar", "auf handys lesbar", "auf dem smartphone lesbar", "ist das lesbar", "ist es lesbar", "kann man das lesen",
    ],
    fix: ["behebe es", "behebe das", "beheb es", "korrigiere es", "korrigiere das", "reparier es", "reparieren", "wende die korrektur an", "wende die korrekturen an", "korrektur anwenden", "korrekturen anwenden", "mach die korrektur"],
  },
  zh: {
    check: ["检查一下", "检查", "帮我检查", "手机上看得清", "手机上能看清", "手机上看得清楚", "手机上能看", "看得清吗", "看得清楚吗", "能看清吗", "可读性", "信息流检查", "缩略图检查"],
    fix: ["修复", "修一下", "修正", "按建议改", "应用修复", "应用建议", "帮我修", "改好它"],
  },
  ja: {
    check: ["チェックして", "チェックお願い", "確認して", "スマホで読める", "スマホで見える", "スマホで読め", "携帯で読める", "読めるかな", "読める?", "読めますか", "可読性", "フィードチェック"],
    fix: ["直して", "修正して", "修正を適用", "修正をお願い", "直しておいて", "改善して", "修正する"],
  },
};

// A check or fix ask is a few words, too short to tell its language: every language's words are read, as none of them
// means something else in another.
const everyLanguage = Object.values(checkWords);

/** Whether the words ask for the feed check. */
export function asksForCheck(normalized: string): boolean {
  return everyLanguage.some((words) => hasTerm(normalized, words.check));
}

/** Whether the words ask to apply the last check's fix. */
export function asksForFix(normalized: string): boolean {
  return everyLanguage.some((words) => hasTerm(normalized, words.fix));
}
