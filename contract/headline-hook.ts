import { normalizeText } from "./image-count.ts";
import type { Language } from "./languages.ts";

/**
 * The headline a prompt without a quoted one gets: a short hook drawn from its topic, read the same way by the
 * Studio engine, which prints it, and by the offline chat assistant, which names it in its answer. The request
 * words ("make a thumbnail for my video about"), the style, the size and follow-up instructions ("same thing but
 * for shorts", "three versions with a blue headline") are never part of it; figures stay whole with their unit
 * ("$50,000", "30 Tage"); a long title loses its tail clauses before it is cut (docs/product/images.md).
 */

/** At most this many words (a figure with its unit counts as one) in Latin scripts. */
export const HOOK_MAX_WORDS = 5;
/** At most this many characters in Chinese and Japanese. */
export const HOOK_MAX_CJK_CHARS = 14;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export type Script = "latin" | "cjk";

export function scriptOf(text: string): Script {
  return CJK.test(text) ? "cjk" : "latin";
}

// Names whose capitals are part of the name: uppercasing them ("IPHONE") reads as a different word.
const BRANDS = new Map(
  ["iPhone", "iPad", "iOS", "macOS", "YouTube", "TikTok", "GitHub", "eBay", "iMac", "AirPods", "ChatGPT", "PlayStation", "LinkedIn", "WhatsApp"].map((b) => [b.toLowerCase(), b]),
);
const INTERNAL_CAPITAL = /\p{Ll}\p{Lu}/u;

/** Thumbnail headlines are set in capitals, except names whose own capitals are the point ("iPhone", "macOS"). */
export function upperWord(word: string): string {
  const core = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
  const brand = BRANDS.get(core.toLowerCase());
  if (brand) return word.replace(core, brand);
  if (INTERNAL_CAPITAL.test(core)) return word;
  // toLocaleUpperCase("en") keeps ß→SS and no Turkish dotted-i surprises.
  return word.toLocaleUpperCase("en");
}

export function upperHeadline(text: string): string {
  return text.split(" ").map(upperWord).join(" ");
}

/** What a thumbnail says when its prompt names no topic at all, in the prompt's language. */
export const fallbackHeadlines: Record<Language, string> = {
  en: "WATCH THIS",
  es: "MIRA ESTO",
  fr: "REGARDE ÇA",
  de: "SCHAU HIN",
  zh: "快来看",
  ja: "これを見て",
};

/*
 * Word lists, matched after normalizeText (lower case, no accents). The request around a topic is read as zones:
 * a lead ("please make me a cartoon thumbnail for my video about"), the topic, and a tail of art direction
 * (", square", "with a red background", "in 16:9"). Words are listed across the four Latin-script languages at once,
 * since creators mix English into every one of them.
 */
const words = (text: string) => text.split(" ");
const set = (...lists: string[]) => new Set(lists.flatMap(words));

const REQUEST = [
  "please", "pls", "plz", "make it", "make them", "make this", "can you", "could you", "would you", "will you", "make me", "make us", "make", "create", "generate", "design", "draw",
  "render", "paint", "build", "give me", "gimme", "i need", "i want", "i'd like", "i would like", "do me", "do", "now", "ok", "okay", "hey",
  "por favor", "puedes", "podrias", "hazme", "haz", "crea", "creame", "crear", "genera", "generame", "disena", "disename", "dibuja", "dibujame",
  "dame", "necesito", "quiero", "me gustaria", "ahora",
  "s'il te plait", "s'il vous plait", "stp", "svp", "peux-tu", "peux tu", "pourrais-tu", "fais-moi", "fais moi", "fais", "faites", "cree", "creer",
  "genere", "dessine", "realise", "donne-moi", "donne moi", "je veux", "je voudrais", "j'aimerais", "il me faut", "maintenant",
  "bitte", "kannst du", "konntest du", "mach mir", "mache mir", "mach", "mache", "erstelle", "erstell", "generiere", "zeichne", "gestalte",
  "entwirf", "gib mir", "ich brauche", "ich will", "ich mochte", "ich hatte gern", "jetzt",
].map(words);

const DETERMINERS = set(
  "a an the some another new",
  "un una unos unas otra otro nueva nuevo el la los las",
  "un une des autre nouvelle nouveau le la les",
  "ein eine einen einem noch andere anderes neue neues neuen",
);
/** How many pictures ("three thumbnails"): part of the request only when a picture word follows, never "3 ways to …". */
const COUNTS = set("one two three four 1 2 3 4 uno dos tres cuatro deux trois quatre zwei drei vier");
/** Request verbs that also start topics ("make money online", "build a PC"): request words only before the picture. */
const BARE_VERBS = set("make do build design draw render paint create generate haz crea genera dibuja fais cree dessine mach mache erstelle zeichne");

/** Adjectives people put before the word for the picture; none of them is the topic. */
const PICTURE_ADJECTIVES = set(
  "youtube yt video cool bold catchy viral eye-catching clickbait clickbaity nice great simple quick clean good awesome epic",
  "realistic cartoon abstract vintage retro minimal minimalist square vertical horizontal widescreen shorts short reels reel tiktok instagram insta 16:9 9:16 1:1 4k hd",
  "llamativa llamativo buena bonita chula epica atractiva viral",
  "belle jolie accrocheuse cool",
  "coole cooles cooler schones schone auffalliges auffallige",
);

const PICTURE_NOUNS = set(
  "thumbnail thumbnails thumb thumbs thumbnail-image cover image images picture pictures pic pics banner poster artwork art",
  "miniatura miniaturas portada imagen imagenes poster",
  "miniature miniatures vignette vignettes image images couverture affiche visuel",
  "thumbnail thumbnails vorschaubild vorschaubilder titelbild bild bilder cover",
);

/** Words that join the picture to its topic: "thumbnail for …", "miniatura sobre …". */
const LINKS = [
  "for", "about", "on", "of", "showing", "with the title", "with the text", "titled", "called", "that says", "saying", "where", "to go with",
  "para", "sobre", "de", "del", "acerca de", "con el titulo", "que diga", "titulada", "titulado",
  "pour", "sur", "de", "du", "a propos de", "avec le titre", "qui dit", "intitulee",
  "fur", "uber", "zu", "zum", "zur", "von", "mit dem titel", "mit der uberschrift", "namens",
].map(words);

const OWNERS = set("my our his her the a an this mi mis nuestro nuestra su el la un una mon ma mes notre son sa le la un une mein meine meinem meinen meiner unser unsere unserem den dem das die ein eine einem");
/** What a creator makes: "my video about …", "mi canal de …". */
const CONTAINERS = set(
  "video videos vid vlog vlogs stream livestream episode ep short reel channel series podcast upload next latest new youtube",
  "video videos vídeo canal directo episodio serie proximo nuevo ultimo",
  "video videos chaine live episode serie prochaine prochain nouvelle nouveau derniere",
  "video videos kanal stream folge serie nachstes neues neuestes letztes",
);

const STYLE_WORDS = set(
  "realistic photorealistic photo cinematic cartoon cartoonish comic anime manga pixar abstract geometric surreal vintage retro nostalgic minimal minimalist",
  "realista fotorrealista caricatura animado abstracto abstracta antiguo",
  "realiste photorealiste abstrait abstraite ancien ancienne",
  "realistisch realistische fotorealistisch comicstil zeichentrick abstrakt abstrakte nostalgisch",
);
const STYLE_PHRASES = ["dessin anime", "dibujos animados", "bande dessinee", "style dessin anime", "estilo anime", "style anime", "old school"].map(words);
/** A channel frames a series, not one video: the next clause, when there is one, says what this video is about. */
const CHANNELS = set("channel canal chaine kanal");
const STYLE_NOUNS = set("style look vibe estilo style stil look");
const ASPECT_WORDS = set(
  "square vertical horizontal widescreen landscape portrait shorts short reels reel tiktok instagram insta story stories youtube yt 16:9 9:16 1:1 4:5 16x9 9x16 1x1",
  "cuadrado cuadrada vertical horizontal historia historias",
  "carre carree paysage histoire",
  "quadratisch quadratische quadratisches hochformat hochkant querformat",
);
const COLORS = set(
  "red blue green yellow orange pink purple white black gray grey gold golden brown cyan teal neon dark light bright",
  "rojo roja azul verde amarillo amarilla naranja rosa morado blanco blanca negro negra gris dorado dorada",
  "rouge bleu bleue vert verte jaune rose violet blanc blanche noir noire gris doree",
  "rot rote roten blau blaue blauen grun grune grunen gelb gelbe gelben orange pink lila weiss weisse schwarz schwarze grau goldene",
);
/** Parts of a picture a tail of art direction talks about: "with a blue headline", "mit rotem Hintergrund". */
const PICTURE_PARTS = set(
  "headline headlines title text font letters lettering background backdrop colors colours color colour border outline glow arrow arrows emoji face faces style",
  "titular titulo texto letras fondo colores color borde flecha",
  "titre texte lettres police fond couleur couleurs bordure fleche",
  "uberschrift titel text schrift buchstaben hintergrund farbe farben rahmen pfeil",
);

/** Words that make a follow-up an instruction rather than a topic: with only these left, there is no topic. */
const FILLER = set(
  "same thing things stuff but and also too again instead it this that these those them one ones more less version versions variation variations variant variants option options",
  "different another other new just like make do try redo copy pack a/b ab test compare bigger smaller larger darker lighter brighter with without in at for to of as",
  "a an the some my me please now ok okay so then pop better nicer cleaner bolder stand out topic subject theme tema sujet theme thema",
  "mismo misma lo igual pero y tambien otra vez otro otra version versiones variacion variaciones mas menos con sin en para de la el un una",
  "meme chose pareil mais les et aussi encore une autre version versions variante variantes plus moins avec sans en pour de la le un",
  "gleiche gleiches selbe dasselbe das der die den dem aber und auch nochmal noch mal version versionen variante varianten mehr weniger mit ohne in fur als",
  "uno dos tres cuatro deux trois quatre zwei drei vier two three four 2 3 4",
);

/** Words a cut must not end on: "… FOR THE" reads as a sentence broken off. */
const FUNCTION_WORDS = set(
  "a an the and or but for of to in on at by with from as is are was my your our his her their this that than so if when while because into about i we you he she it they",
  "el la los las un una y o pero para por de del en con sin que mi mis tu su como",
  "le la les un une des et ou mais pour par de du en avec sans que mon ma mes ton ta son sa au aux",
  "der die das den dem des ein eine einen einem und oder aber fur von zu zum zur mit ohne im in am an auf mein meine dein sein ihr als habe hat haben bin ist sind wurde",
);

/** Articles, prepositions and conjunctions: a headline cut short never ends on one ("… FOR THE…"). */
const DANGLING = set(
  "a an the and or but for of to in on at by with from as into about than",
  "el la los las un una y o pero para por de del en con sin que al",
  "le la les un une des et ou mais pour par de du en avec sans que au aux",
  "der die das den dem des ein eine einen einem und oder aber fur von zu zum zur mit ohne im in am an auf",
);

/** Whether a cut may end on this word: not on one that needs the next ("FOR", "THE", "UND"). */
export function danglesAtEnd(word: string): boolean {
  return DANGLING.has(normalizeText(word).replace(/[^\p{L}\p{N}']+/gu, ""));
}

/** A number with no sign or unit of its own ("10" of "10 KG"): cut from its unit, it says something else. */
export function isBareFigure(word: string): boolean {
  return /^\d[\d,.'’]*$/u.test(word);
}

/** Where a tail clause starts: cutting there keeps the hook ("… for the …", "… and what I learned", "… in 2026"). */
const TAIL_STARTS = set(
  "for and with because while when after before since so but which that who where during in at from without until into by how to of",
  "para y con porque mientras cuando despues antes desde pero que donde durante en sin hasta del",
  "pour et avec parce quand apres avant depuis mais qui ou pendant en sans jusqu du",
  "fur und mit weil wahrend wenn als nachdem bevor seit aber der die das wo in ohne bis",
);

/** Words whose next word belongs to them ("out of", "kind of", "instead of"): no tail starts right after them. */
const HOLDS_NEXT = set("out off kind sort lot top one instead because all front part made full end each most");

/** Story openers that a hook can do without: "how I paid off …" → "paid off …". */
const OPENERS = [
  "this is how i", "this is how we", "here's how i", "here's how we", "the story of how i", "how i", "how we", "why i", "why we", "watch me",
  "asi es como", "como", "por que", "voici comment j'ai", "comment j'ai", "comment je", "comment", "pourquoi j'ai", "pourquoi", "wie ich", "wie wir", "warum ich", "warum",
].map(words);

/** Spans counted per ("a day", "al mes", "par jour"): their article stays. */
const PER = set("day week month year hour minute dia semana mes ano hora jour semaine mois an heure tag woche monat jahr stunde");
const ARTICLES = set("a an the un una unos unas el los las une des le les der die das den dem ein eine einen einem einer");

/** Words that only stress ("every single", "really"): the first to go from a long title. */
const INTENSIFIERS = set("really very just actually literally totally single completely absolutely ever today muy realmente literalmente totalmente vraiment totalement wirklich echt total einfach heute");

/** A figure with or without currency and thousands separators: "$50,000", "€1.200", "1,000,000", "10x", "50%". */
const FIGURE = /^[$€£¥]?\d[\d,.'’]*(?:[kKmM]|[xX×%]|[$€£¥])?$/u;
const YEAR = /^(?:19|20)\d\d$/u;

interface Token {
  raw: string;
  norm: string;
}

function tokensOf(text: string): Token[] {
  return text
    .split(" ")
    // @handles name personas for the picture, never words for its headline.
    .filter((raw) => raw.length > 0 && !raw.startsWith("@"))
    .map((raw) => ({ raw, norm: normalizeText(raw).replace(/^[^\p{L}\p{N}$€£¥]+|[^\p{L}\p{N}%$€£¥']+$/gu, "").replace(/'$/u, "") }))
    .filter((token) => token.norm.length > 0 || /[$€£¥%]/u.test(token.raw));
}

/** How many tokens from `at` a phrase of the list covers (longest first), or 0. */
function phraseAt(tokens: readonly Token[], at: number, phrases: readonly string[][]): number {
  let best = 0;
  for (const phrase of phrases) {
    if (phrase.length > best && phrase.every((word, i) => tokens[at + i]?.norm === word)) best = phrase.length;
  }
  return best;
}

const isFigure = (token: Token | undefined) => token !== undefined && FIGURE.test(token.norm === "" ? token.raw : token.raw.replace(/[^\p{N}$€£¥,.'’kKmMxX×%]/gu, ""));

const VERSION_WORDS = set("version versions variation variations variant variants option options versiones variaciones variantes versionen varianten");
const isPictureWord = (norm: string) =>
  PICTURE_NOUNS.has(norm) || PICTURE_ADJECTIVES.has(norm) || STYLE_WORDS.has(norm) || ASPECT_WORDS.has(norm) || VERSION_WORDS.has(norm) || CONTAINERS.has(norm);

/** Drops the lead of a request: request verbs, articles, picture adjectives and nouns, links, "my video about". */
function dropLead(tokens: Token[]): { tokens: Token[] } {
  let at = 0;
  for (let guard = 0; guard < 40 && at < tokens.length; guard++) {
    const token = tokens[at] as Token;
    const request = phraseAt(tokens, at, REQUEST);
    let ahead = at + request;
    while (DETERMINERS.has(tokens[ahead]?.norm ?? "") || COUNTS.has(tokens[ahead]?.norm ?? "")) ahead += 1;
    const next = tokens[ahead]?.norm;
    const beforePicture = next === undefined || isPictureWord(next) || /^(?:me|us|moi|mir|it|them|this)$/u.test(next);
    if (request > 0 && (request > 1 || !BARE_VERBS.has(token.norm) || beforePicture)) at += request;
    else if (COUNTS.has(token.norm) && isPictureWord(tokens[at + 1]?.norm ?? "")) at += 1;
    else if (request > 0) break;
    else if (DETERMINERS.has(token.norm) || PICTURE_ADJECTIVES.has(token.norm) || PICTURE_NOUNS.has(token.norm)) at += 1;
    else if (CONTAINERS.has(token.norm) && PICTURE_NOUNS.has(tokens[at + 1]?.norm ?? "")) at += 2;
    else if (STYLE_WORDS.has(token.norm) || ASPECT_WORDS.has(token.norm) || STYLE_NOUNS.has(token.norm)) at += 1;
    else if (/^(?:me|moi|mir|us)$/u.test(token.norm)) at += 1;
    else if (phraseAt(tokens, at, STYLE_PHRASES) > 0) at += phraseAt(tokens, at, STYLE_PHRASES);
    else if (/^(?:in|im|en|au|als|como|comme|as)$/u.test(token.norm) && at > 0 && (STYLE_WORDS.has(tokens[at + 1]?.norm ?? "") || ASPECT_WORDS.has(tokens[at + 1]?.norm ?? ""))) at += 2;
    else {
      const link = phraseAt(tokens, at, LINKS);
      if (link > 0 && at > 0) at += link;
      else if (OWNERS.has(token.norm) && CONTAINERS.has(tokens[at + 1]?.norm ?? "")) {
        at += 1;
        while (CONTAINERS.has(tokens[at]?.norm ?? "")) at += 1;
        at += phraseAt(tokens, at, LINKS);
      } else if (CONTAINERS.has(token.norm) && at > 0 && phraseAt(tokens, at + 1, LINKS) > 0) at += 1 + phraseAt(tokens, at + 1, LINKS);
      else break;
    }
  }
  return { tokens: tokens.slice(at) };
}

/** "gaming thumbnail for my minecraft series": the picture noun in the middle, followed by a link, starts the topic. */
function afterPictureNoun(tokens: Token[]): Token[] {
  for (let i = 0; i < tokens.length - 1; i++) {
    if (!PICTURE_NOUNS.has((tokens[i] as Token).norm)) continue;
    const link = phraseAt(tokens, i + 1, LINKS);
    if (link > 0 && i + 1 + link < tokens.length) return tokens.slice(i + 1 + link);
  }
  return tokens;
}

/** Drops art direction at the end: ", square", "for shorts", "in cartoon style", "with a blue headline", "please". */
function dropTail(tokens: Token[]): { tokens: Token[]; framed: boolean } {
  let end = tokens.length;
  let framed = false;
  for (let guard = 0; guard < 40 && end > 0; guard++) {
    const last = tokens[end - 1] as Token;
    const previous = tokens[end - 2]?.norm ?? "";
    if (PICTURE_NOUNS.has(last.norm)) {
      end -= 1;
      framed = true;
    } else if (ASPECT_WORDS.has(last.norm) || STYLE_WORDS.has(last.norm) || STYLE_NOUNS.has(last.norm)) end -= 1;
    else if (phraseAt(tokens, end - 1, REQUEST) === 1 && !/^(?:make|do|build|design|paint|draw|render)$/u.test(last.norm)) end -= 1;
    else if (PICTURE_PARTS.has(last.norm) && (COLORS.has(previous) || PICTURE_ADJECTIVES.has(previous) || /^(?:big|bold|large|huge|small|grande|gros|grosse|gross|grosser|grande)$/u.test(previous))) end -= 2;
    else if (PICTURE_PARTS.has(last.norm) && /^(?:with|con|avec|mit|the|a|el|la|le|den|der|die)$/u.test(previous)) end -= 2;
    else if (/^(?:with|con|avec|mit|in|en|im|for|para|pour|fur|as|como|comme|als|and|y|et|und|but|pero|mais|aber|a|an|the|el|la|le|les|los|las|un|une|ein|eine|einem|einen|einer|der|die|das|den|dem)$/u.test(last.norm) && end < tokens.length) end -= 1;
    else if (OWNERS.has(previous) && CONTAINERS.has(last.norm) && /^(?:for|para|pour|fur)$/u.test(tokens[end - 3]?.norm ?? "")) end -= 3;
    else if (CONTAINERS.has(last.norm) && OWNERS.has(previous)) end -= 2;
    else break;
  }
  let kept = tokens.slice(0, end);
  // "my minecraft hardcore series": the owner and the kind of video frame the topic.
  if (kept.length > 2 && OWNERS.has(kept[0]?.norm ?? "") && CONTAINERS.has(kept.at(-1)?.norm ?? "") && !/^(?:the|a|an|la|el|le|die|der|das)$/u.test(kept[0]?.norm ?? "")) {
    kept = kept.slice(1, -1);
    framed = true;
  }
  return { tokens: kept, framed };
}

/** Prepositions left in front of a topic once its frame is gone: "(my podcast) with a neuroscientist". */
const LEADING_LINKS = set("with about on for of from and con sobre para de y avec sur pour et mit uber fur von und");

const hasTopic = (tokens: readonly Token[]) => tokens.some((t) => !FILLER.has(t.norm) && !COLORS.has(t.norm) && !PICTURE_PARTS.has(t.norm) && !ASPECT_WORDS.has(t.norm) && !STYLE_WORDS.has(t.norm) && !PICTURE_NOUNS.has(t.norm) && !phraseAt([t], 0, REQUEST));

/** Units of a headline: a figure and the word it counts stay one ("100 days", "30 Tage", "10 kg", "$50,000"). */
function groupsOf(tokens: readonly Token[]): Token[][] {
  const groups: Token[][] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    const next = tokens[i + 1];
    if (isFigure(token) && next && !FUNCTION_WORDS.has(next.norm) && !isFigure(next)) {
      groups.push([token, next]);
      i += 1;
    } else groups.push([token]);
  }
  return groups;
}

const size = (tokens: readonly Token[]) => groupsOf(tokens).length;

function trimEnds(tokens: Token[]): Token[] {
  let end = tokens.length;
  while (end > 1 && FUNCTION_WORDS.has(tokens[end - 1]?.norm ?? "")) end -= 1;
  return tokens.slice(0, end);
}

const SPEAKERS = /^(?:i|we|yo|je|j'ai|ich|wir)$/u;

/**
 * Shortens a long title by meaning: tail clauses, years, openers and stress words go before any cut. A hook keeps its
 * first word and its speaker ("I") as long as it can; "less text" on a finished headline (`lessText`) gives up a
 * leading article and the speaker before any clause.
 */
function shortenByMeaning(tokens: Token[], max = HOOK_MAX_WORDS, lessText = false): { tokens: Token[]; cut: boolean } {
  let kept = tokens;
  if (size(kept) <= max) return { tokens: trimEnds(kept), cut: false };
  // A year at the end ("in 2026", "(2026)") dates the video, not the hook.
  const last = kept.at(-1);
  if (last && YEAR.test(last.norm)) kept = kept.slice(0, /^(?:in|en|im|de)$/u.test(kept.at(-2)?.norm ?? "") ? -2 : -1);
  if (size(kept) > max) {
    const opener = phraseAt(kept, 0, OPENERS);
    if (opener > 0 && kept.length - opener >= 2) kept = kept.slice(opener);
  }
  if (size(kept) > max) kept = kept.filter((t, i) => i === 0 || !INTENSIFIERS.has(t.norm));
  // Articles go next, but not the "a" of "$100 a month" or "100 pushups a day".
  if (size(kept) > max) kept = kept.filter((t, i) => (i === 0 && !lessText) || !ARTICLES.has(t.norm) || isFigure(kept[i - 1]) || PER.has(kept[i + 1]?.norm ?? ""));
  if (lessText && size(kept) > max && SPEAKERS.test(kept[0]?.norm ?? "") && kept.length > 2) kept = kept.slice(1);
  // Cut at the latest tail-clause start that still leaves a hook of two or more words, until it fits.
  while (size(kept) > max) {
    let cutAt = -1;
    for (let i = kept.length - 1; i >= 2; i--) {
      if (TAIL_STARTS.has((kept[i] as Token).norm) && !HOLDS_NEXT.has(kept[i - 1]?.norm ?? "") && size(trimEnds(kept.slice(0, i))) >= 2) {
        cutAt = i;
        if (size(kept.slice(0, i)) <= max) break;
      }
    }
    if (cutAt < 0) break;
    kept = trimEnds(kept.slice(0, cutAt));
  }
  // A story told in the first person can lose its "I": "(I) build a house out of lego".
  if (size(kept) > max && SPEAKERS.test(kept[0]?.norm ?? "")) kept = kept.slice(1);
  if (size(kept) <= max) return { tokens: trimEnds(kept), cut: false };
  // No clause to drop: the first five units, never ending on "for the".
  return { tokens: trimEnds(groupsOf(kept).slice(0, max).flat()), cut: true };
}

/** Clauses of a sentence: after ", " or a dash comes detail; figures keep their separators ("$50,000", "€1.200"). */
function clausesOf(sentence: string): string[] {
  return sentence.split(/,\s|;\s|\s[-–—|]\s|\s\(|:\s(?=\S)/u).map((c) => c.replace(/[)]+$/u, "").trim()).filter(Boolean);
}

const MAX_TOPIC_TOKENS = 40;

/** A clause's topic, and whether it was only framed ("my fitness video", "vlog thumbnail", "for my channel"). */
function topicOf(clause: string): { tokens: Token[]; framed: boolean } {
  const all = tokensOf(clause);
  const { tokens: lead } = dropLead(all);
  const { tokens: kept, framed } = dropTail(afterPictureNoun(lead));
  let tokens = kept;
  while (tokens.length > 1 && (LEADING_LINKS.has(tokens[0]?.norm ?? "") || ARTICLES.has(tokens[0]?.norm ?? ""))) tokens = tokens.slice(1);
  // No title runs longer; the bound keeps shortening cheap on a prompt of any length.
  return { tokens: tokens.slice(0, MAX_TOPIC_TOKENS), framed: framed || all.some((t) => CHANNELS.has(t.norm)) };
}

function latinHook(prompt: string): string | undefined {
  const clauses = prompt
    .split(/[.!?¿¡]+(?=\s|$)|\n/u)
    .flatMap((sentence) => clausesOf(sentence.trim()))
    .map(topicOf)
    .filter((topic) => hasTopic(topic.tokens));
  // "for my cooking channel, homemade ramen in 20 minutes": a clause that says what this video is about beats one
  // that only names the kind of video or channel.
  const chosen = clauses.find((topic) => !topic.framed) ?? clauses[0];
  if (!chosen) return undefined;
  const { tokens: hook, cut } = shortenByMeaning(chosen.tokens);
  const text = hook.map((t) => t.raw.replace(/^[^\p{L}\p{N}$€£¥¿¡]+|[^\p{L}\p{N}%$€£¥!?]+$/gu, "")).filter(Boolean).join(" ");
  return text ? (cut ? `${text}…` : text) : undefined;
}

/*
 * Chinese and Japanese: the request is stripped as substrings, the topic is what is left, and a long one is cut at
 * its first clause, then at a particle, never inside a figure ("30天", "100万円").
 */
const CJK_STRIP: readonly RegExp[] = [
  /(?:三个版本|三個版本|三版|三种版本|三款|再来一张|再來一張|再来一个|换一张|一样的|一樣的|同样的|同樣的|但是|不过|不過)/gu,
  /^(?:主题是|主题为|主題是|内容是|讲的是|講的是)/u,
  /^(?:请|請|麻烦|麻煩)?(?:你)?(?:帮我|幫我|给我|給我|为我|為我)?(?:做|生成|制作|製作|设计|設計|画|畫|来|來|弄)?(?:一下)?(?:一个|一個|一张|一張|三个|三個|三张|个|個|张|張|几张)?/u,
  /^(?:关于|關於|有关|有關)/u,
  /^(?:我的|我们的)?(?:新)?(?:视频|視頻|影片|频道|頻道|直播|节目)(?:的|里|裡)?(?:关于|關於)?/u,
  /(?:的)?(?:视频)?(?:缩略图|縮圖|缩图|封面图?|头图|海报|海報|图片|圖片)(?:吧|呢|啊)?$/u,
  /(?:的)?(?:横版|竖版|横屏|竖屏|方形|正方形|抖音|快手|短视频|短視頻|卡通|写实|寫實|复古|復古|抽象|动漫|動漫)(?:风格|風格|风|風|版|尺寸)?(?:的)?/gu,
  /(?:用|配|加)?(?:红|紅|蓝|藍|绿|綠|黄|黃|白|黑|金|粉|紫|橙)色?(?:的)?(?:标题|標題|文字|字|背景)/gu,
  /(?:お願いします|おねがいします|お願い|ください|下さい|してください|して)$/u,
  /(?:の)?(?:サムネイル|サムネ|画像|表紙|カバー)(?:画像)?(?:を|が)?(?:作って|作成して|作成|つくって|作りたい|欲しい|ほしい|生成して|描いて)?$/u,
  /^(?:私の|僕の|俺の)?(?:新しい)?(?:動画|チャンネル|配信)(?:の|用の|で|について)?/u,
  /(?:YouTube|ユーチューブ|縦型|縦長|横長|正方形|スクエア|ショート|リール|インスタ|TikTok|アニメ風|マンガ風|漫画風|リアル|レトロ|抽象的)(?:用|風|版|で|の)*/giu,
  /(?:3パターン|三パターン|3案|三案|3つのバージョン|3バージョン|同じ(?:感じ|もの|やつ)?で|もう一枚|もう1枚|別パターン)/gu,
  /(?:赤|青|緑|黄色|白|黒|金色|ピンク|紫)(?:い|色の|の)?(?:見出し|タイトル|文字|背景)(?:で|に|の)?/gu,
  /^(?:について|の)/u,
  /(?:的)?(?:vlog|视频|視頻|影片|動画)$/iu,
];
const CJK_OPENERS = /^(?:我是如何|我如何|我们如何|我是怎么|我怎么|如何|怎么|为什么我|為什麼我|私が|僕が|俺が)/u;
// A time span ahead of the verb ("在一年内") dates the story; the figure and the verb are the hook.
const CJK_SPAN = /^在[^，、]{1,6}?(?:内|內|里|裡|中)/u;
const CJK_REQUEST = /(?:を|で)?(?:作って|作成して|つくって|描いて|生成して|作りたい)(?:ください|下さい|ほしい|欲しい)?/gu;
const CJK_FILLER = /^[\s的了吧呢啊での用をにがはと、，。！？!?]*$/u;
const CJK_PARTICLES = ["の", "を", "で", "に", "は", "が", "と", "的"];
const cjkKind = (c: string) => (/\p{Script=Katakana}|ー/u.test(c) ? "kata" : /[\p{L}\p{N}]/u.test(c) && !CJK.test(c) ? "latin" : "other");

function cjkTopic(clause: string): string {
  let text = clause;
  for (let pass = 0; pass < 2; pass++) {
    for (const pattern of CJK_STRIP) text = text.replace(pattern, "");
    text = text.replace(CJK_REQUEST, "");
  }
  return text.replace(/^[的のをにで、，。:：]+|[的のをにで、，。！？!?]+$/gu, "");
}

function cjkHook(prompt: string): string | undefined {
  const clauses = prompt.replace(/@[\p{Script=Latin}\p{Nd}_-]+/gu, "").replace(/\s+/gu, "").split(/[，、。：:！？!?；;—]/u);
  let text = clauses.map(cjkTopic).find((clause) => !CJK_FILLER.test(clause));
  if (!text) return undefined;
  if ([...text].length > HOOK_MAX_CJK_CHARS) text = text.replace(CJK_OPENERS, "").replace(CJK_SPAN, "").replace(/了/gu, "");
  if ([...text].length <= HOOK_MAX_CJK_CHARS) return text;
  const { text: kept, cut } = cutCjk(text, HOOK_MAX_CJK_CHARS);
  return cut ? `${kept}…` : kept;
}

/**
 * Chinese or Japanese cut to at most `max` characters: before the last particle within the bound, else at the bound
 * (`cut`), backing off so neither a figure with its unit nor a katakana or Latin word is split.
 */
function cutCjk(text: string, max: number): { text: string; cut: boolean } {
  const chars = [...text];
  if (chars.length <= max) return { text, cut: false };
  const head = chars.slice(0, max + 1);
  const particle = Math.max(...CJK_PARTICLES.map((p) => head.lastIndexOf(p)));
  let end = particle >= 4 ? particle : max;
  const figure = /[\d０-９.,万千百億亿]/u;
  while (end > 1 && figure.test(chars[end - 1] ?? "") && /[\d０-９.,万千百億亿円元天日年%]/u.test(chars[end] ?? "")) end -= 1;
  while (end > 1 && cjkKind(chars[end - 1] ?? "") !== "other" && cjkKind(chars[end - 1] ?? "") === cjkKind(chars[end] ?? "")) end -= 1;
  return { text: chars.slice(0, end).join("").replace(/[的のをにで]$/u, ""), cut: particle < 4 };
}

const HEADLINE_LABEL =
  /(?:headline|title|titular|t[íi]tulo|titre|[üu]berschrift|titel|标题|標題|見出し|タイトル)\s*[:：]\s*([^\n"“„«「『]+?)\s*(?=$|[\n,;!?。！？、]|\s(?:and|y|et|und)\s)/iu;

/** The words after "headline:" ("título: …", "見出し：…"): the creator's own headline, like a quoted one. */
export function labelledHeadline(text: string): string | undefined {
  return HEADLINE_LABEL.exec(text)?.[1]?.trim() || undefined;
}

/**
 * The hook of a prompt, in capitals, or undefined when the prompt is only an instruction ("same thing but for
 * shorts", "three versions with a blue headline", "make it square"). Quoted headlines are the caller's to take first.
 */
export function topicHeadline(prompt: string): string | undefined {
  const clean = prompt.replace(/\s+/gu, " ").trim();
  if (!clean) return undefined;
  const hook = scriptOf(clean) === "cjk" ? cjkHook(clean) : latinHook(clean);
  return hook ? upperHeadline(hook) : undefined;
}

/** Fewest units ("100 DAYS CODING") and Chinese or Japanese characters a headline is shortened to. */
const SHORTEST_WORDS = 2;
const SHORTEST_CJK_CHARS = 4;

/**
 * A shorter headline with the same point, for "less text": what a long title loses first (years, openers, stress
 * words, articles, the speaker, then tail clauses; in Chinese and Japanese openers, then a cut at a particle) goes
 * until it is shorter. Undefined when it is already as short as a headline gets or nothing can go by meaning.
 */
export function shorterHeadline(text: string): string | undefined {
  const clean = text.replace(/\s+/gu, " ").trim();
  if (scriptOf(clean) === "cjk") {
    const chars = [...clean.replace(/\s/gu, "")];
    if (chars.length <= SHORTEST_CJK_CHARS) return undefined;
    const trimmed = chars.join("").replace(CJK_OPENERS, "").replace(CJK_SPAN, "").replace(/了/gu, "");
    if ([...trimmed].length < chars.length && [...trimmed].length >= SHORTEST_CJK_CHARS) return trimmed;
    // A cut only at a particle: one in the middle of a word would change what the headline says.
    const { text: cut, cut: broken } = cutCjk(trimmed, Math.max(SHORTEST_CJK_CHARS, Math.floor(chars.length * 0.75)));
    return !broken && [...cut].length < chars.length ? cut : undefined;
  }
  const tokens = tokensOf(clean);
  const units = size(tokens);
  if (units <= SHORTEST_WORDS) return undefined;
  const { tokens: kept, cut } = shortenByMeaning(tokens, units - 1, true);
  // Only by meaning: "MY FIRST MARATHON" cut to "MY FIRST" says something else, so it stays.
  if (cut) return undefined;
  const words = kept.map((t) => t.raw.replace(/^[^\p{L}\p{N}$€£¥¿¡]+|[^\p{L}\p{N}%$€£¥!?]+$/gu, "")).filter(Boolean);
  return words.length > 0 && size(kept) < units ? upperHeadline(words.join(" ")) : undefined;
}

const LANGUAGE_MARKS: Record<"es" | "fr" | "de", RegExp> = {
  es: /(?<!\p{L})(?:miniatura|portada|hazme|haz|crea|sobre|para|mi|versiones|titular|tres|con|un|lo mismo|pero|por favor|quiero)(?!\p{L})|[ñ¿¡]/iu,
  fr: /(?<!\p{L})(?:miniature|vignette|fais|cree|crée|pour|sur|ma|mon|trois|avec|titre|même|mais|je veux|vidéo)(?!\p{L})|[çœ]/iu,
  de: /(?<!\p{L})(?:vorschaubild|mach|erstelle|für|über|mein|meine|bitte|ich|drei|versionen|mit|gleiche|aber)(?!\p{L})|[ßäöü]/iu,
};

/** The language of a prompt, roughly: enough to say "watch this" in it when the prompt names no topic. */
export function promptLanguage(prompt: string): Language {
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(prompt)) return "ja";
  if (/\p{Script=Han}/u.test(prompt)) return "zh";
  for (const language of ["de", "fr", "es"] as const) if (LANGUAGE_MARKS[language].test(prompt)) return language;
  return "en";
}
