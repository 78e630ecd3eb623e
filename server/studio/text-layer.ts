import { contrastRatio, hexToRgb, mix, rgbToHex, type Rgb } from "./color.ts";
import { faceChain, type FontStore } from "./fonts.ts";
import type { Rect, TextLayer } from "./scene.ts";
import { fitText } from "./text-fit.ts";
import { faceFor } from "./text-shape.ts";

/** WCAG AA for normal text; headlines are large, but thumbnails are seen small, so we hold them to 4.5:1. */
export const MIN_CONTRAST = 4.5;
/**
 * What the renderer aims for: the backdrop is a mean, and downsized to the feed's 168 px the mean under the letters
 * moves by a few percent, so a headline chosen at exactly 4.5:1 could fall just short there.
 */
const TARGET_CONTRAST = MIN_CONTRAST * 1.05;
const FALLBACK_HEADLINE = "WATCH THIS";

export interface RenderedText {
  layer: TextLayer;
  svg: string;
  /** The glyph outlines' ink box (before stroke), for tests and the scene. */
  ink: Rect;
  /** Everything the SVG paints (stroke, shadow, plate, rotation), so only that area is rasterised. */
  region: Rect;
}

/**
 * Sets a text layer as paths, auto-fitted to its box, then makes it legible: the fill is checked against the
 * mean colour behind the text; if it falls short the highlight goes, then the colours flip (dark on light), and
 * if that fails too a plate is laid under the text and darkened until the ratio holds.
 */
export async function renderText(
  layer: TextLayer,
  fonts: FontStore,
  unit: number,
  backdropOf: (rect: Rect) => Promise<Rgb>,
): Promise<RenderedText> {
  const faces = await Promise.all(faceChain(layer.face, layer.text).map((id) => fonts.face(id)));
  // Characters no bundled face has (emoji, scripts we ship no font for) are dropped rather than drawn as boxes;
  // a headline left empty gets a generic one so the thumbnail still has its text.
  const drawable = [...layer.text].filter((c) => /\s/u.test(c) || faceFor(c, faces)).join("").replace(/\s+/gu, " ").trim();
  const text = drawable || FALLBACK_HEADLINE;
  const cjk = layer.script === "cjk" && drawable !== "";
  // An edit's scale moves the size cap; a smaller headline may also go below the usual legible minimum rather
  // than lose words.
  const scale = layer.scale ?? 1;
  const fit = fitText(text, faces, {
    box: layer.box,
    align: layer.align,
    maxSize: unit * (cjk ? 0.2 : 0.26) * scale,
    minSize: unit * (cjk ? 0.075 : 0.07) * Math.min(1, scale),
    leading: cjk ? 0.14 : 0.06,
    cjk,
    ...(layer.valign ? { valign: layer.valign } : {}),
  });
  const ink: Rect = { x: fit.box.x1, y: fit.box.y1, w: fit.box.x2 - fit.box.x1, h: fit.box.y2 - fit.box.y1 };
  const pad = fit.size * 0.16 + layer.stroke.width;
  const plateRect = clamp({ x: ink.x - pad, y: ink.y - pad, w: ink.w + 2 * pad, h: ink.h + 2 * pad }, layer.box, unit);
  const behind = await backdropOf(plateRect);
  const colours = layer.fixedFill ? chosenFill(layer, behind, unit) : legible(layer, behind);
  const result: TextLayer = {
    ...layer,
    text,
    ...colours.text,
    lines: fit.lines,
    size: Math.round(fit.size * 10) / 10,
    backdrop: rgbToHex(behind),
    contrast: Math.round(colours.contrast * 100) / 100,
  };
  if (colours.plate) result.plate = { ...colours.plate, rect: roundRect(plateRect) };
  const highlightLine = fit.lines.length > 1 ? layer.highlightLine % fit.lines.length : -1;
  const strokeW = (result.stroke.width * 2).toFixed(1);
  const paths = fit.shaped.map((line, i) => ({ d: line.d, fill: i === highlightLine ? result.highlight : result.fill }));
  const cx = ink.x + ink.w / 2;
  const cy = ink.y + ink.h / 2;
  const svg = [
    `<g transform="rotate(${layer.rotation.toFixed(2)} ${cx.toFixed(1)} ${cy.toFixed(1)})">`,
    result.plate
      ? `<rect x="${plateRect.x.toFixed(1)}" y="${plateRect.y.toFixed(1)}" width="${plateRect.w.toFixed(1)}" height="${plateRect.h.toFixed(1)}" rx="${(fit.size * 0.12).toFixed(1)}" fill="${result.plate.color}" fill-opacity="${result.plate.opacity}"/>`
      : "",
    `<g transform="translate(${result.shadow.dx.toFixed(1)} ${result.shadow.dy.toFixed(1)})" opacity="${result.shadow.opacity}">`,
    ...paths.map((p) => `<path d="${p.d}" fill="${result.stroke.color}" stroke="${result.stroke.color}" stroke-width="${strokeW}" stroke-linejoin="round"/>`),
    `</g>`,
    ...paths.map((p) => `<path d="${p.d}" fill="${result.stroke.color}" stroke="${result.stroke.color}" stroke-width="${strokeW}" stroke-linejoin="round"/>`),
    ...paths.map((p) => `<path d="${p.d}" fill="${p.fill}"/>`),
    `</g>`,
  ].join("");
  const margin = result.stroke.width * 2 + Math.max(result.shadow.dx, result.shadow.dy) + fit.size * 0.1;
  const outer = result.plate ? union(expand(ink, margin), plateRect) : expand(ink, margin);
  const sin = Math.abs(Math.sin((layer.rotation * Math.PI) / 180));
  const region = expand(outer, sin * Math.max(outer.w, outer.h) * 0.5 + 2);
  return { layer: result, svg, ink, region };
}

interface Legible {
  text: Pick<TextLayer, "fill" | "highlight" | "stroke"> & Partial<Pick<TextLayer, "shadow">>;
  plate?: { color: string; opacity: number };
  contrast: number;
}

function legible(layer: TextLayer, behind: Rgb): Legible {
  const worst = (fills: string[], backdrop: Rgb) => Math.min(...fills.map((c) => contrastRatio(hexToRgb(c), backdrop)));
  const asIs = worst([layer.fill, layer.highlight], behind);
  if (asIs >= TARGET_CONTRAST) return { text: { fill: layer.fill, highlight: layer.highlight, stroke: layer.stroke }, contrast: asIs };
  // Often only the accent colour falls short: giving up the highlight beats boxing the headline in a plate.
  const plain = worst([layer.fill], behind);
  if (plain >= TARGET_CONTRAST) return { text: { fill: layer.fill, highlight: layer.fill, stroke: layer.stroke }, contrast: plain };
  // Flipped: ink-coloured letters with a white stroke suit light, loud backgrounds (cartoon yellow, paper).
  const flipped = { fill: layer.stroke.color, highlight: layer.stroke.color, stroke: { ...layer.stroke, color: "#ffffff" } };
  const flippedRatio = worst([flipped.fill], behind);
  if (flippedRatio >= TARGET_CONTRAST) return { text: flipped, contrast: flippedRatio };
  // Neither works on a mid-tone backdrop: put the light text on an ink plate and darken it until it passes.
  const ink = hexToRgb(layer.stroke.color);
  // A plate reads as a deliberate label only when it is nearly solid, so it starts at 0.8.
  for (let opacity = 0.8; opacity <= 1.0001; opacity += 0.05) {
    const ratio = worst([layer.fill, layer.highlight], mix(behind, ink, opacity));
    if (ratio >= TARGET_CONTRAST || opacity > 0.999) {
      return {
        text: { fill: layer.fill, highlight: layer.highlight, stroke: layer.stroke },
        plate: { color: layer.stroke.color, opacity: Math.round(opacity * 100) / 100 },
        contrast: ratio,
      };
    }
  }
  throw new Error("unreachable: the opaque plate always decides");
}

/** A fill the user chose is kept whatever is behind it; the outline and shadow carry the contrast instead. */
function chosenFill(layer: TextLayer, behind: Rgb, unit: number): Legible {
  const contrast = Math.min(...[layer.fill, layer.highlight].map((c) => contrastRatio(hexToRgb(c), behind)));
  return { text: { fill: layer.fill, highlight: layer.highlight, ...outlineFor(layer, behind, unit) }, contrast };
}

/**
 * The stroke and shadow a fill needs to stand out from `behind`: unchanged when the fill already does; otherwise a
 * stroke that contrasts with the fill (the current one, else white or black), at least 2.8% of the frame's short
 * side, and a near-opaque shadow. Idempotent, so an edit and the render can both apply it.
 */
export function outlineFor(layer: Pick<TextLayer, "fill" | "stroke" | "shadow">, behind: Rgb, unit: number): Pick<TextLayer, "stroke" | "shadow"> {
  const fill = hexToRgb(layer.fill);
  if (contrastRatio(fill, behind) >= MIN_CONTRAST) return { stroke: layer.stroke, shadow: layer.shadow };
  const colours = [layer.stroke.color, "#ffffff", "#000000"];
  const color = colours.find((c) => contrastRatio(fill, hexToRgb(c)) >= MIN_CONTRAST) ?? strongest(fill, colours);
  return {
    stroke: { color, width: Math.max(layer.stroke.width, unit * 0.028) },
    shadow: { ...layer.shadow, opacity: Math.max(layer.shadow.opacity, 0.9) },
  };
}

function strongest(fill: Rgb, colours: readonly string[]): string {
  let best = colours[0] ?? "#000000";
  for (const c of colours) if (contrastRatio(fill, hexToRgb(c)) > contrastRatio(fill, hexToRgb(best))) best = c;
  return best;
}

function clamp(rect: Rect, box: Rect, unit: number): Rect {
  const slack = unit * 0.04;
  const x = Math.max(box.x - slack, rect.x);
  const y = Math.max(box.y - slack, rect.y);
  return { x, y, w: Math.min(box.x + box.w + slack, rect.x + rect.w) - x, h: Math.min(box.y + box.h + slack, rect.y + rect.h) - y };
}

function expand(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, w: r.w + 2 * by, h: r.h + 2 * by };
}

function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

function roundRect(r: Rect): Rect {
  return { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.w), h: Math.round(r.h) };
}
