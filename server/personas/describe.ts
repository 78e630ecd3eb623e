import type { Language } from "../../contract/languages.ts";
import type { PersonaRole } from "../../contract/personas.ts";

/** How much of a person a cut-out shows, read from its shape. */
export type Framing = "headShoulders" | "halfBody" | "fullBody";
/** A colour family a cut-out is dressed in, from its dominant colour. */
export type Tone = "red" | "orange" | "yellow" | "green" | "teal" | "blue" | "purple" | "pink" | "brown" | "grey" | "dark" | "light";

const roleNames: Record<Language, Record<PersonaRole, string>> = {
  en: { artist: "Artist", photographer: "Photographer", designer: "Designer" },
  es: { artist: "Artista", photographer: "Fotógrafo", designer: "Diseñador" },
  fr: { artist: "Artiste", photographer: "Photographe", designer: "Designer" },
  de: { artist: "Künstler", photographer: "Fotograf", designer: "Designer" },
  zh: { artist: "艺术家", photographer: "摄影师", designer: "设计师" },
  ja: { artist: "アーティスト", photographer: "フォトグラファー", designer: "デザイナー" },
};

const framings: Record<Language, Record<Framing, string>> = {
  en: { headShoulders: "framed head and shoulders", halfBody: "framed from the waist up", fullBody: "shown full length" },
  es: { headShoulders: "encuadre de busto", halfBody: "encuadre de medio cuerpo", fullBody: "de cuerpo entero" },
  fr: { headShoulders: "cadré en buste", halfBody: "cadré à mi-corps", fullBody: "en pied" },
  de: { headShoulders: "als Brustbild", halfBody: "als Halbfigur", fullBody: "in ganzer Figur" },
  zh: { headShoulders: "胸像", halfBody: "半身像", fullBody: "全身像" },
  ja: { headShoulders: "バストアップ", halfBody: "上半身", fullBody: "全身" },
};

const tones: Record<Language, Record<Tone, string>> = {
  en: { red: "red", orange: "orange", yellow: "yellow", green: "green", teal: "teal", blue: "blue", purple: "purple", pink: "pink", brown: "brown", grey: "grey", dark: "dark", light: "light" },
  es: { red: "rojos", orange: "naranjas", yellow: "amarillos", green: "verdes", teal: "turquesa", blue: "azules", purple: "morados", pink: "rosas", brown: "marrones", grey: "grises", dark: "oscuros", light: "claros" },
  fr: { red: "rouges", orange: "orangés", yellow: "jaunes", green: "verts", teal: "turquoise", blue: "bleus", purple: "violets", pink: "roses", brown: "bruns", grey: "gris", dark: "sombres", light: "clairs" },
  de: { red: "Rottönen", orange: "Orangetönen", yellow: "Gelbtönen", green: "Grüntönen", teal: "Türkistönen", blue: "Blautönen", purple: "Violetttönen", pink: "Rosatönen", brown: "Brauntönen", grey: "Grautönen", dark: "dunklen Tönen", light: "hellen Tönen" },
  zh: { red: "红色调", orange: "橙色调", yellow: "黄色调", green: "绿色调", teal: "青色调", blue: "蓝色调", purple: "紫色调", pink: "粉色调", brown: "棕色调", grey: "灰色调", dark: "深色调", light: "浅色调" },
  ja: { red: "赤系", orange: "オレンジ系", yellow: "黄色系", green: "緑系", teal: "青緑系", blue: "青系", purple: "紫系", pink: "ピンク系", brown: "茶系", grey: "グレー系", dark: "ダーク系", light: "明るい" },
};

const sentences: Record<Language, (role: string, framing: string, tone: string) => string> = {
  en: (role, framing, tone) => `${role}, ${framing}, in ${tone} tones.`,
  es: (role, framing, tone) => `${role}, ${framing}, en tonos ${tone}.`,
  fr: (role, framing, tone) => `${role}, ${framing}, dans des tons ${tone}.`,
  de: (role, framing, tone) => `${role}, ${framing}, in ${tone}.`,
  zh: (role, framing, tone) => `${role}，${framing}，${tone}。`,
  ja: (role, framing, tone) => `${role}、${framing}、${tone}の色調。`,
};

/** A cut-out taller than wide shows more of the body the taller it is. */
export function framingOf(width: number, height: number): Framing {
  const ratio = height / Math.max(1, width);
  return ratio >= 2.1 ? "fullBody" : ratio >= 1.45 ? "halfBody" : "headShoulders";
}

/** The colour family of an sRGB colour. */
export function toneOf(r: number, g: number, b: number): Tone {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 510;
  const chroma = (max - min) / 255;
  if (lightness < 0.16) return "dark";
  if (chroma < 0.12) return lightness > 0.82 ? "light" : lightness < 0.3 ? "dark" : "grey";
  let hue = 0;
  if (max === r) hue = ((g - b) / (max - min)) * 60;
  else if (max === g) hue = ((b - r) / (max - min) + 2) * 60;
  else hue = ((r - g) / (max - min) + 4) * 60;
  hue = (hue + 360) % 360;
  if (hue < 15 || hue >= 345) return lightness > 0.7 ? "pink" : "red";
  if (hue < 40) return lightness < 0.45 ? "brown" : "orange";
  if (hue < 70) return lightness < 0.35 ? "brown" : "yellow";
  if (hue < 160) return "green";
  if (hue < 195) return "teal";
  if (hue < 255) return "blue";
  if (hue < 290) return "purple";
  return "pink";
}

/** The name a new persona is offered (the role, in the user's language); the user names it when saving. */
export function suggestedName(role: PersonaRole, language: Language): string {
  return roleNames[language][role];
}

/** One line about the persona from its role and what the cut-out shows: its framing and its colours. */
export function describePersona(input: { role: PersonaRole; language: Language; framing: Framing; tone: Tone }): string {
  return sentences[input.language](roleNames[input.language][input.role], framings[input.language][input.framing], tones[input.language][input.tone]);
}
