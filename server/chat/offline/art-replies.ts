import type { Language } from "../../../contract/languages.ts";
import type { ArtEdit } from "./art-words.ts";
import { pick } from "./seeded.ts";

/**
 * What the assistant says about an edit of the drawn objects: the lead-in, naming them as the user did, and why a
 * finished edit failed when the art was the reason.
 */

/**
 * Why an art edit failed, from the failed image's error code; or a swap, when the picture had no one clear person to
 * replace (what to try instead is said with it).
 */
export type ArtProblem = "unknown-word" | "not-shown" | "full" | "no-subject";

const problemByCode: Readonly<Record<string, ArtProblem>> = {
  "unprocessable:art_word": "unknown-word",
  "not_found:art": "not-shown",
  "unprocessable:art_full": "full",
  "unprocessable:swap_subject": "no-subject",
  "invalid:no_subject": "no-subject",
};

export function artProblemOf(codes: readonly (string | null | undefined)[]): ArtProblem | undefined {
  for (const code of codes) if (code && Object.hasOwn(problemByCode, code)) return problemByCode[code];
  return undefined;
}

// Suggested words are ones the art set knows in each language, so trying one works.
const problems: Record<Language, Record<ArtProblem, readonly string[]>> = {
  en: {
    "unknown-word": ["I have no picture for that word yet; try another, like trophy, fire or rocket.", "That object isn't in my art set; words like trophy, fire or rocket work."],
    "not-shown": ["That object isn't in the picture, so there was nothing to take away.", "I couldn't find that object in the picture to remove."],
    full: ["The picture already holds as many objects as it can; take one away first.", "There's no room for another object; remove one first."],
    "no-subject": ["I couldn't find one clear person in that image. Try a photo with one person, or pick one of your Studio thumbnails.", "That picture has no single clear person to swap out; a photo of one person, or one of your Studio thumbnails, will work."],
  },
  es: {
    "unknown-word": ["Aún no tengo dibujo para esa palabra; prueba otra, como trofeo, fuego o cohete.", "Ese objeto no está entre mis dibujos; funcionan palabras como trofeo, fuego o cohete."],
    "not-shown": ["Ese objeto no está en la imagen, así que no había nada que quitar.", "No encontré ese objeto en la imagen para quitarlo."],
    full: ["La imagen ya tiene todos los objetos que caben; quita uno antes.", "No cabe otro objeto; quita uno primero."],
    "no-subject": ["No encontré a una sola persona clara en esa imagen. Prueba con una foto de una persona o elige una de tus miniaturas de Studio.", "Esa imagen no tiene una persona clara que cambiar; una foto de una sola persona o una de tus miniaturas de Studio sí funcionará."],
  },
  fr: {
    "unknown-word": ["Je n'ai pas encore de dessin pour ce mot ; essayez-en un autre, comme trophée, feu ou fusée.", "Cet objet n'est pas dans mes dessins ; des mots comme trophée, feu ou fusée marchent."],
    "not-shown": ["Cet objet n'est pas dans l'image, il n'y avait donc rien à enlever.", "Je n'ai pas trouvé cet objet dans l'image pour l'enlever."],
    full: ["L'image a déjà autant d'objets qu'elle peut ; enlevez-en un d'abord.", "Il n'y a plus de place pour un objet ; retirez-en un avant."],
    "no-subject": ["Je n'ai pas trouvé une personne bien distincte dans cette image. Essayez une photo avec une seule personne, ou choisissez une de vos miniatures Studio.", "Cette image n'a pas une seule personne nette à remplacer ; une photo d'une personne, ou une de vos miniatures Studio, marchera."],
  },
  de: {
    "unknown-word": ["Für dieses Wort habe ich noch kein Bild; versuch ein anderes, etwa Pokal, Feuer oder Rakete.", "Dieses Objekt habe ich nicht; Wörter wie Pokal, Feuer oder Rakete klappen."],
    "not-shown": ["Dieses Objekt ist nicht im Bild, also gab es nichts zu entfernen.", "Ich habe dieses Objekt im Bild nicht gefunden."],
    full: ["Im Bild sind schon so viele Objekte wie möglich; nimm zuerst eins raus.", "Für ein weiteres Objekt ist kein Platz; entferne erst eins."],
    "no-subject": ["Ich habe in diesem Bild keine einzelne Person klar erkannt. Versuche ein Foto mit nur einer Person oder nimm eines deiner Studio-Thumbnails.", "Auf diesem Bild gibt es keine einzelne klare Person zum Austauschen; ein Foto von einer Person oder eines deiner Studio-Thumbnails klappt."],
  },
  zh: {
    "unknown-word": ["这个词我还没有对应的图，换一个试试，比如奖杯、火或火箭。", "我的图库里没有这个东西，可以试试奖杯、火或火箭。"],
    "not-shown": ["图里没有这个东西，所以没什么可去掉的。", "我在图里没找到要去掉的这个东西。"],
    full: ["图里的物件已经满了，先去掉一个吧。", "放不下更多物件了，请先去掉一个。"],
    "no-subject": ["我在这张图片里没找到一个清晰的人物。请换一张只有一个人的照片，或选择你的一张 Studio 缩略图。", "这张图片里没有可以替换的单个清晰人物；换成单人照片或你的 Studio 缩略图就可以。"],
  },
  ja: {
    "unknown-word": ["その言葉の絵はまだありません。トロフィー、炎、ロケットなど別の言葉を試してください。", "その物は手持ちの絵にありません。トロフィー、炎、ロケットなどなら使えます。"],
    "not-shown": ["その物は画像に入っていないので、消すものがありませんでした。", "画像の中にその物が見つかりませんでした。"],
    full: ["画像にはもう入れられるだけの物があります。先に一つ消してください。", "これ以上は入りません。先に一つ外してください。"],
    "no-subject": ["この画像にははっきりした人物が 1 人も見つかりませんでした。1 人だけが写っている写真か、Studio のサムネイルを選んでください。", "この画像には入れ替えられるはっきりした人物がいません。1 人の写真か、Studio のサムネイルなら使えます。"],
  },
};

export function renderArtProblem(problem: ArtProblem, language: Language, seed: number): string {
  return pick(problems[language][problem], seed);
}

interface ArtPhrases {
  add(word: string): readonly string[];
  remove(word: string): readonly string[];
  swap(old: string, replacement: string): readonly string[];
  clear: readonly string[];
  clearAndAdd(word: string): readonly string[];
}

const phrases: Record<Language, ArtPhrases> = {
  en: {
    add: (w) => [`Let me try adding ${w} to the picture.`, `Sure, I'll try drawing ${w} in.`, `Got it, I'll try to fit ${w} in.`],
    remove: (w) => [`Let me try taking ${w} out.`, `Sure, I'll try removing ${w}.`, `Got it, I'll try to take ${w} away.`],
    swap: (o, n) => [`Let me try swapping ${o} for ${n}.`, `Sure, I'll try ${n} in place of ${o}.`, `Got it, I'll try ${o} out, ${n} in.`],
    clear: ["Let me try clearing the emoji off.", "Sure, I'll try taking every drawn object out.", "Got it, I'll try it without the emoji."],
    clearAndAdd: (n) => [`Let me try clearing the emoji and adding ${n}.`, `Sure, I'll try it without the emoji and with ${n}.`],
  },
  es: {
    add: (w) => [`Claro, intento añadir ${w} a la imagen.`, `Voy a probar a dibujar ${w}.`, `Entendido, intento meter ${w}.`],
    remove: (w) => [`Claro, intento quitar ${w}.`, `Voy a probar a sacar ${w} de la imagen.`, `Entendido, intento quitar ${w} de ahí.`],
    swap: (o, n) => [`Claro, intento cambiar ${o} por ${n}.`, `Voy a probar ${n} en lugar de ${o}.`, `Entendido, intento sacar ${o} y poner ${n}.`],
    clear: ["Claro, intento quitar los emojis.", "Voy a probar a sacar todos los objetos dibujados.", "Entendido, intento dejarla sin emojis."],
    clearAndAdd: (n) => [`Claro, intento quitar los emojis y añadir ${n}.`, `Voy a probar sin emojis y con ${n}.`],
  },
  fr: {
    add: (w) => [`D'accord, j'essaie d'ajouter ${w} à l'image.`, `Je vais essayer de dessiner ${w}.`, `Compris, j'essaie de placer ${w}.`],
    remove: (w) => [`D'accord, j'essaie d'enlever ${w}.`, `Je vais essayer de retirer ${w} de l'image.`, `Compris, j'essaie de faire disparaître ${w}.`],
    swap: (o, n) => [`D'accord, j'essaie de remplacer ${o} par ${n}.`, `Je vais essayer ${n} à la place de ${o}.`, `Compris, j'essaie : ${o} sort, ${n} entre.`],
    clear: ["D'accord, j'essaie d'enlever les emojis.", "Je vais essayer de retirer tous les objets dessinés.", "Compris, j'essaie sans emojis."],
    clearAndAdd: (n) => [`D'accord, j'essaie d'enlever les emojis et d'ajouter ${n}.`, `Je vais essayer : plus d'emojis, place à ${n}.`],
  },
  de: {
    add: (w) => [`Klar, ich versuche, ${w} ins Bild einzufügen.`, `Mache ich: Ich probiere ${w} im Bild.`, `Verstanden, ich versuche, ${w} einzuzeichnen.`],
    remove: (w) => [`Klar, ich versuche, ${w} rauszunehmen.`, `Mache ich, ich probiere es ohne ${w}.`, `Verstanden, ich versuche, ${w} zu entfernen.`],
    swap: (o, n) => [`Klar, ich versuche, ${o} gegen ${n} zu tauschen.`, `Mache ich: Ich probiere ${n} an der Stelle von ${o}.`, `Verstanden, ich versuche es: ${o} raus, ${n} rein.`],
    clear: ["Klar, ich versuche, die Emojis rauszunehmen.", "Mache ich, ich probiere es ohne gezeichnete Objekte.", "Verstanden, ich versuche es ohne Emojis."],
    clearAndAdd: (n) => [`Klar, ich versuche, die Emojis rauszunehmen und ${n} einzufügen.`, `Mache ich: Ich probiere es ohne Emojis, mit ${n}.`],
  },
  zh: {
    add: (w) => [`好的，我试试给图里加上${w}。`, `我来试着把${w}画进去。`, `明白，我试一下添加${w}。`],
    remove: (w) => [`好的，我试试去掉${w}。`, `我来试着把${w}拿掉。`, `明白，我试一下不要${w}。`],
    swap: (o, n) => [`好的，我试试把${o}换成${n}。`, `我来试着用${n}替换${o}。`, `明白，我试一下去掉${o}，换上${n}。`],
    clear: ["好的，我试试去掉所有表情。", "我来试着把画上的图标都拿掉。", "明白，我试一下不要表情。"],
    clearAndAdd: (n) => [`好的，我试试去掉表情，加上${n}。`, `我来试着清掉表情，换上${n}。`],
  },
  ja: {
    add: (w) => [`了解です、${w}を追加してみますね。`, `わかりました、${w}を描き足してみます。`, `${w}を入れてみます。`],
    remove: (w) => [`了解です、${w}を消してみますね。`, `わかりました、${w}を外してみます。`, `${w}を取り除いてみます。`],
    swap: (o, n) => [`了解です、${o}を${n}に変えてみますね。`, `わかりました、${o}の代わりに${n}を入れてみます。`, `${o}を${n}に差し替えてみます。`],
    clear: ["了解です、絵文字を消してみますね。", "わかりました、描いたものを全部外してみます。", "絵文字なしにしてみます。"],
    clearAndAdd: (n) => [`了解です、絵文字を消して${n}を入れてみます。`, `わかりました、絵文字を外して${n}を追加してみます。`],
  },
};

/**
 * One lead-in for an art edit; `quote` marks the user's words the way the language does. Like every edit's lead-in it
 * is said before the edit runs, so it speaks of trying: the object may not be drawable, or not in the picture.
 */
export function renderArtLead(edit: ArtEdit, language: Language, seed: number, quote: (text: string) => string): string {
  const book = phrases[language];
  const { artAdd, artRemove } = edit;
  const clears = artRemove?.trim().toLowerCase() === "all";
  if (artAdd && clears) return pick(book.clearAndAdd(quote(artAdd)), seed);
  if (artAdd && artRemove) return pick(book.swap(quote(artRemove), quote(artAdd)), seed);
  if (artAdd) return pick(book.add(quote(artAdd)), seed);
  if (clears) return pick(book.clear, seed);
  return pick(book.remove(quote(artRemove ?? "")), seed);
}
