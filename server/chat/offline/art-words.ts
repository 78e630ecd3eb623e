import { ART_WORD_MAX_LENGTH, type EditImageInput } from "../../../contract/chat.ts";
import type { Language } from "../../../contract/languages.ts";
import { aspectTerms, type Lexicon, lexicons } from "./lexicon.ts";
import { containsCjk, hasTerm, normalizeText } from "./text-match.ts";

/**
 * Edits of the objects drawn in a picture ("no emoji", "remove the trophy", "add a fire", "swap the controller for a
 * trophy"), read per language from the verbs and particles around the object words. The words are kept as the user
 * wrote them, articles dropped: the Studio engine finds the picture for a word in any language.
 */
export type ArtEdit = Pick<EditImageInput, "artAdd" | "artRemove">;

/** Which capture of a pattern names the object to take away and which the one to draw. */
interface ArtPattern {
  pattern: RegExp;
  remove?: 1 | 2;
  add?: 1 | 2;
  /** A bare "no …" is too common in speech ("no problem") to name one object: it clears all the art or nothing. */
  everythingOnly?: boolean;
}

interface ArtGrammar {
  patterns: readonly ArtPattern[];
  /** Words before an object that are not part of its name: articles, determiners, "all", measure words. */
  lead: RegExp;
  /** Words after an object that are not part of its name. */
  tail?: RegExp;
  /** Words that name every drawn object at once: "no emoji", "without the icons". */
  everything: readonly string[];
}

const START = String.raw`(?<![\p{L}\p{N}])`;
const CLAUSE = String.raw`(?:^|[,.;:!?¡¿]\s*|${START}(?:and|but|with|y|pero|con|et|mais|avec|und|aber|mit)\s+)`;
// An object in a Latin script: a few words, ending before a joining word of the language or the clause's end. An
// emoji typed after it ("add a crown 👑") ends it too: it echoes the object, it is not part of its name.
const latinObject = (stops: string) => String.raw`([\p{L}\p{N}@#][\p{L}\p{N}@#'’\- ]*?)(?=\s+(?:${stops})(?![\p{L}\p{N}])|\s*[,.;:!?\p{Extended_Pictographic}]|\s*$)`;
const latin = (source: string, stops: string) => new RegExp(source.replaceAll("OBJ", latinObject(stops)), "iu");

const EN_STOPS = "or|for|with|to|into|by|instead|from|in|on|at|next|beside|behind|near|above|below|over|under|and|please|too|as|off|out|away|now";
const ES_STOPS = "o|por|con|en|al|a|y|junto|encima|debajo|detr[áa]s|delante|sobre|tambi[ée]n|porfa|ahora";
const FR_STOPS = "ou|par|contre|avec|[àa]|au|aux|en|dans|sur|sous|et|s'il|stp|svp|aussi|derri[èe]re|devant|maintenant";
const DE_STOPS = "oder|durch|gegen|mit|zu|hinzu|weg|raus|heraus|dazu|ein|bitte|und|neben|auf|in|im|an|am|hinter|vor|[üu]ber|unter|mehr|jetzt|lieber|besser|eher";

// Chinese and Japanese have no spaces: objects are what stands between the particles and markers.
const CJK_OBJECT = "([^，。！？、；：,.!?;:\\s「」『』]{1,20}?)";
const CJK_TAIL_OBJECT = "([^，。！？、；：,.!?;:\\s「」『』]{1,20})";
const JA_OBJECT = "([^、。！？,.!?\\s「」『』を]{1,20})";
const cjk = (source: string) => new RegExp(source, "u");

const grammars: Record<Language, ArtGrammar> = {
  en: {
    patterns: [
      { pattern: latin(`${START}(?:swap|switch|replace|exchange|trade|change)\\s+(?:out\\s+)?OBJ\\s+(?:for|with|to|into|by)\\s+OBJ`, EN_STOPS), remove: 1, add: 2 },
      { pattern: latin(`${START}(?:remove|delete|drop|erase|hide|lose|take\\s+(?:out|away|off)|get\\s+rid\\s+of)\\s+OBJ`, EN_STOPS), remove: 1 },
      { pattern: latin(`${START}without\\s+OBJ`, EN_STOPS), remove: 1 },
      { pattern: latin(`${CLAUSE}no\\s+(?:more\\s+)?OBJ`, EN_STOPS), remove: 1, everythingOnly: true },
      { pattern: latin(`${START}(?:add|insert|include|throw\\s+in|stick)\\s+OBJ`, EN_STOPS), add: 1 },
    ],
    lead: /^(?:(?:the|a|an|some|that|this|these|those|my|its|all|every|any|of|more)\s+)+/iu,
    everything: ["emoji", "emojis", "emojii", "emoticons", "icons", "icon", "stickers", "sticker", "art", "clipart", "clip art", "clip-art", "illustrations", "objects", "props", "graphics", "drawings", "doodles"],
  },
  es: {
    patterns: [
      { pattern: latin(`${START}(?:cambia|cambiar|c[áa]mbiale|reemplaza|reemplazar|sustituye|sustituir|intercambia)\\s+OBJ\\s+(?:por|con)\\s+OBJ`, ES_STOPS), remove: 1, add: 2 },
      { pattern: latin(`${START}(?:quita|quitar|qu[íi]tale|saca|s[áa]cale|elimina|elim[íi]nale|borra|b[óo]rrale|retira)\\s+OBJ`, ES_STOPS), remove: 1 },
      { pattern: latin(`${START}sin\\s+OBJ`, ES_STOPS), remove: 1 },
      { pattern: latin(`${CLAUSE}(?:no|nada de|ya no)\\s+(?:m[áa]s\\s+)?OBJ`, ES_STOPS), remove: 1, everythingOnly: true },
      { pattern: latin(`${START}(?:a[ñn]ade|a[ñn]adir|a[ñn][áa]dele|agrega|agregar|agr[ée]gale|incluye|mete|m[ée]tele)\\s+OBJ`, ES_STOPS), add: 1 },
    ],
    lead: /^(?:(?:el|la|los|las|un|una|unos|unas|lo|al|del|todos|todas|ese|esa|esos|esas|este|esta|mi|mis|algo|de|un poco de|m[áa]s)\s+)+/iu,
    everything: ["emoji", "emojis", "emoticonos", "iconos", "icono", "íconos", "pegatinas", "stickers", "dibujitos", "dibujos", "ilustraciones", "objetos", "gráficos"],
  },
  fr: {
    patterns: [
      { pattern: latin(`${START}(?:remplace|remplacer|change|changer|[ée]change|[ée]changer|substitue|troque)\\s+OBJ\\s+(?:par|contre)\\s+OBJ`, FR_STOPS), remove: 1, add: 2 },
      { pattern: latin(`${START}(?:enl[èe]ve|enlever|retire|retirer|supprime|supprimer|[ôo]te|[ôo]ter|efface|effacer|vire|virer)\\s+OBJ`, FR_STOPS), remove: 1 },
      { pattern: latin(`${START}sans\\s+OBJ`, FR_STOPS), remove: 1 },
      { pattern: latin(`${CLAUSE}(?:pas de|plus de)\\s+OBJ`, FR_STOPS), remove: 1, everythingOnly: true },
      { pattern: latin(`${START}(?:ajoute|ajouter|rajoute|rajouter|ins[èe]re|ins[ée]rer|int[èe]gre)\\s+OBJ`, FR_STOPS), add: 1 },
    ],
    lead: /^(?:(?:le|la|les|un|une|des|du|de|ce|cet|cette|ces|mon|ma|mes|tous|toutes|tout|peu)\s+|[ld]['’]\s*)+/iu,
    everything: ["emoji", "emojis", "émoji", "émojis", "émoticônes", "icônes", "icones", "icône", "autocollants", "stickers", "dessins", "illustrations", "objets", "pictos", "pictogrammes"],
  },
  de: {
    patterns: [
      { pattern: latin(`${START}(?:ersetze|ersetz|ersetzen|tausche|tausch|tauschen|wechsle|wechsel)\\s+OBJ\\s+(?:durch|gegen|mit)\\s+OBJ`, DE_STOPS), remove: 1, add: 2 },
      { pattern: latin(`${START}(?:entferne|entfern|entfernen|l[öo]sche|l[öo]sch|streiche)\\s+OBJ`, DE_STOPS), remove: 1 },
      // "Nimm den Pokal weg"; "nimm eine Serifenschrift" takes something into use instead.
      { pattern: latin(`${START}nimm\\s+OBJ\\s+(?:weg|raus|heraus)`, DE_STOPS), remove: 1 },
      // "Laptop weg", "den Pokal raus bitte": a clause of the object and where it goes.
      { pattern: latin(`${CLAUSE}(?:(?:mach|tu|pack)\\s+)?OBJ\\s+(?:weg|raus)(?![\\p{L}\\p{N}])`, DE_STOPS), remove: 1 },
      // "Statt dem Laptop lieber eine Rakete": what goes, then what comes in its place.
      { pattern: latin(`${START}(?:statt|anstatt|anstelle)\\s+OBJ\\s*,?\\s+(?:lieber|besser|eher)\\s+OBJ`, DE_STOPS), remove: 1, add: 2 },
      { pattern: latin(`${START}ohne\\s+OBJ`, DE_STOPS), remove: 1 },
      { pattern: latin(`${CLAUSE}kein(?:e|en|em|er)?\\s+OBJ`, DE_STOPS), remove: 1, everythingOnly: true },
      { pattern: latin(`${START}(?:f[üu]ge|f[üu]g)\\s+OBJ\\s+(?:hinzu|ein|dazu)`, DE_STOPS), add: 1 },
      { pattern: latin(`${START}(?:erg[äa]nze|erg[äa]nz)\\s+OBJ`, DE_STOPS), add: 1 },
    ],
    lead: /^(?:(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|alle|allen|ganzen|mein|meine|meinen|diese|diesen|dieses|etwas|noch|paar)\s+)+/iu,
    everything: ["emoji", "emojis", "icons", "icon", "symbole", "sticker", "aufkleber", "bildchen", "illustrationen", "objekte", "grafiken", "zeichnungen"],
  },
  zh: {
    patterns: [
      { pattern: cjk(`把${CJK_OBJECT}(?:替换成|换成|改成|变成|换为|改为)${CJK_TAIL_OBJECT}`), remove: 1, add: 2 },
      { pattern: cjk(`把${CJK_OBJECT}(?:去掉|去除|删掉|删除|移除|拿掉|拿走)`), remove: 1 },
      { pattern: cjk(`(?:去掉|去除|删掉|移除|拿掉|拿走|不要|别要)${CJK_TAIL_OBJECT}`), remove: 1 },
      { pattern: cjk(`(?:添加|加上|加入|增加|再加|加|放)(?:一个|一只|一团|一把|一些|一点|一堆|个|只|团|点|些)${CJK_TAIL_OBJECT}`), add: 1 },
      { pattern: cjk(`(?:添加|加上|加入)${CJK_TAIL_OBJECT}`), add: 1 },
    ],
    lead: /^(?:那个|这个|那些|这些|所有的?|全部的?|一个|一下|几个|一些|的)+/u,
    tail: /(?:在.*|到.*|吧|了|啊|呀|嘛|哦|呢|进去|上去|进来)+$/u,
    everything: ["表情", "表情包", "表情符号", "emoji", "图标", "小图标", "贴纸", "插图", "图案", "小图"],
  },
  ja: {
    patterns: [
      { pattern: cjk(`${JA_OBJECT}を${CJK_OBJECT}に(?:変えて|変更|替えて|換えて|差し替えて|置き換えて)`), remove: 1, add: 2 },
      { pattern: cjk(`${JA_OBJECT}を(?:消して|消す|削除|外して|取って|取り除いて|なくして|抜いて)`), remove: 1 },
      // Chat drops the を: "パソコン消して" is a whole clause of the object and the verb ("取り消して" is undo).
      { pattern: cjk(`(?:^|[、。！？,.!?\\s])${JA_OBJECT}(?<!取り|取|打ち)(?:消して|消す|削除して|外して|取り除いて|なくして)`), remove: 1 },
      { pattern: cjk(`${JA_OBJECT}(?:なし|無し|はいらない|は要らない|は不要|いらない)`), remove: 1 },
      { pattern: cjk(`${JA_OBJECT}を(?:追加|足して|加えて|入れて|描き足して|付け足して|付けて|つけて)`), add: 1 },
    ],
    lead: /^(?:.*(?:画像|写真|サムネイル|サムネ|絵|背景|右|左|上|下|横|隣|真ん中|中央)(?:に|へ|の|から)|この|その|あの|全部の|すべての|全ての)+/u,
    everything: ["絵文字", "アイコン", "スタンプ", "イラスト", "ステッカー", "絵"],
  },
};

/** Parts of a scene that are not drawn objects: an edit of them is a colour, a style or a move, never art. */
const sceneParts = [
  "background", "backdrop", "bg", "layout", "color", "colour", "style", "size", "it", "them", "this", "that", "everything", "anything",
  "fondo", "estilo", "tamano", "color", "eso", "esto", "todo", "fond", "couleur", "taille", "ca", "cela", "tout",
  "outline", "stroke", "contorno", "contour", "kontur", "umrandung", "描边", "縁取り", "フチ",
  "hintergrund", "farbe", "stil", "grosse", "es", "das", "alles", "背景", "颜色", "风格", "大小", "它", "スタイル", "サイズ", "色", "これ", "それ",
];

/** Words that make a phrase about the scene wherever they stand in it ("the headline text", "me"). */
function partTerms(lexicon: Lexicon): string[] {
  return [...lexicon.headline, ...lexicon.subject, ...lexicon.imageNouns, ...lexicon.personas];
}

/** Words that are no object only on their own: "red" is a colour, "a red car" is a car. */
function wholeTerms(lexicon: Lexicon): string[] {
  return [
    ...Object.values(lexicon.sides).flat(), ...Object.values(lexicon.verticals).flat(),
    ...Object.values(lexicon.colors).flat(), ...Object.values(lexicon.styles).flat(),
    ...lexicon.bigger, ...lexicon.smaller, ...lexicon.thanks, ...lexicon.greetings,
  ];
}

interface NotObjects {
  parts: string[];
  exact: Set<string>;
}

const notObjects = Object.fromEntries(
  (Object.keys(lexicons) as Language[]).map((language): [Language, NotObjects] => {
    const own = language === "en" ? [lexicons.en] : [lexicons[language], lexicons.en];
    const parts = [...own.flatMap(partTerms), ...sceneParts];
    const whole = [...own.flatMap(wholeTerms), ...Object.values(aspectTerms).flat()];
    return [language, { parts, exact: new Set([...parts, ...whole].map(normalizeText)) }];
  }),
) as Record<Language, NotObjects>;

/** The object's name without its articles and trailing filler, or undefined when it is no drawable object. */
function objectWord(raw: string | undefined, grammar: ArtGrammar, language: Language): string | undefined {
  if (raw === undefined) return undefined;
  let word = raw.trim();
  for (let previous = ""; previous !== word; ) {
    previous = word;
    word = word.replace(grammar.lead, "").replace(grammar.tail ?? /$^/u, "").trim();
  }
  if (word === "" || [...word].length > ART_WORD_MAX_LENGTH || word.includes("@") || /^[\p{N}\s]+$/u.test(word)) return undefined;
  const normalized = normalizeText(word);
  if (grammar.everything.some((term) => normalizeText(term) === normalized)) return "all";
  const { parts, exact } = notObjects[language];
  // CJK terms match inside other words ("文字" in "絵文字"), so there only a whole word counts, or one that ends the
  // phrase: "文字に黒い縁取り" is the headline's outline, not an object.
  if (exact.has(normalized) || (!containsCjk(normalized) && hasTerm(normalized, parts))) return undefined;
  if (containsCjk(normalized) && parts.some((part) => containsCjk(part) && [...part].length >= 2 && normalized.endsWith(normalizeText(part)))) return undefined;
  return word;
}

function readWith(text: string, language: Language): ArtEdit | undefined {
  const grammar = grammars[language];
  let found: ArtEdit | undefined;
  for (const { pattern, remove, add, everythingOnly } of grammar.patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const removed = remove ? objectWord(match[remove], grammar, language) : undefined;
    const added = add ? objectWord(match[add], grammar, language) : undefined;
    // Both words of a swap must name objects: "swap the headline for yellow" is a colour, not art.
    if ((remove && !removed) || (add && (!added || added === "all")) || (everythingOnly && removed !== "all")) continue;
    const edit = { ...(removed ? { artRemove: removed } : {}), ...(added ? { artAdd: added } : {}) };
    // "Take out the laptop and add a crown" says a swap in two clauses: the removal waits for an addition after it.
    if (!found && removed && !added) found = edit;
    else if (found && !removed && added) return { ...found, ...edit };
    else if (!found) return edit;
  }
  return found;
}

/** The art edit a message asks for, read in its language and then in English; empty when it asks for none. */
export function readArtEdit(text: string, language: Language): ArtEdit {
  const plain = text.normalize("NFC").replace(/\s+/gu, " ").trim();
  for (const candidate of language === "en" ? (["en"] as const) : [language, "en" as const]) {
    const edit = readWith(plain, candidate);
    if (edit) return edit;
  }
  return {};
}
