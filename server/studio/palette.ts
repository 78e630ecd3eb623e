import type { ImageStyle } from "../../contract/images.ts";

/**
 * Colour sets per style. A seed picks one; the style fixes the mood: realistic is a dark studio with a coloured
 * key light, cartoon is loud flat colour, abstract is neon on deep tones, vintage is warm paper and ink.
 */
export interface Palette {
  /** Background, darkest first. */
  base: string;
  mid: string;
  light: string;
  /** Colours for shapes, rays, bokeh. */
  accents: readonly string[];
  /** Headline fill and the highlighted line. */
  text: string;
  highlight: string;
  /** Outline and shadow colour of text and stickers. */
  ink: string;
  /** Ring around persona cut-outs. */
  outline: string;
}

const palettes: Record<ImageStyle, readonly Palette[]> = {
  realistic: [
    { base: "#07090f", mid: "#12314f", light: "#3aa0ff", accents: ["#ffd166", "#7cc6ff", "#ffffff"], text: "#ffffff", highlight: "#ffd400", ink: "#05060a", outline: "#ffffff" },
    { base: "#0d0507", mid: "#4a0f16", light: "#ff5a36", accents: ["#ffb347", "#ff7b54", "#fff1d6"], text: "#ffffff", highlight: "#ffe14d", ink: "#080304", outline: "#ffffff" },
    { base: "#05100c", mid: "#0f3d2e", light: "#2ee59d", accents: ["#c8ffe8", "#73f0c0", "#fff6c2"], text: "#ffffff", highlight: "#b6ff3b", ink: "#020806", outline: "#ffffff" },
    { base: "#0b0616", mid: "#2f1657", light: "#a66bff", accents: ["#ff9bf3", "#9ecbff", "#ffffff"], text: "#ffffff", highlight: "#4df3ff", ink: "#05030a", outline: "#ffffff" },
  ],
  cartoon: [
    { base: "#ff8a00", mid: "#ffb400", light: "#ffe066", accents: ["#ff3d57", "#2ec4ff", "#ffffff"], text: "#ffffff", highlight: "#ffe600", ink: "#1b1035", outline: "#ffffff" },
    { base: "#1565ff", mid: "#2f8bff", light: "#7cc4ff", accents: ["#ffd000", "#ff4f8b", "#ffffff"], text: "#ffffff", highlight: "#ffdf1f", ink: "#0b1030", outline: "#ffffff" },
    { base: "#e8175d", mid: "#ff4d8d", light: "#ff9ec0", accents: ["#ffe14d", "#3df2c2", "#ffffff"], text: "#ffffff", highlight: "#fff200", ink: "#260a1c", outline: "#ffffff" },
    { base: "#13b36b", mid: "#34d58a", light: "#9af5c5", accents: ["#ffe14d", "#ff5d3d", "#ffffff"], text: "#ffffff", highlight: "#ffe600", ink: "#062416", outline: "#ffffff" },
  ],
  abstract: [
    { base: "#0a0820", mid: "#2a1a6e", light: "#6c4cff", accents: ["#ff4fd8", "#21e6ff", "#ffd23f", "#7a5cff"], text: "#ffffff", highlight: "#21e6ff", ink: "#06041a", outline: "#21e6ff" },
    { base: "#04161c", mid: "#0d4a5a", light: "#12c2b0", accents: ["#ff7a59", "#ffd166", "#7df9ff", "#f25f9b"], text: "#ffffff", highlight: "#ffd166", ink: "#020b0e", outline: "#ffd166" },
    { base: "#1a0612", mid: "#5c0f3d", light: "#ff3d7f", accents: ["#ffb703", "#8338ec", "#3a86ff", "#fb5607"], text: "#ffffff", highlight: "#ffb703", ink: "#0d0309", outline: "#ffb703" },
  ],
  vintage: [
    { base: "#2b1a10", mid: "#c0602c", light: "#f2d9a4", accents: ["#e3a23b", "#7a2e1b", "#2f5d62"], text: "#fff4dc", highlight: "#ffcf5c", ink: "#2a140a", outline: "#fff1d0" },
    { base: "#2a1d0e", mid: "#b8862b", light: "#f5e6c4", accents: ["#d9a441", "#b5452f", "#f4e7c8"], text: "#fff4dc", highlight: "#f6c453", ink: "#1a120c", outline: "#f4e7c8" },
    { base: "#3a1420", mid: "#a33b3b", light: "#f3dcb0", accents: ["#e0a64a", "#3e5c50", "#f7ebd0"], text: "#fff6e0", highlight: "#ffd36b", ink: "#24100a", outline: "#f7ebd0" },
  ],
};

export function palettesFor(style: ImageStyle): readonly Palette[] {
  return palettes[style];
}
