import type { ImageAspect } from "../../../contract/images.ts";
import type { Language } from "../../../contract/languages.ts";
import { pick } from "./seeded.ts";

/**
 * What the offline assistant says about the current image laid out anew: variants of it ("three versions", "try
 * again") as they start and once made, new ones made from the prompt of an image that had no scene to vary, a re-lay
 * for another frame, and a re-lay a provider's image cannot take.
 */
interface VariantPhrases {
  lead: (count: number) => readonly string[];
  ready: (count: number) => readonly string[];
  fromPrompt: (count: number) => readonly string[];
  leadFrame: readonly string[];
  /** The clause of an edit's answer for the frame it was laid out in: "laid it out as a square". */
  frame: Record<ImageAspect, string>;
  cannotRelay: readonly string[];
}

const phrases: Record<Language, VariantPhrases> = {
  en: {
    lead: (n) => (n > 1 ? [`On it: ${n} new versions of this one, with your edits kept.`, `Sure, laying this one out ${n} new ways.`] : ["Sure, one more take on this one, with your edits kept.", "On it, trying this one another way."]),
    ready: (n) => (n > 1 ? [`Here are ${n} new versions, each laid out differently, with every edit kept.`] : ["Here's a new version, laid out differently, with every edit kept."]),
    fromPrompt: (n) => [`I made ${n === 1 ? "a new one" : `${n} new ones`} from its prompt, so changes made to the picture since aren't in ${n === 1 ? "it" : "them"}.`],
    leadFrame: ["Sure, laying the same picture out for the new shape.", "On it, fitting this one to the new frame."],
    frame: { "1:1": "laid it out as a square", "9:16": "laid it out vertically for Shorts", "16:9": "laid it out in 16:9 for YouTube" },
    cannotRelay: ["That picture wasn't drawn by the Studio, so I can't lay it out in another shape. Ask me for a new one in that shape and I'll make it."],
  },
  es: {
    lead: (n) => (n > 1 ? [`Voy: ${n} versiones nuevas de esta, con tus cambios.`, `Claro, monto esta de ${n} formas nuevas.`] : ["Claro, otra versión de esta, con tus cambios.", "Voy, pruebo esta de otra forma."]),
    ready: (n) => (n > 1 ? [`Aquí tienes ${n} versiones nuevas, cada una con otra composición y con todos tus cambios.`] : ["Aquí tienes una versión nueva, con otra composición y con todos tus cambios."]),
    fromPrompt: (n) => [`Hice ${n === 1 ? "una nueva" : `${n} nuevas`} a partir de su descripción, así que los cambios que hiciste después en la imagen no están incluidos.`],
    leadFrame: ["Claro, adapto la misma imagen al nuevo formato.", "Voy, ajusto esta al nuevo encuadre."],
    frame: { "1:1": "la adapté a formato cuadrado", "9:16": "la adapté en vertical para Shorts", "16:9": "la adapté a 16:9 para YouTube" },
    cannotRelay: ["Esa imagen no la dibujó Studio, así que no puedo adaptarla a otro formato. Pídeme una nueva en ese formato y la hago."],
  },
  fr: {
    lead: (n) => (n > 1 ? [`C'est parti : ${n} nouvelles versions de celle-ci, avec vos modifications.`, `Bien sûr, je recompose celle-ci de ${n} façons.`] : ["Bien sûr, une autre version de celle-ci, avec vos modifications.", "C'est parti, j'essaie celle-ci autrement."]),
    ready: (n) => (n > 1 ? [`Voici ${n} nouvelles versions, chacune composée autrement, avec toutes vos modifications.`] : ["Voici une nouvelle version, composée autrement, avec toutes vos modifications."]),
    fromPrompt: (n) => [`J'en ai fait ${n === 1 ? "une nouvelle" : `${n} nouvelles`} à partir de sa description : les modifications faites depuis sur l'image n'y sont donc pas.`],
    leadFrame: ["Bien sûr, j'adapte la même image au nouveau format.", "C'est parti, je recadre celle-ci pour le nouveau format."],
    frame: { "1:1": "je l'ai adaptée au format carré", "9:16": "je l'ai adaptée à la verticale pour les Shorts", "16:9": "je l'ai adaptée au 16:9 pour YouTube" },
    cannotRelay: ["Cette image n'a pas été dessinée par le Studio, je ne peux donc pas l'adapter à un autre format. Demandez-m'en une nouvelle dans ce format et je la fais."],
  },
  de: {
    lead: (n) => (n > 1 ? [`Los geht's: ${n} neue Versionen davon, mit deinen Änderungen.`, `Klar, ich baue dieses Bild auf ${n} neue Arten auf.`] : ["Klar, noch eine Version davon, mit deinen Änderungen.", "Los geht's, ich versuche es anders."]),
    ready: (n) => (n > 1 ? [`Hier sind ${n} neue Versionen, jede anders aufgebaut, mit allen Änderungen.`] : ["Hier ist eine neue Version, anders aufgebaut, mit allen Änderungen."]),
    fromPrompt: (n) => [`Ich habe ${n === 1 ? "ein neues" : `${n} neue`} aus seiner Beschreibung gemacht; spätere Änderungen am Bild sind darin also nicht enthalten.`],
    leadFrame: ["Klar, ich setze dasselbe Bild im neuen Format.", "Los geht's, ich passe das Bild an das neue Format an."],
    frame: { "1:1": "es quadratisch aufgebaut", "9:16": "es im Hochformat für Shorts aufgebaut", "16:9": "es in 16:9 für YouTube aufgebaut" },
    cannotRelay: ["Dieses Bild hat nicht das Studio gezeichnet, deshalb kann ich es nicht in ein anderes Format setzen. Bitte mich um ein neues in diesem Format, dann mache ich es."],
  },
  zh: {
    lead: (n) => (n > 1 ? [`好的：为这张做${n}个新版本，保留你的所有修改。`, `没问题，把这张换${n}种新排法。`] : ["好的，再给这张换一种排法，保留你的修改。", "没问题，换个方式再试一次。"]),
    ready: (n) => (n > 1 ? [`这是${n}个新版本，排版各不相同，保留了所有修改。`] : ["这是新版本，换了排版，保留了所有修改。"]),
    fromPrompt: (n) => [`我根据它的描述重新做了${n}张，所以之后对图片做的修改不在新图里。`],
    leadFrame: ["好的，把同一张图按新尺寸重新排版。", "没问题，把这张调整到新画幅。"],
    frame: { "1:1": "按正方形重新排版了", "9:16": "按竖版重新排版了（适合 Shorts）", "16:9": "按 16:9 重新排版了（适合 YouTube）" },
    cannotRelay: ["那张图片不是 Studio 画的，所以无法改成其他尺寸。告诉我要哪个尺寸，我给你做一张新的。"],
  },
  ja: {
    lead: (n) => (n > 1 ? [`了解です。この画像の新しいバージョンを${n}つ、これまでの変更はそのままで作ります。`, `もちろん、この画像を${n}通りに組み直します。`] : ["もちろん、これまでの変更はそのままで別バージョンを作ります。", "了解です、別のレイアウトで試します。"]),
    ready: (n) => (n > 1 ? [`新しいバージョン${n}つです。それぞれレイアウトが違い、変更はすべてそのままです。`] : ["新しいバージョンです。レイアウトを変え、変更はすべてそのままです。"]),
    fromPrompt: (n) => [`説明文から新しく${n}枚作りました。そのため、その後に加えた変更は含まれていません。`],
    leadFrame: ["もちろん、同じ画像を新しいサイズに組み直します。", "了解です、新しいフレームに合わせます。"],
    frame: { "1:1": "正方形に組み直しました", "9:16": "ショート用に縦長に組み直しました", "16:9": "YouTube 用に 16:9 に組み直しました" },
    cannotRelay: ["その画像は Studio で描いたものではないため、別のサイズに組み直せません。そのサイズで新しく作るよう頼んでください。"],
  },
};

export function varyLead(language: Language, count: number, seed: number): string {
  return pick(phrases[language].lead(count), seed);
}

export function variantsReady(language: Language, count: number, seed: number): string {
  return pick(phrases[language].ready(count), seed);
}

export function madeFromPrompt(language: Language, count: number, seed: number): string {
  return pick(phrases[language].fromPrompt(count), seed);
}

export function frameLead(language: Language, seed: number): string {
  return pick(phrases[language].leadFrame, seed);
}

export function frameClause(language: Language, aspect: ImageAspect): string {
  return phrases[language].frame[aspect];
}

export function cannotRelay(language: Language, seed: number): string {
  return pick(phrases[language].cannotRelay, seed);
}
