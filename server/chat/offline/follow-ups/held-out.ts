import type { ExpectedChange, Expectation, FollowUp } from "./types.ts";

/**
 * Held-out follow-ups: written blind, without reading the lexicons, the intent reading or the other area files, so
 * their share is an honest figure for what creators type that nobody tuned the assistant for (docs/product/chat.md,
 * Understanding follow-ups). Sixteen a language over place, size, colour, background, objects, font, less text, vague
 * asks, versions, frames, variants and mixed asks. The current image (fixture.ts) has the subject on the left, a big
 * teal headline at the top right and a laptop drawn for "coding".
 */
type Language = FollowUp["language"];

const to = (layer: ExpectedChange["layer"], property: ExpectedChange["property"], more: Omit<ExpectedChange, "layer" | "property"> = {}): ExpectedChange => ({ layer, property, ...more });
const edit = (...changes: ExpectedChange[]): Expectation => ({ changes });

const headlineDown = to("headline", "y", { direction: "up" });
const headlineLeft = to("headline", "x", { direction: "down" });
const subjectRight = to("subject", "x", { direction: "up" });
const bigger = to("headline", "size", { direction: "up" });
const smaller = to("headline", "size", { direction: "down" });
const headlineColour = (hex: string) => to("headline", "color", { to: hex });
const backgroundColour = (hex: string) => to("background", "color", { to: hex });
// The Studio's named colours, as every language names them.
const YELLOW = "#ffd60a";
const RED = "#e63946";
const WHITE = "#ffffff";
const BLACK = "#111111";
const BLUE = "#1e6ff2";
// A shade the Studio has no name for: any new background colour answers it.
const darkBlueBackground = to("background", "color");
const removed = to("art", "removed");
const added = to("art", "added");
const font = to("headline", "font");
const shorter = to("headline", "text");
// The make-it-pop recipe always gives the headline a heavier outline.
const pop = edit(to("headline", "outline", { direction: "up" }));
const frame = (aspect: string) => edit(to("frame", "aspect", { to: aspect }));
const three: Expectation = { changes: [], variants: 3 };
const again: Expectation = { changes: [], variants: 1 };
const previous: Expectation = { current: "previous" };
const first: Expectation = { current: "first" };
const next: Expectation = { current: "next" };
const second: Expectation = { current: { batch: 1 } };

type Row = [area: string, text: string, expect: Expectation, state?: FollowUp["state"]];

const rows: Record<Language, Row[]> = {
  en: [
    ["position", "can u move the title to the bottom", edit(headlineDown)],
    ["position", "put me on the right side", edit(subjectRight)],
    ["size", "title is too big tbh, shrink it a bit", edit(smaller)],
    ["colour", "make the text yellow 💛", edit(headlineColour(YELLOW))],
    ["background", "backround should be dark blue", edit(darkBlueBackground)],
    ["remove", "get rid of the laptop", edit(removed)],
    ["add", "add a trophy next to me 🏆", edit(added)],
    ["swap", "swap the laptop for a rocket", edit(removed, added)],
    ["font", "can we try a classier serif font", edit(font)],
    ["less text", "way too many words on it, cut it down", edit(shorter)],
    ["vague", "idk it looks kinda flat, can you make it pop more?", pop],
    ["undo", "nah go back, i liked the one before better", previous],
    ["first", "honestly the original was better, use that one", first],
    ["aspect", "need a vertical one for shorts", frame("9:16")],
    ["variants", "gimme 3 different versions of this", three],
    ["mixed", "make the title red and put it at the bottom", edit(headlineColour(RED), headlineDown)],
  ],
  es: [
    ["position", "pon el título abajo", edit(headlineDown)],
    ["position", "el texto a la izquierda porfa", edit(headlineLeft)],
    ["size", "haz el título más grande", edit(bigger)],
    ["colour", "cambia el color del título a amarillo", edit(headlineColour(YELLOW))],
    ["background", "el fondo en negro", edit(backgroundColour(BLACK))],
    ["remove", "quita la laptop, no me gusta", edit(removed)],
    ["add", "agrega una corona 👑", edit(added)],
    ["swap", "cambia la laptop por un trofeo", edit(removed, added)],
    ["font", "usa una letra más elegante", edit(font)],
    ["less text", "hay demasiado texto, acórtalo", edit(shorter)],
    ["vague", "hazlo más llamativo", pop],
    ["redo", "ups, rehacer", next, "undone"],
    ["undo", "deshaz eso", previous],
    ["aspect", "hazla cuadrada para insta", frame("1:1")],
    ["variants", "dame tres versiones distintas", three],
    ["mixed", "título en blanco y más pequeño", edit(headlineColour(WHITE), smaller)],
  ],
  fr: [
    ["position", "mets le titre en bas stp", edit(headlineDown)],
    ["position", "déplace-moi à droite", edit(subjectRight)],
    ["size", "le titre est trop petit", edit(bigger)],
    ["colour", "le titre en rouge ce serait mieux", edit(headlineColour(RED))],
    ["background", "un fond bleu plutôt", edit(backgroundColour(BLUE))],
    ["remove", "enlève l'ordi", edit(removed)],
    ["add", "ajoute des flammes 🔥", edit(added)],
    ["swap", "remplace l'ordinateur par une fusée", edit(removed, added)],
    ["font", "une police plus fun", edit(font)],
    ["less text", "moins de texte", edit(shorter)],
    ["vague", "c'est un peu fade, rends-le plus accrocheur", pop],
    ["batch", "je prends la deuxième", second, "batch"],
    ["undo", "reviens en arrière", previous],
    ["aspect", "format vertical pour les shorts", frame("9:16")],
    ["variants", "fais-moi 3 variantes", three],
    ["mixed", "titre en jaune et fond noir", edit(headlineColour(YELLOW), backgroundColour(BLACK))],
  ],
  de: [
    ["position", "Titel bitte nach unten", edit(headlineDown)],
    ["position", "schrift nach links", edit(headlineLeft)],
    ["size", "Überschrift kleiner machen", edit(smaller)],
    ["colour", "mach die schrift gelb", edit(headlineColour(YELLOW))],
    ["background", "hintergrund lieber dunkelblau", edit(darkBlueBackground)],
    ["remove", "laptop weg", edit(removed)],
    ["add", "füg noch nen pokal hinzu", edit(added)],
    ["swap", "statt dem laptop lieber eine rakete", edit(removed, added)],
    ["font", "andere schriftart, was mit serifen", edit(font)],
    ["less text", "weniger text bitte, das ist zu viel", edit(shorter)],
    ["vague", "mach das ganze auffälliger", pop],
    ["undo", "rückgängig", previous],
    ["first", "nimm wieder das allererste", first],
    ["aspect", "quadratisch für insta", frame("1:1")],
    ["variants", "probier nochmal", again],
    ["mixed", "titel rot und größer", edit(headlineColour(RED), bigger)],
  ],
  zh: [
    ["position", "标题放到下面", edit(headlineDown)],
    ["position", "把我移到右边", edit(subjectRight)],
    ["size", "标题再大一点", edit(bigger)],
    ["colour", "标题改成黄色", edit(headlineColour(YELLOW))],
    ["background", "背景换成黑色", edit(backgroundColour(BLACK))],
    ["remove", "把电脑去掉", edit(removed)],
    ["add", "加个奖杯🏆", edit(added)],
    ["swap", "把笔记本换成火箭", edit(removed, added)],
    ["font", "换个可爱点的字体", edit(font)],
    ["less text", "字太多了，精简一下", edit(shorter)],
    ["vague", "不够吸睛，再炸一点", pop],
    ["undo", "撤销", previous],
    ["redo", "重做", next, "undone"],
    ["aspect", "改成竖版的，发抖音", frame("9:16")],
    ["variants", "再来三个版本", three],
    ["mixed", "标题改成红色，放到底部", edit(headlineColour(RED), headlineDown)],
  ],
  ja: [
    ["position", "タイトルを下に移動して", edit(headlineDown)],
    ["position", "文字を左に寄せて", edit(headlineLeft)],
    ["size", "タイトルちょっと小さくして", edit(smaller)],
    ["colour", "タイトルを赤にして", edit(headlineColour(RED))],
    ["background", "背景を青っぽくしたい", edit(backgroundColour(BLUE))],
    ["remove", "パソコン消して", edit(removed)],
    ["add", "王冠を追加して👑", edit(added)],
    ["swap", "パソコンをロケットに変えて", edit(removed, added)],
    ["font", "フォントをもっとポップな感じに", edit(font)],
    ["less text", "文字多すぎ、もっと短く", edit(shorter)],
    ["vague", "もっと目立たせて！", pop],
    ["first", "最初のやつに戻して", first],
    ["batch", "2枚目がいい", second, "batch"],
    ["aspect", "正方形にして", frame("1:1")],
    ["variants", "もう一回作り直して", again],
    ["mixed", "タイトル黄色にして、もっと大きく", edit(headlineColour(YELLOW), bigger)],
  ],
};

export const heldOutFollowUps: FollowUp[] = (Object.entries(rows) as [Language, Row[]][]).flatMap(([language, entries]) =>
  entries.map(([area, text, expect, state]) => ({ language, area, text, expect, ...(state ? { state } : {}) })),
);
