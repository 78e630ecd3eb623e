import type { OverlayOptions } from "sharp";
import { EDITOR_LINE_HEIGHT, type EditorFace, type EditorText } from "../../contract/editor.ts";
import type { Face, FaceId, FontStore } from "./fonts.ts";
import { type Canvas, regionOverlay } from "./overlays.ts";
import type { Rect } from "./scene.ts";
import { faceFor, measure, shapeLine } from "./text-shape.ts";

/**
 * The editor's text layers, drawn the Studio's way (opentype outlines as SVG paths, the same bundled faces) but
 * at the size and place the user chose: no fitting, no legibility flip. The layout follows the browser canvas the
 * editor previews on: lines `EDITOR_LINE_HEIGHT` apart, each baseline where a canvas puts it, aligned within the
 * widest line, rotated about the top-left corner.
 */
const fallbacks: Record<EditorFace, FaceId[]> = {
  anton: ["anton", "dela", "kuaile"],
  abril: ["abril", "dela", "kuaile"],
  dela: ["dela", "kuaile", "anton"],
  kuaile: ["kuaile", "dela", "anton"],
};

async function chainFor(layer: EditorText, fonts: FontStore): Promise<Face[]> {
  const [first, ...rest] = fallbacks[layer.face];
  const primary = await fonts.face(first ?? "anton");
  // The CJK faces take ~150 ms each to parse: loaded only when the primary face lacks a character.
  const covered = [...layer.text].every((c) => /\s/u.test(c) || faceFor(c, [primary]));
  return covered ? [primary] : [primary, ...(await Promise.all(rest.map((id) => fonts.face(id))))];
}

export interface DrawnText {
  svg: string;
  /** Everything it paints, in canvas pixels. */
  region: Rect;
}

export async function drawFreeText(layer: EditorText, fonts: FontStore): Promise<DrawnText> {
  const chain = await chainFor(layer, fonts);
  const primary = chain[0]?.font;
  const size = layer.size;
  const lineHeight = size * EDITOR_LINE_HEIGHT;
  const ascent = primary ? (primary.ascender / primary.unitsPerEm) * size : size * 0.8;
  const descent = primary ? (-primary.descender / primary.unitsPerEm) * size : size * 0.2;
  const lines = layer.text.split("\n");
  const widths = lines.map((line) => measure(line, chain) * size);
  const widest = Math.max(0, ...widths);
  const paths: string[] = [];
  lines.forEach((line, i) => {
    const w = widths[i] ?? 0;
    const offset = layer.align === "center" ? (widest - w) / 2 : layer.align === "right" ? widest - w : 0;
    const baseline = layer.y + lineHeight / 2 + (ascent - descent) / 2 + i * lineHeight;
    const shaped = shapeLine(line, chain, size, layer.x + offset, baseline);
    if (shaped.d) paths.push(shaped.d);
  });
  const d = paths.join("");
  const { stroke, shadow } = layer;
  const strokeAttrs = stroke.width > 0 ? ` stroke="${stroke.color}" stroke-width="${stroke.width.toFixed(2)}" stroke-linejoin="round"` : "";
  const shadowId = `s${layer.id}`;
  const shadowVisible = shadow.opacity > 0;
  const rotate = `rotate(${layer.rotation.toFixed(2)} ${layer.x.toFixed(2)} ${layer.y.toFixed(2)})`;
  const svg = [
    shadowVisible
      ? `<defs><filter id="${shadowId}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${(shadow.blur / 2).toFixed(2)}"/></filter></defs>`
      : "",
    `<g transform="${rotate}">`,
    shadowVisible
      ? `<g transform="translate(${shadow.dx.toFixed(2)} ${shadow.dy.toFixed(2)})" opacity="${shadow.opacity}" filter="url(#${shadowId})"><path d="${d}" fill="${shadow.color}"${strokeAttrs.replace(stroke.color, shadow.color)}/></g>`
      : "",
    stroke.width > 0 ? `<path d="${d}" fill="none"${strokeAttrs}/>` : "",
    `<path d="${d}" fill="${layer.fill}"/>`,
    `</g>`,
  ].join("");
  // The block before rotation, grown by what the stroke and shadow add, then the box of its rotated corners.
  const grow = stroke.width + shadow.blur * 1.5 + 2;
  const block = {
    x0: layer.x - grow + Math.min(0, shadow.dx),
    y0: layer.y - grow + Math.min(0, shadow.dy),
    x1: layer.x + widest + grow + Math.max(0, shadow.dx),
    y1: layer.y + lines.length * lineHeight + descent + grow + Math.max(0, shadow.dy),
  };
  return { svg, region: rotatedBounds(block, layer.x, layer.y, layer.rotation) };
}

function rotatedBounds(b: { x0: number; y0: number; x1: number; y1: number }, ox: number, oy: number, degrees: number): Rect {
  const a = (degrees * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const corners = [
    [b.x0, b.y0],
    [b.x1, b.y0],
    [b.x0, b.y1],
    [b.x1, b.y1],
  ].map(([x = 0, y = 0]) => [ox + (x - ox) * cos - (y - oy) * sin, oy + (x - ox) * sin + (y - oy) * cos] as const);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** The layers as composite overlays over a canvas, each rasterised only over the area it paints. */
export async function freeTextOverlays(layers: readonly EditorText[], fonts: FontStore, canvas: Canvas): Promise<OverlayOptions[]> {
  const drawn = await Promise.all(layers.map((layer) => drawFreeText(layer, fonts)));
  return drawn.map((t) => regionOverlay(t.svg, t.region, canvas)).filter((o): o is OverlayOptions => o !== undefined);
}
