import type { Language } from "../../../contract/languages.ts";
import { pick } from "./seeded.ts";

/** What the offline assistant says about an A/B pack: as it starts, and once its three thumbnails are ready. */
const phrases: Record<Language, { lead: readonly string[]; ready: readonly string[] }> = {
  en: {
    lead: ["On it: an A/B pack of three versions for Test & Compare.", "Sure, making three different takes for your A/B test.", "Great, starting three variants you can compare on YouTube."],
    ready: ["Download all three as one zip and add them to Test & Compare.", "Grab the zip with all three for YouTube's Test & Compare."],
  },
  es: {
    lead: ["Voy: un pack A/B de tres versiones para Test & Compare.", "Claro, preparo tres propuestas distintas para tu prueba A/B.", "Genial, empiezo tres variantes para comparar en YouTube."],
    ready: ["Descarga las tres en un zip y súbelas a Test & Compare.", "Baja el zip con las tres para Test & Compare de YouTube."],
  },
  fr: {
    lead: ["C'est parti : un pack A/B de trois versions pour Test & Compare.", "Bien sûr, je prépare trois propositions différentes pour votre test A/B.", "Super, je lance trois variantes à comparer sur YouTube."],
    ready: ["Téléchargez les trois dans un zip et ajoutez-les à Test & Compare.", "Récupérez le zip des trois pour Test & Compare de YouTube."],
  },
  de: {
    lead: ["Los geht's: ein A/B-Paket mit drei Versionen für Test & Compare.", "Klar, ich mache drei verschiedene Entwürfe für deinen A/B-Test.", "Super, ich starte drei Varianten zum Vergleichen auf YouTube."],
    ready: ["Lade alle drei als ZIP herunter und füge sie bei Test & Compare hinzu.", "Hol dir das ZIP mit allen drei für Test & Compare auf YouTube."],
  },
  zh: {
    lead: ["好的，马上做一个 A/B 包：三个版本，用于 Test & Compare。", "没问题，我来做三种不同的版本供你 A/B 测试。", "好主意，现在开始做三个可以在 YouTube 上对比的版本。"],
    ready: ["把三张打包成 zip 下载，再上传到 Test & Compare。", "下载包含三张图的 zip，用于 YouTube 的 Test & Compare。"],
  },
  ja: {
    lead: ["了解です。Test & Compare 用に3パターンの A/B パックを作ります。", "もちろん、A/B テスト用に違う3案を用意します。", "いいですね！YouTube で比較できる3パターンを作り始めます。"],
    ready: ["3枚まとめて zip でダウンロードし、Test & Compare に追加してください。", "YouTube の Test & Compare 用に3枚入りの zip をどうぞ。"],
  },
};

/** The lead-in before the pack tool runs. */
export function packLead(language: Language, seed: number): string {
  return pick(phrases[language].lead, seed);
}

/** The sentence after a pack's three thumbnails are ready: where to take them. */
export function packReady(language: Language, seed: number): string {
  return pick(phrases[language].ready, seed, 5);
}
