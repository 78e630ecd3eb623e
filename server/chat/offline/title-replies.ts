import type { Language } from "../../../contract/languages.ts";
import { pick } from "./seeded.ts";

/** What a setTitle call came to, as its answer says it (contract/chat.ts, setTitleOutputSchema). */
export type TitleResult = { outcome: "set"; title: string } | { outcome: "too-long"; length: number; max: number; kept: string | null };

interface TitlePhrases {
  lead: readonly string[];
  set(quoted: string): readonly string[];
  /** Refused: the length and the limit, and the title the image keeps (none, or the one it had). */
  tooLong(length: number, max: number, kept: string | undefined): readonly string[];
  quote(text: string): string;
}

const phrases: Record<Language, TitlePhrases> = {
  en: {
    lead: ["Setting the video's title.", "Got it, saving that as the video's title."],
    set: (q) => [
      `The video's title is now ${q}: the feed preview shows it beside the thumbnail. Free, and no new image.`,
      `Saved ${q} as the video's title, free. Open the feed preview to see it beside the thumbnail.`,
    ],
    tooLong: (length, max, kept) => [
      `I didn't set it: that title is ${length} characters, and titles are at most ${max} — YouTube cuts the rest. ${kept ? `The title is still ${kept}.` : "The image still has no title."} Send a shorter one.`,
    ],
    quote: (text) => `“${text}”`,
  },
  es: {
    lead: ["Guardo el título del vídeo.", "Entendido, lo guardo como título del vídeo."],
    set: (q) => [
      `El título del vídeo ahora es ${q}: la vista previa del feed lo muestra junto a la miniatura. Gratis y sin imagen nueva.`,
      `Guardé ${q} como título del vídeo, gratis. Abre la vista previa del feed para verlo junto a la miniatura.`,
    ],
    tooLong: (length, max, kept) => [
      `No lo guardé: ese título tiene ${length} caracteres y los títulos tienen como máximo ${max}; YouTube corta el resto. ${kept ? `El título sigue siendo ${kept}.` : "La imagen sigue sin título."} Envía uno más corto.`,
    ],
    quote: (text) => `«${text}»`,
  },
  fr: {
    lead: ["J'enregistre le titre de la vidéo.", "Compris, je le garde comme titre de la vidéo."],
    set: (q) => [
      `Le titre de la vidéo est maintenant ${q} : l'aperçu du fil l'affiche à côté de la miniature. Gratuit, et sans nouvelle image.`,
      `J'ai enregistré ${q} comme titre de la vidéo, gratuitement. Ouvrez l'aperçu du fil pour le voir à côté de la miniature.`,
    ],
    tooLong: (length, max, kept) => [
      `Je ne l'ai pas enregistré : ce titre fait ${length} caractères, et un titre en fait au plus ${max} — YouTube coupe le reste. ${kept ? `Le titre reste ${kept}.` : "L'image n'a toujours pas de titre."} Envoyez-en un plus court.`,
    ],
    quote: (text) => `« ${text} »`,
  },
  de: {
    lead: ["Ich speichere den Videotitel.", "Verstanden, ich speichere das als Videotitel."],
    set: (q) => [
      `Der Videotitel ist jetzt ${q}: Die Feed-Vorschau zeigt ihn neben dem Thumbnail. Kostenlos und ohne neues Bild.`,
      `${q} ist als Videotitel gespeichert, kostenlos. Öffne die Feed-Vorschau, um ihn neben dem Thumbnail zu sehen.`,
    ],
    tooLong: (length, max, kept) => [
      `Nicht gespeichert: Dieser Titel hat ${length} Zeichen, Titel haben höchstens ${max} — YouTube schneidet den Rest ab. ${kept ? `Der Titel bleibt ${kept}.` : "Das Bild hat weiterhin keinen Titel."} Schick einen kürzeren.`,
    ],
    quote: (text) => `„${text}“`,
  },
  zh: {
    lead: ["正在保存视频标题。", "好的，把它存为视频标题。"],
    set: (q) => [`视频标题已设为${q}：信息流预览会把它显示在缩略图旁边。免费，不会生成新图片。`, `已把${q}保存为视频标题，免费。打开信息流预览即可看到它和缩略图在一起。`],
    tooLong: (length, max, kept) => [
      `没有保存：这个标题有 ${length} 个字符，标题最多 ${max} 个字符——超出部分 YouTube 会截掉。${kept ? `标题仍是${kept}。` : "这张图片仍然没有标题。"}请发一个更短的。`,
    ],
    quote: (text) => `“${text}”`,
  },
  ja: {
    lead: ["動画のタイトルを保存します。", "了解です、動画のタイトルとして保存します。"],
    set: (q) => [
      `動画のタイトルを${q}にしました。フィードプレビューでサムネイルの横に表示されます。無料で、新しい画像は作りません。`,
      `${q}を動画のタイトルとして保存しました（無料）。フィードプレビューでサムネイルと並べて確認できます。`,
    ],
    tooLong: (length, max, kept) => [
      `保存していません：このタイトルは${length}文字ですが、タイトルは最大${max}文字です（超えた分は YouTube で切れます）。${kept ? `タイトルは${kept}のままです。` : "画像にはまだタイトルがありません。"}もっと短いタイトルを送ってください。`,
    ],
    quote: (text) => `「${text}」`,
  },
};

export function titleLead(language: Language, seed: number): string {
  return pick(phrases[language].lead, seed);
}

/** The answer to a setTitle call: the title it set, quoted as the result gives it, or why it was refused. */
export function titleResult(result: TitleResult, language: Language, seed: number): string {
  const book = phrases[language];
  if (result.outcome === "set") return pick(book.set(book.quote(result.title)), seed);
  return pick(book.tooLong(result.length, result.max, result.kept === null ? undefined : book.quote(result.kept)), seed);
}
