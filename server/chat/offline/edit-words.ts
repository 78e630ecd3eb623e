import type { Language } from "../../../contract/languages.ts";

/**
 * Words for two edits of the Studio scene, per language, matched like the lexicon's (after normalizeText: accents
 * dropped, lower case; whole words in Latin scripts, substrings in Chinese and Japanese): the background, which can
 * take a colour of its own, and the vague asks ("make it pop") that map to the Studio's make-it-pop recipe
 * (server/studio/pop-recipe.ts) instead of to nothing.
 */
export interface EditWords {
  background: readonly string[];
  pop: readonly string[];
}

export const editWords: Record<Language, EditWords> = {
  en: {
    background: ["background", "backdrop", "bg"],
    pop: ["pop", "make it pop", "eye catching", "eye-catching", "catchier", "make it better", "more clickbait", "clickbait", "clickbaity", "stand out", "punchier", "more exciting", "more vibrant"],
  },
  es: {
    background: ["fondo"],
    pop: ["que resalte", "resalte", "que destaque", "mas llamativa", "mas llamativo", "llamativa", "llamativo", "mejorala", "mejoralo", "hazla mejor", "mas clickbait", "clickbait", "que impacte"],
  },
  fr: {
    background: ["fond", "arriere-plan", "arriere plan"],
    pop: ["plus percutant", "plus percutante", "plus accrocheur", "plus accrocheuse", "accrocheuse", "accrocheur", "qui claque", "qui en jette", "ameliore", "ameliore-la", "plus clickbait", "clickbait", "ressortir", "plus punchy"],
  },
  de: {
    background: ["hintergrund"],
    pop: ["knalliger", "auffalliger", "hervorstechen", "mach es besser", "verbessere", "mehr clickbait", "clickbait", "ins auge", "mehr wumms", "aufregender"],
  },
  zh: {
    background: ["背景"],
    pop: ["更吸睛", "吸睛", "更抢眼", "抢眼", "更醒目", "醒目", "更好看", "更标题党", "标题党", "更有冲击力", "冲击力", "亮眼"],
  },
  ja: {
    background: ["背景"],
    pop: ["目立たせ", "目立つ", "映える", "インパクト", "もっと良く", "良くして", "よくして", "釣り", "クリックベイト", "派手に", "パッと"],
  },
};

/** The words of the message's language and English, which creators mix in everywhere. */
export function editWordsFor(language: Language): EditWords[] {
  return language === "en" ? [editWords.en] : [editWords[language], editWords.en];
}
