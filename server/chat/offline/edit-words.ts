import type { Language } from "../../../contract/languages.ts";

/**
 * Words for edits of the Studio scene, per language, matched like the lexicon's (after normalizeText: accents
 * dropped, lower case; whole words in Latin scripts, substrings in Chinese and Japanese): the background, which can
 * take a colour of its own; the vague asks ("make it pop") that map to the Studio's make-it-pop recipe
 * (server/studio/pop-recipe.ts) instead of to nothing; the headline's typeface by feel; "less text", which shortens
 * the headline by meaning; and edit verbs said with nothing to change ("fix it"), which get a question back.
 */
export interface EditWords {
  background: readonly string[];
  pop: readonly string[];
  /** A classic serif face ("more elegant", "serif"), the bold display face ("impact font"), or the other one ("another font"). */
  font: { serif: readonly string[]; bold: readonly string[]; other: readonly string[] };
  /** What a typeface is called, so a feel said with it ("a more fun font") is about the font, not the picture. */
  fontNames: readonly string[];
  /** Feels the set has no face of their own for ("fun", "cute", "ポップ"): said of the font, it changes to the other face. */
  playful: readonly string[];
  lessText: readonly string[];
  /** The headline's outline, which can take a colour of its own. */
  outline: readonly string[];
}

export const editWords: Record<Language, EditWords> = {
  en: {
    background: ["background", "backdrop", "bg", "backround", "backgroud", "bakground"],
    pop: ["pop", "make it pop", "eye catching", "eye-catching", "catchier", "make it better", "more clickbait", "clickbait", "clickbaity", "stand out", "punchier", "more exciting", "more vibrant", "more dramatic", "dramatic"],
    font: {
      serif: ["serif", "serif font", "elegant", "more elegant", "classy", "classier", "fancy", "fancier", "classic font", "old style font", "sophisticated", "luxury font", "magazine font"],
      bold: ["impact font", "condensed font", "blocky font", "chunky font", "sans serif", "sans-serif", "youtube font", "mrbeast font"],
      other: ["different font", "another font", "other font", "change the font", "new font", "switch the font", "swap the font", "font change", "change font", "diff font"],
    },
    lessText: ["less text", "fewer words", "less words", "shorter", "shorten", "too much text", "too many words", "too wordy", "wordy", "trim the text", "cut the text", "cut some words", "shorter title", "shorter headline", "less writing", "cut down", "cut the headline down", "cut it down", "too long", "condense", "trim it"],
    outline: ["outline", "outlines", "stroke", "text border", "border around the text"],
    fontNames: ["font", "fonts", "typeface", "typography", "lettering"],
    playful: ["fun", "funny", "playful", "cute", "bubbly", "quirky", "friendlier", "more fun"],
  },
  es: {
    background: ["fondo"],
    pop: ["que resalte", "resalte", "que destaque", "mas llamativa", "mas llamativo", "llamativa", "llamativo", "mejorala", "mejoralo", "hazla mejor", "mas clickbait", "clickbait", "que impacte", "llame mas la atencion", "llame la atencion", "llamar mas la atencion"],
    font: {
      serif: ["serifa", "con serifa", "elegante", "mas elegante", "clasica", "clasico", "mas fina", "con clase", "sofisticada"],
      bold: ["letra de impacto", "fuente de impacto", "sin serifa", "condensada"],
      other: ["otra fuente", "cambia la fuente", "cambiar la fuente", "otra letra", "otra tipografia", "cambia la tipografia", "cambia la letra", "fuente distinta", "fuente diferente"],
    },
    lessText: ["menos texto", "menos palabras", "mas corto", "mas corta", "acorta", "acortar", "acortalo", "demasiado texto", "muchas palabras", "texto mas corto", "resumelo", "resume el", "muy largo", "muy larga", "demasiado largo", "demasiado larga"],
    outline: ["contorno", "borde de las letras", "borde del texto", "trazo"],
    fontNames: ["fuente", "letra", "tipografia"],
    playful: ["divertida", "divertido", "juguetona", "mas fun", "fun", "tierna", "informal", "desenfadada"],
  },
  fr: {
    background: ["fond", "arriere-plan", "arriere plan"],
    pop: ["plus percutant", "plus percutante", "plus accrocheur", "plus accrocheuse", "accrocheuse", "accrocheur", "qui claque", "qui en jette", "ameliore", "ameliore-la", "plus clickbait", "clickbait", "ressortir", "plus punchy", "attire l'oeil", "attire plus l'oeil", "attire l'œil", "attire plus l'œil", "tape a l'oeil", "tape-a-l'oeil", "tape a l'œil"],
    font: {
      serif: ["empattement", "empattements", "serif", "elegante", "plus elegante", "elegant", "chic", "plus chic", "classe", "classique", "raffinee"],
      bold: ["police impact", "police condensee", "sans empattement", "baton"],
      other: ["autre police", "change la police", "changer la police", "change de police", "autre typo", "change la typo", "autre ecriture", "police differente"],
    },
    lessText: ["moins de texte", "moins de mots", "plus court", "plus courte", "raccourcis", "raccourcir", "raccourcis-le", "trop de texte", "trop de mots", "trop long"],
    outline: ["contour", "contours", "bordure du texte", "lisere"],
    fontNames: ["police", "typo", "typographie", "ecriture"],
    playful: ["fun", "rigolote", "rigolo", "ludique", "mignonne", "sympa", "decontractee"],
  },
  de: {
    background: ["hintergrund"],
    pop: ["knalliger", "auffalliger", "hervorstechen", "mach es besser", "verbessere", "mehr clickbait", "clickbait", "ins auge", "mehr wumms", "aufregender", "hingucker", "eyecatcher", "mehr hingucker"],
    font: {
      serif: ["serifen", "serifenschrift", "serif", "elegant", "elegante", "eleganter", "elegantere", "eleganteres", "elegantes", "edel", "edler", "edle", "klassisch", "klassische", "schicker", "schick"],
      bold: ["impact schrift", "schmale schrift", "serifenlos", "serifenlose", "blockschrift"],
      other: ["andere schrift", "andere schriftart", "schriftart andern", "schrift andern", "neue schrift", "neue schriftart", "schriftart wechseln", "schrift wechseln", "andere font"],
    },
    lessText: ["weniger text", "weniger worte", "weniger worter", "kurzer", "kurze", "kurzen", "zu viel text", "zu viele worter", "zu lang", "kurzere"],
    outline: ["kontur", "umrandung", "textrand", "rand der schrift"],
    fontNames: ["schrift", "schriftart", "font"],
    playful: ["lustig", "lustige", "lustiger", "lustigere", "verspielt", "verspielte", "verspielter", "verspieltere", "witzig", "witzige", "witziger", "lockerer", "lockere"],
  },
  zh: {
    background: ["背景"],
    pop: ["更吸睛", "吸睛", "更抢眼", "抢眼", "更醒目", "醒目", "更好看", "更标题党", "标题党", "更有冲击力", "冲击力", "亮眼"],
    font: {
      serif: ["衬线", "优雅", "高级感", "典雅", "精致", "宋体", "杂志风字体", "有质感"],
      bold: ["粗体字", "黑体", "无衬线", "冲击力字体"],
      other: ["换个字体", "换字体", "换一个字体", "换一种字体", "字体换", "其他字体", "别的字体", "改字体", "字体改", "不同的字体"],
    },
    lessText: ["字少", "少点字", "太长", "太多字", "删几个字", "删掉几个字", "删点字", "少一点字", "少些字", "文字少", "减少文字", "删减文字", "字太多", "文字太多", "短一点", "短一些", "精简", "缩短", "简短", "简洁"],
    outline: ["描边", "轮廓", "字边", "边框"],
    fontNames: ["字体"],
    playful: ["可爱", "活泼", "俏皮", "好玩", "有趣", "萌"],
  },
  ja: {
    background: ["背景"],
    pop: ["目立たせ", "目立つ", "映える", "インパクト", "もっと良く", "良くして", "よくして", "釣り", "クリックベイト", "派手に", "パッと"],
    font: {
      serif: ["明朝", "セリフ", "エレガント", "上品", "高級感", "おしゃれなフォント", "オシャレなフォント", "クラシック", "品のある"],
      bold: ["ゴシック", "極太", "インパクトのあるフォント"],
      other: ["別のフォント", "フォントを変え", "フォント変更", "他のフォント", "違うフォント", "書体を変え", "別の書体"],
    },
    lessText: ["文字を減ら", "文字数を減ら", "テキストを減ら", "短く", "文字が多", "文字多", "簡潔", "少なく", "削って", "長すぎ", "が長い"],
    outline: ["縁取り", "ふちどり", "フチ", "ふち", "アウトライン", "縁"],
    fontNames: ["フォント", "書体"],
    playful: ["ポップ", "かわいい", "可愛い", "カワイイ", "楽しい", "遊び心", "ゆるい"],
  },
};

/** The words of the message's language and English, which creators mix in everywhere. */
export function editWordsFor(language: Language): EditWords[] {
  return language === "en" ? [editWords.en] : [editWords[language], editWords.en];
}
