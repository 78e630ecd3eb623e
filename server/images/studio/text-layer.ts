import { contrastRatio, hexToRgb, mix, rgbToHex, type Rgb } from "./color.ts";
import { faceChain, type FontStore } from "./fonts.ts";
import type { Rect, TextLayer } from "./scene.ts";
import { fitText } from "./text-fit.ts";

/** WCAG AA for normal text; headlines are large, but thumbnails are seen small, so we hold them to 4.5:1. */
export const MIN_CONTRAST = 4.5;

export interface RenderedText {
  layer: TextLayer;
  svg: string;
  /** The glyph outlines' ink box (before stroke), for tests and the scene. */
  ink: Rect;
}

/**
 * Sets a text layer as paths, auto-fitted to its box, then makes it legible: the fill is checked against the
 * mean colour behind the text; if it falls short the colours flip (dark on light), and if that fails too a plate
 * is laid under the text and darkened until the ratio holds.
 */
export async function renderText(
  layer: TextLayer,
  fonts: FontStore,
  unit: number,
  backdropOf: (rect: Rect) => Promise<Rgb>,
): Promise<RenderedText> {
  const faces = await Promise.all(faceChain(layer.face, layer.text).map((id) => fonts.face(id)));
  const cjk = layer.script === "cjk";
  const fit = fitText(layer.text, faces, {
    box: layer.box,
    align: layer.align,
    maxSize: unit * (cjk ? 0.2 : 0.26),
    leading: cjk ? 0.14 : 0.06,
    cjk,
  });
  const ink: Rect = { x: fit.box.x1, y: fit.box.y1, w: fit.box.x2 - fit.box.x1, h: fit.box.y2 - fit.box.y1 };
  const pad = fit.size * 0.16 + layer.stroke.width;
  const plateRect = clamp({ x: ink.x - pad, y: ink.y - pad, w: ink.w + 2 * pad, h: ink.h + 2 * pad }, layer.box, unit);
  const behind = await backdropOf(plateRect);
  const colours = legible(layer, behind);
  const result: TextLayer = {
    ...layer,
    ...colours.text,
    lines: fit.lines,
    size: Math.round(fit.size * 10) / 10,
    backdrop: rgbToHex(behind),
    contrast: Math.round(colours.contrast * 100) / 100,
  };
  if (colours.plate) result.plate = { ...colours.plate, rect: roundRect(plateRect) };
  const highlightLine = fit.lines.length > 1 ? layer.highlightLine % fit.lines.length : -1;
  const strokeW = (layer.stroke.width * 2).toFixed(1);
  const paths = fit.shaped.map((line, i) => ({ d: line.d, fill: i === highlightLine ? result.highlight : result.fill }));
  const cx = ink.x + ink.w / 2;
  const cy = ink.y + ink.h / 2;
  const svg = [
    `<g transform="rotate(${layer.rotation.toFixed(2)} ${cx.toFixed(1)} ${cy.toFixed(1)})">`,
    result.plate
      ? `<rect x="${plateRect.x.toFixed(1)}" y="${plateRect.y.toFixed(1)}" width="${plateRect.w.toFixed(1)}" height="${plateRect.h.toFixed(1)}" rx="${(fit.size * 0.12).toFixed(1)}" fill="${result.plate.color}" fill-opacity="${result.plate.opacity}"/>`
      : "",
    `<g transform="translate(${layer.shadow.dx.toFixed(1)} ${layer.shadow.dy.toFixed(1)})" opacity="${layer.shadow.opacity}">`,
    ...paths.map((p) => `<path d="${p.d}" fill="${result.stroke.color}" stroke="${result.stroke.color}" stroke-width="${strokeW}" stroke-linejoin="round"/>`),
    `</g>`,
    ...paths.map((p) => `<path d="${p.d}" fill="${result.stroke.color}" stroke="${result.stroke.color}" stroke-width="${strokeW}" stroke-linejoin="round"/>`),
    ...paths.map((p) => `<path d="${p.d}" fill="${p.fill}"/>`),
    `</g>`,
  ].join("");
  return { layer: result, svg, ink };
}

interface Legible {
  text: Pick<TextLayer, "fill" | "highlight" | "stroke">;
  plate?: { color: string; opacity: number };
  contrast: number;
}

function legible(layer: TextLayer, behind: Rgb): Legible {
  const worst = (fills: string[], backdrop: Rgb) => Math.min(...fills.map((c) => contrastRatio(hexToRgb(c), backdrop)));
  const asIs = worst([layer.fill, layer.highlight], behind);
  if (asIs >= MIN_CONTRAST) return { text: { fill: layer.fill, highlight: layer.highlight, stroke: layer.stroke }, contrast: asIs };
  // Flipped: ink-coloured letters with a white stroke suit light, loud backgrounds (cartoon yellow, paper).
  const flipped = { fill: layer.stroke.color, highlight: layer.stroke.color, stroke: { ...layer.stroke, color: "#ffffff" } };
  const flippedRatio = worst([flipped.fill], behind);
  if (flippedRatio >= MIN_CONTRAST) return { text: flipped, contrast: flippedRatio };
  // Neither works on a mid-tone backdrop: put the light text on an ink plate and darken it until it passes.
  const ink = hexToRgb(layer.stroke.color);
  for (let opacity = 0.55; opacity <= 1.0001; opacity += 0.05) {
    const ratio = worst([layer.fill, layer.highlight], mix(behind, ink, opacity));
    if (ratio >= MIN_CONTRAST || opacity > 0.999) {
      return {
        text: { fill: layer.fill, highlight: layer.highlight, stroke: layer.stroke },
        plate: { color: layer.stroke.color, opacity: Math.round(opacity * 100) / 100 },
        contrast: ratio,
      };
    }
  }
  throw new Error("unreachable: the opaque plate always decides");
}

function clamp(rect: Rect, box: Rect, unit: number): Rect {
  const slack = unit * 0.04;
  const x = Math.max(box.x - slack, rect.x);
  const y = Math.max(box.y - slack, rect.y);
  return { x, y, w: Math.min(box.x + box.w + slack, rect.x + rect.w) - x, h: Math.min(box.y + box.h + slack, rect.y + rect.h) - y };
}

function roundRect(r: Rect): Rect {
  return { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.w), h: Math.round(r.h) };
}
