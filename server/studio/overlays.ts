import type { OverlayOptions } from "sharp";
import { accentSvg, frameSvg } from "./background-svg.ts";
import type { Rect, Scene } from "./scene.ts";

/**
 * Layers above the subjects, each rasterised only over the area it paints: librsvg's cost grows with the pixels
 * of the SVG, and a full-canvas layer for a small arrow was most of a render.
 */
export interface Canvas {
  width: number;
  height: number;
}

/** An SVG body in canvas coordinates, cut to `rect` (clamped to the canvas) and placed there. */
export function regionOverlay(body: string, rect: Rect, canvas: Canvas): OverlayOptions | undefined {
  const x = Math.max(0, Math.floor(rect.x));
  const y = Math.max(0, Math.floor(rect.y));
  const w = Math.min(canvas.width, Math.ceil(rect.x + rect.w)) - x;
  const h = Math.min(canvas.height, Math.ceil(rect.y + rect.h)) - y;
  if (w <= 0 || h <= 0) return undefined;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${x} ${y} ${w} ${h}">${body}</svg>`;
  return { input: Buffer.from(svg), left: x, top: y };
}

export function accentOverlays(scene: Scene, canvas: Canvas): OverlayOptions[] {
  return scene.accents
    .map((a) => {
      // Every accent stays within 1.4× its size of its anchor, whatever its rotation.
      const r = a.size * 1.45;
      return regionOverlay(accentSvg(a, scene.palette.ink), { x: a.x - r, y: a.y - r, w: 2 * r, h: 2 * r }, canvas);
    })
    .filter((o): o is OverlayOptions => o !== undefined);
}

/** The vintage frame as four edge strips rather than one canvas-sized layer. */
export function frameOverlays(scene: Scene, canvas: Canvas): OverlayOptions[] {
  if (scene.style !== "vintage") return [];
  const body = frameSvg(scene);
  const band = Math.ceil(Math.min(canvas.width, canvas.height) * 0.06);
  const { width: w, height: h } = canvas;
  const strips: Rect[] = [
    { x: 0, y: 0, w, h: band },
    { x: 0, y: h - band, w, h: band },
    { x: 0, y: band, w: band, h: h - 2 * band },
    { x: w - band, y: band, w: band, h: h - 2 * band },
  ];
  return strips.map((rect) => regionOverlay(body, rect, canvas)).filter((o): o is OverlayOptions => o !== undefined);
}
