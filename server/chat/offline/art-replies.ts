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
    "unknown-word": ["Je n'ai pas encore de dessin pour ce mot ; essaie un autre, comme trophée, feu ou fusée.", "Cet objet n'est pas dans mes dessins ; des mots comme trophée, feu ou fusée marchent."],
    "not-shown": ["Cet objet n'est pas dans l'image, il n'y avait donc rien à enlever.", "Je n'ai pas trouvé cet objet dans l'image pour l'enlever."],
    full: ["L'image a déjà autant d'objets qu'elle peut ; enlèves-en un d'abord.", "Il n'y a plus de place pour un objet ; retires-en un avant."],
    "no-subject": ["Je n'ai pas trouvé une personne bien distincte dans cette image. Essaie une photo avec une seule personne, ou choisis une de tes miniatures Studio.", "Cette image n'a pas une seule personne nette à remplacer ; une photo d'une personne, ou une de tes miniatures Studio, marchera."],
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
    add: (w) => [`Sure, adding ${w} to the picture.`, `On it: ${w} goes in.`, `Got it, drawing ${w} in.`],
    remove: (w) => [`Sure, taking ${w} out.`, `On it, removing ${w}.`, `Got it, ${w} goes.`],
    swap: (o, n) => [`Sure, swapping ${o} for ${n}.`, `On it: ${n} takes the place of ${o}.`, `Got it, ${o} out, ${n} in.`],
    clear: ["Sure, clearing the emoji off.", "On it, taking every drawn object out.", "Got it, no more emoji."],
    clearAndAdd: (n) => [`Sure, clearing the emoji and adding ${n}.`, `On it: out with the emoji, in with ${n}.`],
  },
  es: {
    add: (w) => [`Claro, añado ${w} a la imagen.`, `Enseguida: ${w} entra en la imagen.`, `Hecho, dibujo ${w}.`],
    remove: (w) => [`Claro, quito ${w}.`, `Enseguida, saco ${w} de la imagen.`, `Entendido, fuera ${w}.`],
    swap: (o, n) => [`Claro, cambio ${o} por ${n}.`, `Enseguida: ${n} ocupa el lugar de ${o}.`, `Entendido, fuera ${o} y dentro ${n}.`],
    clear: ["Claro, quito los emojis.", "Enseguida, saco todos los objetos dibujados.", "Entendido, sin emojis."],
    clearAndAdd: (n) => [`Claro, quito los emojis y añado ${n}.`, `Enseguida: fuera los emojis, dentro ${n}.`],
  },
  fr: {
    add: (w) => [`D'accord, j'ajoute ${w} à l'image.`, `C'est parti : ${w} entre dans l'image.`, `Compris, je dessine ${w}.`],
    remove: (w) => [`D'accord, j'enlève ${w}.`, `C'est parti, je retire ${w} de l'image.`, `Compris, ${w} disparaît.`],
    swap: (o, n) => [`D'accord, je remplace ${o} par ${n}.`, `C'est parti : ${n} prend la place de ${o}.`, `Compris, ${o} sort, ${n} entre.`],
    clear: ["D'accord, j'enlève les emojis.", "C'est parti, je retire tous les objets dessinés.", "Compris, plus d'emojis."],
    clearAndAdd: (n) => [`D'accord, j'enlève les emojis et j'ajoute ${n}.`, `C'est parti : plus d'emojis, place à ${n}.`],
  },
  de: {
    add: (w) => [`Klar, ich füge ${w} ins Bild ein.`, `Mache ich: ${w} kommt dazu.`, `Verstanden, ich zeichne ${w} ein.`],
    remove: (w) => [`Klar, ich nehme ${w} raus.`, `Mache ich, ${w} verschwindet.`, `Verstanden, ich entferne ${w}.`],
    swap: (o, n) => [`Klar, ich tausche ${o} gegen ${n}.`, `Mache ich: ${n} kommt an die Stelle von ${o}.`, `Verstanden, ${o} raus, ${n} rein.`],
    clear: ["Klar, ich nehme die Emojis raus.", "Mache ich, alle gezeichneten Objekte verschwinden.", "Verstanden, keine Emojis mehr."],
    clearAndAdd: (n) => [`Klar, die Emojis kommen raus und ${n} kommt dazu.`, `Mache ich: weg mit den Emojis, her mit ${n}.`],
  },
  zh: {
    add: (w) => [`好的，给图里加上${w}。`, `马上把${w}画进去。`, `明白，添加${w}。`],
    remove: (w) => [`好的，去掉${w}。`, `马上把${w}拿掉。`, `明白，${w}不要了。`],
    swap: (o, n) => [`好的，把${o}换成${n}。`, `马上用${n}替换${o}。`, `明白，去掉${o}，换上${n}。`],
    clear: ["好的，去掉所有表情。", "马上把画上的图标都拿掉。", "明白，不要表情了。"],
    clearAndAdd: (n) => [`好的，去掉表情，加上${n}。`, `马上清掉表情，换上${n}。`],
  },
  ja: {
    add: (w) => [`了解です、${w}を追加しますね。`, `わかりました、${w}を描き足します。`, `すぐに${w}を入れます。`],
    remove: (w) => [`了解です、${w}を消しますね。`, `わかりました、${w}を外します。`, `すぐに${w}を取り除きます。`],
    swap: (o, n) => [`了解です、${o}を${n}に変えますね。`, `わかりました、${o}の代わりに${n}を入れます。`, `すぐに${o}を${n}に差し替えます。`],
    clear: ["了解です、絵文字を消しますね。", "わかりました、描いたものを全部外します。", "すぐに絵文字なしにします。"],
    clearAndAdd: (n) => [`了解です、絵文字を消して${n}を入れます。`, `わかりました、絵文字を外して${n}を追加します。`],
  },
};

/** One lead-in for an art edit; `quote` marks the user's words the way the language does. */
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
