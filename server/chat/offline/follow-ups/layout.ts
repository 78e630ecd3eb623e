import type { Expectation, FollowUp } from "./types.ts";

/**
 * The current image laid out anew: for another frame ("square for Instagram", "for Shorts"), as variants that keep
 * every edit ("three versions", "try again", "two more options"), with this message's changes in each, and an image
 * of the batch named as the one to change.
 */
const square: Expectation = { changes: [{ layer: "frame", property: "aspect", to: "1:1" }] };
const tallChange = { layer: "frame", property: "aspect", to: "9:16" } as const;
const tall: Expectation = { changes: [tallChange] };
const squareBlue: Expectation = { changes: [{ layer: "frame", property: "aspect", to: "1:1" }, { layer: "headline", property: "color", to: "#1e6ff2" }] };
const secondSquare: Expectation = { changes: [{ layer: "frame", property: "aspect", to: "1:1" }], target: { batch: 1 } };
const three: Expectation = { changes: [], variants: 3 };
const threeTall: Expectation = { changes: [tallChange], variants: 3 };
const one: Expectation = { changes: [], variants: 1 };
const threeBlue: Expectation = { changes: [{ layer: "headline", property: "color", to: "#1e6ff2" }], variants: 3 };
const two: Expectation = { changes: [], variants: 2 };
const secondRed: Expectation = { changes: [{ layer: "headline", property: "color", to: "#e63946" }], target: { batch: 1 } };

export const layoutFollowUps: FollowUp[] = [
  { language: "en", area: "aspect", text: "square for instagram", expect: square },
  { language: "en", area: "aspect", text: "make it vertical", expect: tall },
  { language: "en", area: "aspect", text: "same thing but for shorts", expect: tall },
  { language: "en", area: "aspect", text: "make the second one square", expect: secondSquare, state: "batch" },
  { language: "en", area: "aspect", text: "now a square one with a blue headline", expect: squareBlue },
  { language: "en", area: "variants", text: "three versions", expect: three },
  { language: "en", area: "variants", text: "three versions with a blue headline", expect: threeBlue },
  { language: "en", area: "variants", text: "give me 2 more options", expect: two },
  { language: "en", area: "variants", text: "try again", expect: one },
  { language: "en", area: "variants", text: "I don't like it, try again", expect: one },
  { language: "en", area: "variants", text: "another one", expect: one },
  { language: "en", area: "variants", text: "three versions for shorts", expect: threeTall },
  { language: "en", area: "named image", text: "make the second one's headline red", expect: secondRed, state: "batch" },

  { language: "es", area: "aspect", text: "cuadrada para instagram", expect: square },
  { language: "es", area: "aspect", text: "hazla vertical", expect: tall },
  { language: "es", area: "aspect", text: "lo mismo pero para shorts", expect: tall },
  { language: "es", area: "aspect", text: "la segunda en cuadrado para instagram", expect: secondSquare, state: "batch" },
  { language: "es", area: "aspect", text: "cuadrada y con el titular azul", expect: squareBlue },
  { language: "es", area: "variants", text: "dame tres versiones", expect: three },
  { language: "es", area: "variants", text: "tres versiones con el titular azul", expect: threeBlue },
  { language: "es", area: "variants", text: "dame 2 opciones más", expect: two },
  { language: "es", area: "variants", text: "inténtalo otra vez", expect: one },
  { language: "es", area: "variants", text: "no me gusta, otra vez", expect: one },
  { language: "es", area: "variants", text: "otra distinta", expect: one },
  { language: "es", area: "variants", text: "tres versiones para shorts", expect: threeTall },
  { language: "es", area: "named image", text: "pon el titular de la segunda en rojo", expect: secondRed, state: "batch" },

  { language: "fr", area: "aspect", text: "en carré pour instagram", expect: square },
  { language: "fr", area: "aspect", text: "mets-la à la verticale", expect: tall },
  { language: "fr", area: "aspect", text: "pour les shorts", expect: tall },
  { language: "fr", area: "aspect", text: "la deuxième en carré pour instagram", expect: secondSquare, state: "batch" },
  { language: "fr", area: "aspect", text: "en carré avec le titre en bleu", expect: squareBlue },
  { language: "fr", area: "variants", text: "fais-moi trois versions", expect: three },
  { language: "fr", area: "variants", text: "trois versions avec le titre en bleu", expect: threeBlue },
  { language: "fr", area: "variants", text: "donne-moi 2 autres options", expect: two },
  { language: "fr", area: "variants", text: "recommence, je n'aime pas", expect: one },
  { language: "fr", area: "variants", text: "je n'aime pas, refais-la", expect: one },
  { language: "fr", area: "variants", text: "encore une", expect: one },
  { language: "fr", area: "variants", text: "trois versions pour les shorts", expect: threeTall },
  { language: "fr", area: "named image", text: "mets le titre de la deuxième en rouge", expect: secondRed, state: "batch" },

  { language: "de", area: "aspect", text: "quadratisch für instagram", expect: square },
  { language: "de", area: "aspect", text: "mach es hochkant", expect: tall },
  { language: "de", area: "aspect", text: "als Short", expect: tall },
  { language: "de", area: "aspect", text: "das zweite quadratisch für instagram", expect: secondSquare, state: "batch" },
  { language: "de", area: "aspect", text: "quadratisch mit blauer Überschrift", expect: squareBlue },
  { language: "de", area: "variants", text: "gib mir drei Versionen", expect: three },
  { language: "de", area: "variants", text: "drei Versionen mit blauer Überschrift", expect: threeBlue },
  { language: "de", area: "variants", text: "zeig mir 2 weitere Optionen", expect: two },
  { language: "de", area: "variants", text: "nochmal versuchen bitte", expect: one },
  { language: "de", area: "variants", text: "gefällt mir nicht, noch mal", expect: one },
  { language: "de", area: "variants", text: "noch eins", expect: one },
  { language: "de", area: "variants", text: "gib mir drei Versionen als Short", expect: threeTall },
  { language: "de", area: "named image", text: "mach die Überschrift vom zweiten rot", expect: secondRed, state: "batch" },

  { language: "zh", area: "aspect", text: "做成正方形发instagram", expect: square },
  { language: "zh", area: "aspect", text: "做成竖版", expect: tall },
  { language: "zh", area: "aspect", text: "一样的，但是做成抖音竖屏", expect: tall },
  { language: "zh", area: "aspect", text: "第二张做成正方形", expect: secondSquare, state: "batch" },
  { language: "zh", area: "aspect", text: "改成正方形，标题改成蓝色", expect: squareBlue },
  { language: "zh", area: "variants", text: "给我三个版本", expect: three },
  { language: "zh", area: "variants", text: "三个版本，标题用蓝色", expect: threeBlue },
  { language: "zh", area: "variants", text: "再给我2个其他版本", expect: two },
  { language: "zh", area: "variants", text: "再来一张", expect: one },
  { language: "zh", area: "variants", text: "不喜欢，重新生成", expect: one },
  { language: "zh", area: "variants", text: "换一张", expect: one },
  { language: "zh", area: "variants", text: "三个版本，做成竖版", expect: threeTall },
  { language: "zh", area: "named image", text: "第二张的标题改成红色", expect: secondRed, state: "batch" },
  { language: "zh", area: "named image", text: "把第二张的标题改成红色", expect: secondRed, state: "batch" },

  { language: "ja", area: "aspect", text: "インスタ用に正方形にして", expect: square },
  { language: "ja", area: "aspect", text: "縦長にして", expect: tall },
  { language: "ja", area: "aspect", text: "同じものをショート用に", expect: tall },
  { language: "ja", area: "aspect", text: "2枚目を正方形にして", expect: secondSquare, state: "batch" },
  { language: "ja", area: "aspect", text: "正方形にして、見出しを青に", expect: squareBlue },
  { language: "ja", area: "variants", text: "3パターン作って", expect: three },
  { language: "ja", area: "variants", text: "見出しを青にして3パターン", expect: threeBlue },
  { language: "ja", area: "variants", text: "他の案を2つ見せて", expect: two },
  { language: "ja", area: "variants", text: "もう一度", expect: one },
  { language: "ja", area: "variants", text: "気に入らない、やり直して", expect: one },
  { language: "ja", area: "variants", text: "もう一枚", expect: one },
  { language: "ja", area: "variants", text: "ショート用に3パターン", expect: threeTall },
  { language: "ja", area: "named image", text: "2枚目の見出しを赤にして", expect: secondRed, state: "batch" },
];
