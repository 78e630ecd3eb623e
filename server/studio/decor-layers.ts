import type { OverlayOptions } from "sharp";
import { starPath } from "./background-svg.ts";
import { faceChain, type FontStore } from "./fonts.ts";
import type { Rect } from "./frame.ts";
import { type Canvas, regionOverlay } from "./overlays.ts";
import type { Scene } from "./scene.ts";
import type { BadgeLayer, PointerLayer, SplitLayer } from "./scene-layers.ts";
import { shapeLine } from "./text-shape.ts";

/**
 * The composition's own marks as SVG, each rasterised only over the area it paints: the split's divider goes under
 * the persona and the art, the pointers, the badge and the split's words above them.
 */
const f = (n: number) => n.toFixed(1);

export function dividerOverlays(scene: Scene, canvas: Canvas): OverlayOptions[] {
  const split = scene.split;
  if (!split) return [];
  const { svg, rect } = dividerSvg(split, scene.width, scene.height);
  const overlay = regionOverlay(svg, rect, canvas);
  return overlay ? [overlay] : [];
}

export async function markOverlays(scene: Scene, fonts: FontStore, canvas: Canvas): Promise<OverlayOptions[]> {
  const out: (OverlayOptions | undefined)[] = [];
  for (const pointer of scene.pointers ?? []) out.push(regionOverlay(pointerSvg(pointer), pointerRect(pointer), canvas));
  for (const label of scene.split?.labels ?? []) {
    out.push(regionOverlay(await labelSvg(label.text, label.box, scene.split?.color ?? "#000000", fonts), expand(label.box, 4), canvas));
  }
  if (scene.badge) {
    const b = scene.badge;
    const reach = b.r * 1.3;
    out.push(regionOverlay(await badgeSvg(b, scene.style === "cartoon", fonts), { x: b.x - reach, y: b.y - reach, w: 2 * reach, h: 2 * reach }, canvas));
  }
  return out.filter((o): o is OverlayOptions => o !== undefined);
}

function dividerSvg(split: SplitLayer, W: number, H: number): { svg: string; rect: Rect } {
  const unit = Math.min(W, H);
  const half = unit * 0.014;
  const lean = unit * 0.06;
  if (split.axis === "x") {
    const a = split.at + lean;
    const b = split.at - lean;
    const svg = `<path d="M${f(a - half)},0L${f(a + half)},0L${f(b + half)},${H}L${f(b - half)},${H}Z" fill="${split.color}"/><path d="M${f(a + half)},0L${f(a + half * 2.2)},0L${f(b + half * 2.2)},${H}L${f(b + half)},${H}Z" fill="#ffffff" opacity="0.85"/>`;
    return { svg, rect: { x: b - half * 3, y: 0, w: a - b + half * 6, h: H } };
  }
  const a = split.at - lean;
  const b = split.at + lean;
  const svg = `<path d="M0,${f(a - half)}L0,${f(a + half)}L${W},${f(b + half)}L${W},${f(b - half)}Z" fill="${split.color}"/><path d="M0,${f(a + half)}L0,${f(a + half * 2.2)}L${W},${f(b + half * 2.2)}L${W},${f(b + half)}Z" fill="#ffffff" opacity="0.85"/>`;
  return { svg, rect: { x: 0, y: a - half * 3, w: W, h: b - a + half * 6 } };
}

function pointerSvg(p: PointerLayer): string {
  if (p.kind === "ring") {
    const cx = p.rect.x + p.rect.w / 2;
    const cy = p.rect.y + p.rect.h / 2;
    // Two passes a little apart read as a ring drawn by hand, the way creators circle things.
    const ring = (rx: number, ry: number, turn: number, colour: string, width: number) =>
      `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" transform="rotate(${turn} ${f(cx)} ${f(cy)})" fill="none" stroke="${colour}" stroke-width="${f(width)}"/>`;
    return ring(p.rect.w / 2, p.rect.h / 2, -4, "#ffffff", p.width * 1.8) + ring(p.rect.w / 2, p.rect.h / 2, -4, p.color, p.width) + ring(p.rect.w / 2.06, p.rect.h / 1.96, 5, p.color, p.width * 0.6);
  }
  const { from, to } = p;
  const { ux, uy, head, control } = arrowGeometry(p);
  const [mx, my] = [control.x, control.y];
  const baseX = to.x - ux * head;
  const baseY = to.y - uy * head;
  const tip = `M${f(to.x)},${f(to.y)}L${f(baseX - uy * head * 0.75)},${f(baseY + ux * head * 0.75)}L${f(baseX + uy * head * 0.75)},${f(baseY - ux * head * 0.75)}Z`;
  const shaft = `M${f(from.x)},${f(from.y)}Q${f(mx)},${f(my)} ${f(baseX)},${f(baseY)}`;
  return (
    `<path d="${shaft}" fill="none" stroke="#ffffff" stroke-width="${f(p.width * 1.6)}" stroke-linecap="round"/>` +
    `<path d="${tip}" fill="#ffffff" stroke="#ffffff" stroke-width="${f(p.width * 0.6)}" stroke-linejoin="round"/>` +
    `<path d="${shaft}" fill="none" stroke="${p.color}" stroke-width="${f(p.width)}" stroke-linecap="round"/>` +
    `<path d="${tip}" fill="${p.color}"/>`
  );
}

/**
 * An arrow's curve: a quadratic whose control point sits off the straight line on its lower side, so an arrow that
 * starts under the headline bows away from it, never up into it.
 */
export function arrowGeometry(p: Extract<PointerLayer, { kind: "arrow" }>): { ux: number; uy: number; head: number; control: { x: number; y: number } } {
  const len = Math.hypot(p.to.x - p.from.x, p.to.y - p.from.y) || 1;
  const ux = (p.to.x - p.from.x) / len;
  const uy = (p.to.y - p.from.y) / len;
  const side = ux >= 0 ? 1 : -1;
  return { ux, uy, head: p.width * 2.6, control: { x: (p.from.x + p.to.x) / 2 - side * uy * len * 0.18, y: (p.from.y + p.to.y) / 2 + side * ux * len * 0.18 } };
}

/** Points along what an arrow paints (its curve and head), for checking what it covers. */
export function arrowSamples(p: Extract<PointerLayer, { kind: "arrow" }>, count = 24): { x: number; y: number }[] {
  const { control } = arrowGeometry(p);
  return Array.from({ length: count + 1 }, (_, i) => {
    const t = i / count;
    const a = (1 - t) * (1 - t);
    const b = 2 * t * (1 - t);
    const c = t * t;
    return { x: a * p.from.x + b * control.x + c * p.to.x, y: a * p.from.y + b * control.y + c * p.to.y };
  });
}

/** Everything a pointer paints: its rect or its ends, with room for the curve, the head and the white edge. */
export function pointerRect(p: PointerLayer): Rect {
  // The white under-stroke is 1.8 widths wide, centred on the ellipse; the second pass sits 3% outside it.
  if (p.kind === "ring") return expand(p.rect, p.width + p.rect.w * 0.02);
  const len = Math.hypot(p.to.x - p.from.x, p.to.y - p.from.y);
  const x = Math.min(p.from.x, p.to.x);
  const y = Math.min(p.from.y, p.to.y);
  return expand({ x, y, w: Math.abs(p.to.x - p.from.x), h: Math.abs(p.to.y - p.from.y) }, len * 0.2 + p.width * 3);
}

async function badgeSvg(b: BadgeLayer, burst: boolean, fonts: FontStore): Promise<string> {
  const outline = Math.max(2, b.r * 0.07);
  const shape = burst
    ? `<path d="${starPath(b.x, b.y, b.r * 1.12, 14, 0.8)}" fill="${b.fill}" stroke="${b.ink}" stroke-width="${f(outline)}" stroke-linejoin="round"/>`
    : `<circle cx="${b.x}" cy="${b.y}" r="${b.r}" fill="${b.fill}" stroke="${b.ink}" stroke-width="${f(outline)}"/><circle cx="${b.x}" cy="${b.y}" r="${f(b.r * 0.86)}" fill="none" stroke="${b.color}" stroke-width="${f(outline * 0.35)}" opacity="0.6"/>`;
  const words = b.text.split(" ");
  const lines = words.length > 1 ? [words[0] ?? "", words.slice(1).join(" ")] : [b.text];
  const text = await fittedLines(lines, { x: b.x - b.r * 0.68, y: b.y - b.r * 0.6, w: b.r * 1.36, h: b.r * 1.2 }, fonts, b.color);
  return `<g transform="translate(${f(b.r * 0.06)} ${f(b.r * 0.08)})" opacity="0.35">${shape.replace(/fill="[^"]+"/u, `fill="${b.ink}"`)}</g><g transform="rotate(${b.rotation} ${b.x} ${b.y})">${shape}${text}</g>`;
}

async function labelSvg(text: string, box: Rect, ink: string, fonts: FontStore): Promise<string> {
  const inner = { x: box.x + box.h * 0.35, y: box.y + box.h * 0.18, w: box.w - box.h * 0.7, h: box.h * 0.64 };
  return `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="${f(box.h / 2)}" fill="${ink}" opacity="0.92"/>${await fittedLines([text], inner, fonts, "#ffffff")}`;
}

/** Lines set in the display face, each as large as the rect allows, stacked and centred in it. */
async function fittedLines(lines: readonly string[], rect: Rect, fonts: FontStore, fill: string): Promise<string> {
  const faces = await Promise.all(faceChain("anton", lines.join("")).map((id) => fonts.face(id)));
  const shaped = lines.map((line) => shapeLine(line, faces, 100));
  const gap = rect.h * 0.06;
  // The first line (the number) may take twice the height of the others.
  const weights = shaped.map((_, i) => (i === 0 && shaped.length > 1 ? 2 : 1));
  const share = (rect.h - gap * (shaped.length - 1)) / weights.reduce((a, b) => a + b, 0);
  const scales = shaped.map((s, i) => Math.min(rect.w / Math.max(1, s.box.x2 - s.box.x1), (share * (weights[i] ?? 1)) / Math.max(1, s.box.y2 - s.box.y1)));
  const heights = shaped.map((s, i) => (s.box.y2 - s.box.y1) * (scales[i] ?? 1));
  let y = rect.y + (rect.h - heights.reduce((a, b) => a + b, 0) - gap * (shaped.length - 1)) / 2;
  const parts: string[] = [];
  shaped.forEach((s, i) => {
    const k = scales[i] ?? 1;
    const w = (s.box.x2 - s.box.x1) * k;
    const x = rect.x + (rect.w - w) / 2 - s.box.x1 * k;
    parts.push(`<path d="${s.d}" fill="${fill}" transform="translate(${f(x)} ${f(y - s.box.y1 * k)}) scale(${k.toFixed(4)})"/>`);
    y += (heights[i] ?? 0) + gap;
  });
  return parts.join("");
}

function expand(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, w: r.w + 2 * by, h: r.h + 2 * by };
}
