import type { SceneChange } from "../../../contract/chat.ts";
import { type ImageAspect, imageAspects, type ImageStyle } from "../../../contract/images.ts";
import type { Language } from "../../../contract/languages.ts";
import { type ColorName, colorHex } from "./lexicon.ts";
import { pick } from "./seeded.ts";
import { frameClause } from "./variant-replies.ts";

/**
 * What the offline assistant says about an edit from its scene diff: the changes it made, in the message's language
 * ("Moved the headline to the right and made the background red."), or, for an edit that changed nothing, that
 * nothing was made or charged and what it can do instead.
 */
type Direction = "left" | "right" | "up" | "down";

interface EditPhrases {
  colors: Record<ColorName, string>;
  styles: Record<ImageStyle, string>;
  headlineColor: (colour: string) => string;
  headlineBigger: string;
  headlineSmaller: string;
  headlineOutline: string;
  headlineOutlineColor: (colour: string) => string;
  headlineText: string;
  /** The headline cut to fewer words ("less text"), with its new words. */
  headlineShortened: (text: string) => string;
  /** The headline's new face: "serif" for the classic serif, "bold" for the display face. */
  headlineFont: (feel: "serif" | "bold") => string;
  headlineMoved: (direction: Direction) => string;
  backgroundColor: (colour: string) => string;
  backgroundStronger: string;
  style: (style: string) => string;
  subjectMoved: (direction: Direction) => string;
  artAdded: (word: string) => string;
  /** A persona put in the picture in the place of its subject, by name. */
  personaIn: (name: string) => string;
  artRemoved: (word: string) => string;
  /** The clauses as one sentence: "A, B and C." */
  join: (clauses: readonly string[]) => string;
  noChange: readonly string[];
  /** Two or three edits that always show, as the offer after a no-change. */
  offers: readonly string[];
}

const listWith = (and: string, stop: string) => (clauses: readonly string[]) => {
  const body = clauses.length > 1 ? `${clauses.slice(0, -1).join(", ")} ${and} ${clauses.at(-1)}` : (clauses[0] ?? "");
  return `${body.charAt(0).toUpperCase()}${body.slice(1)}${stop}`;
};

const en: EditPhrases = {
  colors: { pink: "pink", red: "red", orange: "orange", yellow: "yellow", green: "green", cyan: "cyan", blue: "blue", purple: "purple", white: "white", black: "black", gray: "grey", gold: "gold", brown: "brown" },
  styles: { realistic: "realistic", cartoon: "cartoon", abstract: "abstract", vintage: "vintage" },
  headlineColor: (c) => `made the headline ${c}`,
  headlineBigger: "made the headline bigger",
  headlineSmaller: "made the headline smaller",
  headlineOutline: "gave the headline a heavier outline",
  headlineOutlineColor: (c) => `gave the headline a ${c} outline`,
  headlineText: "rewrote the headline",
  headlineShortened: (t) => `shortened the headline to “${t}”`,
  headlineFont: (f) => (f === "serif" ? "set the headline in a classic serif font" : "set the headline in a bold display font"),
  headlineMoved: (d) => (d === "up" || d === "down" ? `moved the headline ${d}` : `moved the headline to the ${d}`),
  backgroundColor: (c) => `made the background ${c}`,
  backgroundStronger: "made the background colours stronger",
  style: (s) => `switched to the ${s} style`,
  subjectMoved: (d) => `moved the subject to the ${d}`,
  artAdded: (w) => `added ${w}`,
  personaIn: (n) => `put ${n} in the picture`,
  artRemoved: (w) => `removed ${w}`,
  join: listWith("and", "."),
  noChange: ["That would leave the picture exactly as it is, so I made no new image and charged nothing.", "I couldn't find anything to change there, so there is no new image and no credits were spent."],
  offers: ["I can make the headline bigger, change the background colour or move the subject left.", "Try: “make the headline bigger”, “make the background blue” or “move the text to the right”."],
};

const es: EditPhrases = {
  colors: { pink: "rosa", red: "rojo", orange: "naranja", yellow: "amarillo", green: "verde", cyan: "cian", blue: "azul", purple: "morado", white: "blanco", black: "negro", gray: "gris", gold: "dorado", brown: "marrón" },
  styles: { realistic: "realista", cartoon: "cómic", abstract: "abstracto", vintage: "vintage" },
  headlineColor: (c) => `puse el titular en ${c}`,
  headlineBigger: "agrandé el titular",
  headlineSmaller: "reduje el titular",
  headlineOutline: "le di al titular un contorno más grueso",
  headlineOutlineColor: (c) => `le puse al titular un contorno ${c}`,
  headlineText: "reescribí el titular",
  headlineShortened: (t) => `acorté el titular a «${t}»`,
  headlineFont: (f) => (f === "serif" ? "puse el titular en una fuente clásica con serifa" : "puse el titular en una fuente gruesa de impacto"),
  headlineMoved: (d) => ({ left: "moví el titular a la izquierda", right: "moví el titular a la derecha", up: "subí el titular", down: "bajé el titular" })[d],
  backgroundColor: (c) => `puse el fondo en ${c}`,
  backgroundStronger: "intensifiqué los colores del fondo",
  style: (s) => `cambié al estilo ${s}`,
  subjectMoved: (d) => ({ left: "moví al sujeto a la izquierda", right: "moví al sujeto a la derecha", up: "subí al sujeto", down: "bajé al sujeto" })[d],
  artAdded: (w) => `añadí ${w}`,
  personaIn: (n) => `puse a ${n} en la imagen`,
  artRemoved: (w) => `quité ${w}`,
  join: listWith("y", "."),
  noChange: ["Eso dejaría la imagen exactamente igual, así que no hice una nueva ni cobré nada.", "No encontré nada que cambiar ahí: no hay imagen nueva y no se gastaron créditos."],
  offers: ["Puedo agrandar el titular, cambiar el color del fondo o mover al sujeto a la izquierda.", "Prueba: «titular más grande», «fondo azul» o «mueve el texto a la derecha»."],
};

const fr: EditPhrases = {
  colors: { pink: "rose", red: "rouge", orange: "orange", yellow: "jaune", green: "vert", cyan: "cyan", blue: "bleu", purple: "violet", white: "blanc", black: "noir", gray: "gris", gold: "doré", brown: "marron" },
  styles: { realistic: "réaliste", cartoon: "cartoon", abstract: "abstrait", vintage: "vintage" },
  headlineColor: (c) => `j'ai mis le titre en ${c}`,
  headlineBigger: "j'ai agrandi le titre",
  headlineSmaller: "j'ai réduit le titre",
  headlineOutline: "j'ai épaissi le contour du titre",
  headlineOutlineColor: (c) => `j'ai donné au titre un contour ${c}`,
  headlineText: "j'ai réécrit le titre",
  headlineShortened: (t) => `j'ai raccourci le titre en « ${t} »`,
  headlineFont: (f) => (f === "serif" ? "j'ai mis le titre dans une police classique à empattements" : "j'ai mis le titre dans une police grasse et percutante"),
  headlineMoved: (d) => ({ left: "j'ai déplacé le titre à gauche", right: "j'ai déplacé le titre à droite", up: "j'ai remonté le titre", down: "j'ai descendu le titre" })[d],
  backgroundColor: (c) => `j'ai mis le fond en ${c}`,
  backgroundStronger: "j'ai intensifié les couleurs du fond",
  style: (s) => `je suis passé au style ${s}`,
  subjectMoved: (d) => ({ left: "j'ai déplacé le sujet à gauche", right: "j'ai déplacé le sujet à droite", up: "j'ai remonté le sujet", down: "j'ai descendu le sujet" })[d],
  artAdded: (w) => `j'ai ajouté ${w}`,
  personaIn: (n) => `j'ai mis ${n} dans l'image`,
  artRemoved: (w) => `j'ai retiré ${w}`,
  join: listWith("et", "."),
  noChange: ["Cela laisserait l'image exactement telle quelle, donc je n'ai fait aucune nouvelle image et rien n'a été facturé.", "Je n'ai rien trouvé à changer : pas de nouvelle image, aucun crédit dépensé."],
  offers: ["Je peux agrandir le titre, changer la couleur du fond ou déplacer le sujet à gauche.", "Essayez : « titre plus grand », « fond bleu » ou « déplace le texte à droite »."],
};

const de: EditPhrases = {
  colors: { pink: "pink", red: "rot", orange: "orange", yellow: "gelb", green: "grün", cyan: "türkis", blue: "blau", purple: "lila", white: "weiß", black: "schwarz", gray: "grau", gold: "golden", brown: "braun" },
  styles: { realistic: "realistischen Stil", cartoon: "Cartoon-Stil", abstract: "abstrakten Stil", vintage: "Vintage-Stil" },
  headlineColor: (c) => `die Überschrift ${c} gemacht`,
  headlineBigger: "die Überschrift vergrößert",
  headlineSmaller: "die Überschrift verkleinert",
  headlineOutline: "der Überschrift eine kräftigere Kontur gegeben",
  headlineOutlineColor: (c) => `der Überschrift eine Kontur in ${c.charAt(0).toUpperCase()}${c.slice(1)} gegeben`,
  headlineText: "die Überschrift neu geschrieben",
  headlineShortened: (t) => `die Überschrift auf „${t}“ gekürzt`,
  headlineFont: (f) => (f === "serif" ? "die Überschrift in eine klassische Serifenschrift gesetzt" : "die Überschrift in eine kräftige Plakatschrift gesetzt"),
  headlineMoved: (d) => ({ left: "die Überschrift nach links verschoben", right: "die Überschrift nach rechts verschoben", up: "die Überschrift nach oben verschoben", down: "die Überschrift nach unten verschoben" })[d],
  backgroundColor: (c) => `den Hintergrund ${c} gemacht`,
  backgroundStronger: "die Hintergrundfarben verstärkt",
  style: (s) => `zum ${s} gewechselt`,
  subjectMoved: (d) => ({ left: "das Motiv nach links verschoben", right: "das Motiv nach rechts verschoben", up: "das Motiv nach oben verschoben", down: "das Motiv nach unten verschoben" })[d],
  artAdded: (w) => `${w} hinzugefügt`,
  personaIn: (n) => `${n} ins Bild gesetzt`,
  artRemoved: (w) => `${w} entfernt`,
  join: (clauses) => `Ich habe ${clauses.length > 1 ? `${clauses.slice(0, -1).join(", ")} und ${clauses.at(-1)}` : (clauses[0] ?? "")}.`,
  noChange: ["Damit bliebe das Bild genau wie es ist, also habe ich kein neues gemacht und nichts berechnet.", "Ich habe dort nichts zu ändern gefunden: kein neues Bild, keine Credits ausgegeben."],
  offers: ["Ich kann die Überschrift vergrößern, die Hintergrundfarbe ändern oder das Motiv nach links schieben.", "Versuch: „Überschrift größer“, „Hintergrund blau“ oder „Text nach rechts verschieben“."],
};

const zh: EditPhrases = {
  colors: { pink: "粉色", red: "红色", orange: "橙色", yellow: "黄色", green: "绿色", cyan: "青色", blue: "蓝色", purple: "紫色", white: "白色", black: "黑色", gray: "灰色", gold: "金色", brown: "棕色" },
  styles: { realistic: "写实", cartoon: "卡通", abstract: "抽象", vintage: "复古" },
  headlineColor: (c) => `把标题改成了${c}`,
  headlineBigger: "把标题放大了",
  headlineSmaller: "把标题缩小了",
  headlineOutline: "给标题加粗了描边",
  headlineOutlineColor: (c) => `给标题加了${c}描边`,
  headlineText: "改写了标题",
  headlineShortened: (t) => `把标题精简成了“${t}”`,
  headlineFont: (f) => (f === "serif" ? "把标题换成了经典衬线字体" : "把标题换成了醒目的粗体字"),
  headlineMoved: (d) => ({ left: "把标题移到了左边", right: "把标题移到了右边", up: "把标题往上移了", down: "把标题往下移了" })[d],
  backgroundColor: (c) => `把背景改成了${c}`,
  backgroundStronger: "让背景颜色更鲜艳了",
  style: (s) => `换成了${s}风格`,
  subjectMoved: (d) => ({ left: "把人物移到了左边", right: "把人物移到了右边", up: "把人物往上移了", down: "把人物往下移了" })[d],
  artAdded: (w) => `加上了${w}`,
  personaIn: (n) => `把${n}放进了画面`,
  artRemoved: (w) => `去掉了${w}`,
  join: (clauses) => `我${clauses.join("，")}。`,
  noChange: ["这样画面会完全不变，所以我没有生成新图，也没有扣积分。", "这里没有可以改动的地方：没有新图片，也没有花费积分。"],
  offers: ["我可以把标题放大、换背景颜色，或者把人物移到左边。", "试试：“标题大一点”、“背景换成蓝色”或“把文字移到右边”。"],
};

const ja: EditPhrases = {
  colors: { pink: "ピンク", red: "赤", orange: "オレンジ", yellow: "黄色", green: "緑", cyan: "水色", blue: "青", purple: "紫", white: "白", black: "黒", gray: "グレー", gold: "金色", brown: "茶色" },
  styles: { realistic: "リアル", cartoon: "カートゥーン", abstract: "抽象", vintage: "レトロ" },
  headlineColor: (c) => `見出しを${c}にしました`,
  headlineBigger: "見出しを大きくしました",
  headlineSmaller: "見出しを小さくしました",
  headlineOutline: "見出しの縁取りを太くしました",
  headlineOutlineColor: (c) => `見出しの縁取りを${c}にしました`,
  headlineText: "見出しを書き換えました",
  headlineShortened: (t) => `見出しを「${t}」に短くしました`,
  headlineFont: (f) => (f === "serif" ? "見出しをクラシックなセリフ書体にしました" : "見出しを太いインパクト書体にしました"),
  headlineMoved: (d) => ({ left: "見出しを左に移動しました", right: "見出しを右に移動しました", up: "見出しを上に移動しました", down: "見出しを下に移動しました" })[d],
  backgroundColor: (c) => `背景を${c}にしました`,
  backgroundStronger: "背景の色を鮮やかにしました",
  style: (s) => `${s}スタイルに切り替えました`,
  subjectMoved: (d) => ({ left: "人物を左に移動しました", right: "人物を右に移動しました", up: "人物を上に移動しました", down: "人物を下に移動しました" })[d],
  artAdded: (w) => `${w}を追加しました`,
  personaIn: (n) => `${n}を画像に入れました`,
  artRemoved: (w) => `${w}を削除しました`,
  join: (clauses) => `${clauses.map((c, i) => (i < clauses.length - 1 ? c.replace(/しました$/u, "し") : c)).join("、")}。`,
  noChange: ["このままだと画像がまったく変わらないため、新しい画像は作らず、クレジットも消費していません。", "変更できる点が見つからなかったので、新しい画像はなく、クレジットも使っていません。"],
  offers: ["見出しを大きくする、背景の色を変える、人物を左に動かす、などができます。", "例えば「見出しを大きく」「背景を青に」「文字を右に移動」と言ってください。"],
};

const phrases: Record<Language, EditPhrases> = { en, es, fr, de, zh, ja };

const rgbOf = (hex: string): [number, number, number] => {
  const n = Number.parseInt(/^#([0-9a-f]{6})$/i.exec(hex)?.[1] ?? "808080", 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** The named colour nearest to a hex colour, for saying it in words. */
export function nearestColorName(hex: string): ColorName {
  const [r, g, b] = rgbOf(hex);
  let best: ColorName = "gray";
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const [name, value] of Object.entries(colorHex) as [ColorName, string][]) {
    const [vr, vg, vb] = rgbOf(value);
    const distance = (r - vr) ** 2 * 2 + (g - vg) ** 2 * 4 + (b - vb) ** 2 * 3;
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

function isHex(value: unknown): value is string {
  return typeof value === "string" && /^#[0-9a-f]{6}$/i.test(value);
}

const isAspect = (value: unknown): value is ImageAspect => typeof value === "string" && Object.hasOwn(imageAspects, value);

const isStyle = (value: unknown, book: EditPhrases): value is ImageStyle => typeof value === "string" && value in book.styles;

/** Whether `to` is `from` with some of its characters left out, as "less text" makes it (not new words). */
function isShortened(from: string, to: string): boolean {
  const kept = [...to];
  if (kept.length === 0 || kept.length >= [...from].length) return false;
  let at = 0;
  for (const character of from) if (character === kept[at]) at += 1;
  return at === kept.length;
}

/** One clause for one change; undefined for a change the creator would not name (the outline a recolour adjusted). */
function clause(change: SceneChange, book: EditPhrases, all: readonly SceneChange[], language: Language): string | undefined {
  const { from, to } = change;
  const rising = typeof from === "number" && typeof to === "number" && to > from;
  switch (`${change.layer}.${change.property}`) {
    case "headline.color":
      return isHex(to) ? book.headlineColor(book.colors[nearestColorName(to)]) : undefined;
    case "headline.size":
      return rising ? book.headlineBigger : book.headlineSmaller;
    case "headline.outline":
      // A new colour brings the outline it needs to stay readable; only a heavier outline on its own is news.
      return rising && !all.some((c) => c.layer === "headline" && (c.property === "color" || c.property === "outlineColor")) ? book.headlineOutline : undefined;
    case "headline.outlineColor":
      // A new fill or style brings the outline it needs; only an outline colour on its own is news.
      if (all.some((c) => (c.layer === "headline" && c.property === "color") || (c.layer === "background" && c.property === "style"))) return undefined;
      return isHex(to) ? book.headlineOutlineColor(book.colors[nearestColorName(to)]) : undefined;
    case "headline.text":
      return typeof from === "string" && typeof to === "string" && isShortened(from, to) ? book.headlineShortened(to) : book.headlineText;
    case "headline.font":
      // A new style brings its own face; the style is what was asked.
      if (all.some((c) => c.layer === "background" && c.property === "style")) return undefined;
      return to === "abril" ? book.headlineFont("serif") : to === "anton" ? book.headlineFont("bold") : undefined;
    case "headline.x":
      return book.headlineMoved(rising ? "right" : "left");
    case "headline.y":
      return book.headlineMoved(rising ? "down" : "up");
    case "background.color": {
      if (!isHex(to)) return undefined;
      const name = nearestColorName(to);
      return isHex(from) && nearestColorName(from) === name ? book.backgroundStronger : book.backgroundColor(book.colors[name]);
    }
    case "background.style":
      return isStyle(to, book) ? book.style(book.styles[to]) : undefined;
    case "subject.x":
      return book.subjectMoved(rising ? "right" : "left");
    case "subject.persona":
      return typeof to === "string" ? book.personaIn(to) : undefined;
    case "art.added":
      return typeof to === "string" ? book.artAdded(to) : undefined;
    case "art.removed":
      return typeof from === "string" ? book.artRemoved(from) : undefined;
    case "frame.aspect":
      return isAspect(to) ? frameClause(language, to) : undefined;
    default:
      return undefined;
  }
}

/** The sentence saying what an edit changed, from its diff; undefined when the diff names nothing to say. */
export function describeChanges(changes: readonly SceneChange[], language: Language): string | undefined {
  const book = phrases[language];
  // The headline follows the subject across the frame on its own; the subject's move is what was asked.
  const subjectMoved = changes.some((c) => c.layer === "subject" && c.property === "x");
  // A resized headline grows from its middle or its anchored edge, so its box moves without being moved.
  const resized = changes.some((c) => c.layer === "headline" && c.property === "size");
  // Laid out for another frame, every part takes a new place: the frame is what was asked, not each move.
  const relaid = changes.some((c) => c.layer === "frame");
  const said = changes.filter(
    (c) =>
      !(relaid && (c.property === "x" || c.property === "y")) &&
      !(c.layer === "headline" && ((subjectMoved && c.property === "x") || (resized && (c.property === "x" || c.property === "y")))),
  );
  const clauses = [...new Set(said.map((c) => clause(c, book, changes, language)).filter((c): c is string => c !== undefined))];
  return clauses.length > 0 ? book.join(clauses) : undefined;
}

/** The answer to an edit that changed nothing: no image, no charge, and edits that would show. */
export function renderNoChange(language: Language, seed: number): string {
  const book = phrases[language];
  return `${pick(book.noChange, seed)}${language === "zh" || language === "ja" ? "" : " "}${pick(book.offers, seed, 1)}`;
}

const unchanged: Record<Language, readonly string[]> = {
  en: ["The model handed the picture back unchanged, so I didn't keep it. Try describing the change another way."],
  es: ["El modelo devolvió la imagen sin cambios, así que no la guardé. Prueba a describir el cambio de otra forma."],
  fr: ["Le modèle a rendu l'image sans changement, je ne l'ai donc pas gardée. Essayez de décrire la modification autrement."],
  de: ["Das Modell hat das Bild unverändert zurückgegeben, deshalb habe ich es nicht behalten. Beschreib die Änderung einmal anders."],
  zh: ["模型返回的图片没有任何变化，所以我没有保留。换个说法描述一下想要的改动吧。"],
  ja: ["モデルが画像を変更せずに返したため、保存しませんでした。変更内容を別の言い方で伝えてみてください。"],
};

/** After a provider edit came back unchanged: it failed and was refunded (the refund is said by the ledger's words). */
export function renderUnchanged(language: Language, seed: number): string {
  return pick(unchanged[language], seed, 7);
}
