import type { Language } from "../../../contract/languages.ts";
import { pick } from "./seeded.ts";

/** A comparison as its closing words tell it: how many models, and what the set was charged. */
export interface ComparedSummary {
  models: number;
  spent: number;
  left: number;
}

/** What the offline assistant says about a comparison: as it starts, and once the set is queued. */
const phrases: Record<Language, { lead: readonly string[]; started: (s: ComparedSummary) => string }> = {
  en: {
    lead: ["Sure, trying it on every model side by side.", "On it: one image from each model, side by side."],
    started: (s) =>
      `${s.models} models are on it, ${s.spent} credits for the set (${s.left} left). The grid fills in as each one finishes; a model that fails is refunded. Pick the winner to make it the current image.`,
  },
  es: {
    lead: ["Claro, lo pruebo en todos los modelos, uno al lado del otro.", "Voy: una imagen de cada modelo, lado a lado."],
    started: (s) =>
      `${s.models} modelos trabajan en ello, ${s.spent} créditos por el conjunto (te quedan ${s.left}). La cuadrícula se completa a medida que cada uno termina; si un modelo falla, se reembolsa. Elige la ganadora para que sea la imagen actual.`,
  },
  fr: {
    lead: ["Bien sûr, je l'essaie sur tous les modèles, côte à côte.", "C'est parti : une image de chaque modèle, côte à côte."],
    started: (s) =>
      `${s.models} modèles s'y mettent, ${s.spent} crédits pour l'ensemble (il vous en reste ${s.left}). La grille se remplit à mesure que chacun termine ; un modèle qui échoue est remboursé. Choisissez la gagnante pour en faire l'image actuelle.`,
  },
  de: {
    lead: ["Klar, ich probiere es mit allen Modellen nebeneinander.", "Los geht's: ein Bild von jedem Modell, nebeneinander."],
    started: (s) =>
      `${s.models} Modelle arbeiten daran, ${s.spent} Credits für alle zusammen (${s.left} übrig). Das Raster füllt sich, sobald jedes fertig ist; ein Modell, das scheitert, wird erstattet. Wähle den Gewinner, damit er das aktuelle Bild wird.`,
  },
  zh: {
    lead: ["好的，用每个模型各做一张，并排对比。", "马上开始：每个模型一张图，并排比较。"],
    started: (s) => `${s.models} 个模型正在生成，整组 ${s.spent} 积分（剩余 ${s.left}）。每个模型完成后网格就会填上；失败的模型会退款。选出胜出的图，它就会成为当前图片。`,
  },
  ja: {
    lead: ["了解です。すべてのモデルで試して並べて比べます。", "始めます：各モデルで1枚ずつ、並べて表示します。"],
    started: (s) => `${s.models} 個のモデルが生成中です。セット全体で ${s.spent} クレジット（残り ${s.left}）。各モデルが終わるたびにグリッドが埋まり、失敗したモデルは返金されます。勝者を選ぶと、それが現在の画像になります。`,
  },
};

export function compareLead(language: Language, seed: number): string {
  return pick(phrases[language].lead, seed);
}

export function compareStarted(summary: ComparedSummary, language: Language): string {
  return phrases[language].started(summary);
}
