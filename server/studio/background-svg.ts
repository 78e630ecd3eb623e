import { mixHex } from "./color.ts";
import type { Accent, Scene, Shape } from "./scene.ts";
import { renderScale } from "./scale-scene.ts";

/** SVG for a scene's background, vignette, frame and accents; librsvg (inside sharp) rasterises it. */
const f = (n: number) => n.toFixed(1);

/**
 * The soft light of a background (gradients, bokeh, the vignette) is drawn at this fraction of the frame and scaled
 * up bilinearly: librsvg's cost follows the area it paints, and a smooth gradient scaled up is the same gradient
 * (a cubic kernel cost libvips ~8 ms more for no visible difference). Sharp edges (rays, shapes, halftone) are drawn
 * at full size above it.
 */
export const SOFT_SCALE = 0.25;

export type BackgroundSvg =
  /** The soft light drawn at SOFT_SCALE of the frame (to be scaled up), and the sharp edges above it at full size. */
  | { soft: string; crisp: string | undefined }
  /** A flat fill under sharp edges: one full-size document, nothing to scale. */
  | { soft: undefined; crisp: string };

export function backgroundSvg(scene: Scene): BackgroundSvg {
  const { width: w, height: h, palette: p, background: bg } = scene;
  const { x: fx, y: fy } = bg.focus;
  const defs: string[] = [];
  const soft: string[] = [];
  const crisp: string[] = [];
  switch (scene.style) {
    case "realistic":
      defs.push(`<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.base}"/></linearGradient>`);
      defs.push(`<radialGradient id="key" cx="${f(fx)}" cy="${f(fy)}" r="${f(Math.max(w, h) * 0.55)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${p.light}" stop-opacity="0.95"/><stop offset="0.45" stop-color="${p.light}" stop-opacity="0.35"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></radialGradient>`);
      soft.push(`<rect width="${w}" height="${h}" fill="url(#bg)"/><rect width="${w}" height="${h}" fill="url(#key)"/>`);
      bg.shapes.forEach((s, i) => soft.push(bokeh(s, i, defs)));
      soft.push(`<rect y="${f(h * 0.78)}" width="${w}" height="${f(h * 0.22)}" fill="${p.base}" opacity="0.45"/>`);
      break;
    case "cartoon": {
      soft.push(`<rect width="${w}" height="${h}" fill="${p.mid}"/>`);
      crisp.push(rays(fx, fy, 18, p.light, 0.75, Math.hypot(w, h)));
      crisp.push(`<circle cx="${fx}" cy="${fy}" r="${f(Math.min(w, h) * 0.32)}" fill="${p.light}" fill-opacity="0.9"/>`);
      crisp.push(halftone(w, h, fx, fy, p.base, renderScale(scene)));
      bg.shapes.forEach((s) => crisp.push(shape(s)));
      break;
    }
    case "abstract":
      soft.push(`<rect width="${w}" height="${h}" fill="${p.base}"/>`);
      // Overlapping soft radial blobs give the mesh-gradient look without a mesh renderer.
      bg.shapes.forEach((s, i) => {
        if (s.kind === "blob") {
          defs.push(`<radialGradient id="m${i}" cx="${s.x}" cy="${s.y}" r="${s.size}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${s.color}" stop-opacity="${s.opacity}"/><stop offset="1" stop-color="${s.color}" stop-opacity="0"/></radialGradient>`);
          // The gradient is transparent past its radius, so a circle of that radius paints the same pixels as a
          // full-canvas rect, and librsvg's cost follows the area it paints.
          soft.push(`<circle cx="${s.x}" cy="${s.y}" r="${s.size}" fill="url(#m${i})"/>`);
        }
      });
      soft.push(`<rect width="${w}" height="${h}" fill="${p.base}" opacity="0.18"/>`);
      bg.shapes.filter((s) => s.kind !== "blob").forEach((s) => crisp.push(shape(s)));
      break;
    case "vintage":
      defs.push(`<radialGradient id="paper" cx="${f(fx)}" cy="${f(fy)}" r="${f(Math.max(w, h) * 0.75)}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${p.light}"/><stop offset="0.55" stop-color="${mixHex(p.light, p.mid, 0.55)}"/><stop offset="1" stop-color="${p.mid}"/></radialGradient>`);
      soft.push(`<rect width="${w}" height="${h}" fill="url(#paper)"/>`);
      crisp.push(rays(fx, fy, 28, p.mid, 0.14, Math.hypot(w, h)));
      bg.shapes.forEach((s) => crisp.push(shape(s)));
      break;
  }
  // The vignette darkens the soft light; the sharp edges above it keep their colour.
  const vignette = vignetteSvg(scene);
  const small = (n: number) => Math.max(1, Math.round(n * SOFT_SCALE));
  if (scene.style === "cartoon") return { soft: undefined, crisp: svgDoc(w, h, defs, [...soft, ...crisp]) };
  return {
    soft: svgDoc(w, h, [...defs, ...(vignette ? [vignette.def] : [])], [...soft, ...(vignette ? [vignette.body] : [])], { width: small(w), height: small(h) }),
    crisp: crisp.length > 0 ? svgDoc(w, h, [], crisp) : undefined,
  };
}

/**
 * Comic halftone: a grid of dots that grow from nothing near the focus to full size at the edges. One path of
 * circles paints what a pattern under a gradient mask did, at a fraction of librsvg's cost (a mask is a second
 * full-frame surface).
 */
function halftone(w: number, h: number, fx: number, fy: number, fill: string, scale: number): string {
  const step = 22 * scale;
  const reach = Math.max(w, h) * 0.8;
  let d = "";
  for (let y = step / 2; y < h + step / 2; y += step) {
    for (let x = step / 2; x < w + step / 2; x += step) {
      const fade = Math.min(1, Math.max(0, (Math.hypot(x - fx, y - fy) / reach - 0.45) / 0.55));
      // Area follows the fade, as the mask's opacity did.
      const r = 5 * scale * Math.sqrt(fade);
      if (r < 0.6 * scale) continue;
      d += `M${f(x - r)},${y}a${f(r)},${f(r)} 0 1,0 ${f(2 * r)},0a${f(r)},${f(r)} 0 1,0 ${f(-2 * r)},0`;
    }
  }
  return d ? `<path d="${d}" fill="${fill}" fill-opacity="0.55"/>` : "";
}

/**
 * A vignette darkens the edges (all styles but cartoon). It is part of the background, under the subjects: drawn
 * above them it cost a second full-canvas rasterisation for a difference nobody sees at thumbnail size.
 */
export function vignetteSvg(scene: Scene): { def: string; body: string } | undefined {
  if (scene.style === "cartoon") return undefined;
  const strength = scene.style === "abstract" ? 0.35 : 0.7;
  const tint = scene.style === "vintage" ? scene.palette.ink : "#000000";
  return {
    def: `<radialGradient id="vig" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="${tint}" stop-opacity="0"/><stop offset="1" stop-color="${tint}" stop-opacity="${strength}"/></radialGradient>`,
    body: `<rect width="${scene.width}" height="${scene.height}" fill="url(#vig)"/>`,
  };
}

/** The double rule of a printed poster, drawn above the subjects for vintage. */
export function frameSvg(scene: Scene): string {
  const { width: w, height: h, palette: p } = scene;
  const m = Math.min(w, h) * 0.03;
  return `<rect x="${f(m)}" y="${f(m)}" width="${f(w - 2 * m)}" height="${f(h - 2 * m)}" fill="none" stroke="${p.text}" stroke-width="${f(m * 0.22)}" opacity="0.8"/><rect x="${f(m * 1.5)}" y="${f(m * 1.5)}" width="${f(w - 3 * m)}" height="${f(h - 3 * m)}" fill="none" stroke="${p.text}" stroke-width="${f(m * 0.08)}" opacity="0.7"/>`;
}

/** An SVG document of a w×h view box, drawn at `size` (the view box's own size unless given). */
export function svgDoc(w: number, h: number, defs: readonly string[], body: readonly string[], size = { width: w, height: h }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${w} ${h}"><defs>${defs.join("")}</defs>${body.join("")}</svg>`;
}

function rays(cx: number, cy: number, count: number, fill: string, opacity: number, radius: number): string {
  const points: string[] = [];
  for (let i = 0; i < count; i++) {
    const a0 = (i * 2 * Math.PI) / count;
    const a1 = a0 + Math.PI / count;
    const p = (a: number) => `${f(cx + radius * Math.cos(a))},${f(cy + radius * Math.sin(a))}`;
    points.push(`M${f(cx)},${f(cy)}L${p(a0)}L${p(a1)}Z`);
  }
  return `<path d="${points.join("")}" fill="${fill}" opacity="${opacity}"/>`;
}

function bokeh(s: Shape, i: number, defs: string[]): string {
  defs.push(`<radialGradient id="b${i}"><stop offset="0" stop-color="${s.color}" stop-opacity="${s.opacity}"/><stop offset="0.7" stop-color="${s.color}" stop-opacity="${(s.opacity * 0.8).toFixed(2)}"/><stop offset="1" stop-color="${s.color}" stop-opacity="0"/></radialGradient>`);
  return `<circle cx="${s.x}" cy="${s.y}" r="${s.size}" fill="url(#b${i})"/>`;
}

/** A star of `points` tips around (cx, cy), its inner corners at `inner` of the radius. */
export function starPath(cx: number, cy: number, r: number, points: number, inner: number): string {
  let d = "";
  for (let i = 0; i < points * 2; i++) {
    const rr = i % 2 === 0 ? r : r * inner;
    const a = (i * Math.PI) / points - Math.PI / 2;
    d += `${i === 0 ? "M" : "L"}${f(cx + rr * Math.cos(a))},${f(cy + rr * Math.sin(a))}`;
  }
  return `${d}Z`;
}

function shape(s: Shape): string {
  const t = `transform="rotate(${s.rotation} ${s.x} ${s.y})" opacity="${s.opacity}"`;
  switch (s.kind) {
    case "ring":
      return `<circle cx="${s.x}" cy="${s.y}" r="${s.size}" fill="none" stroke="${s.color}" stroke-width="${f(s.size * 0.16)}" ${t}/>`;
    case "rect":
      return `<rect x="${f(s.x - s.size)}" y="${f(s.y - s.size * 0.35)}" width="${s.size * 2}" height="${f(s.size * 0.7)}" rx="${f(s.size * 0.35)}" fill="${s.color}" ${t}/>`;
    case "wave": {
      let d = `M${s.x - s.size * 2},${s.y}`;
      for (let i = 0; i < 4; i++) d += `q${f(s.size * 0.5)},${f(i % 2 ? s.size * 0.6 : -s.size * 0.6)} ${s.size},0`;
      return `<path d="${d}" fill="none" stroke="${s.color}" stroke-width="${f(s.size * 0.12)}" stroke-linecap="round" ${t}/>`;
    }
    case "dots": {
      const step = s.size * 0.3;
      const dots: string[] = [];
      for (let i = 0; i < 5; i++) for (let j = 0; j < 5; j++) dots.push(`<circle cx="${f(s.x + i * step)}" cy="${f(s.y + j * step)}" r="${f(step * 0.18)}"/>`);
      return `<g fill="${s.color}" ${t}>${dots.join("")}</g>`;
    }
    case "triangle":
      return `<path d="M${s.x},${f(s.y - s.size)}L${f(s.x + s.size * 0.87)},${f(s.y + s.size * 0.5)}L${f(s.x - s.size * 0.87)},${f(s.y + s.size * 0.5)}Z" fill="none" stroke="${s.color}" stroke-width="${f(s.size * 0.1)}" stroke-linejoin="round" ${t}/>`;
    case "star":
      return `<path d="${starPath(s.x, s.y, s.size, 5, 0.45)}" fill="${s.color}" ${t}/>`;
    default:
      return `<circle cx="${s.x}" cy="${s.y}" r="${s.size}" fill="${s.color}" ${t}/>`;
  }
}

export function accentSvg(a: Accent, ink: string): string {
  const t = `transform="translate(${a.x} ${a.y}) rotate(${f(a.rotation)})"`;
  const s = a.size;
  switch (a.kind) {
    case "arrow": {
      const d = `M0,${f(-s * 0.09)}L${f(s * 0.62)},${f(-s * 0.09)}L${f(s * 0.62)},${f(-s * 0.24)}L${f(s)},0L${f(s * 0.62)},${f(s * 0.24)}L${f(s * 0.62)},${f(s * 0.09)}L0,${f(s * 0.09)}Z`;
      return `<g ${t}><path d="${d}" fill="${ink}" stroke="${ink}" stroke-width="${f(s * 0.09)}" stroke-linejoin="round" transform="translate(${f(s * 0.03)} ${f(s * 0.05)})" opacity="0.6"/><path d="${d}" fill="${a.color}" stroke="#ffffff" stroke-width="${f(s * 0.045)}" stroke-linejoin="round"/></g>`;
    }
    case "burst":
      return `<g ${t}><path d="${starPath(0, 0, s * 1.25, 12, 0.72)}" fill="${a.color}" stroke="${ink}" stroke-width="${f(s * 0.09)}" stroke-linejoin="round"/><path d="M${f(-s * 0.1)},${f(-s * 0.6)}h${f(s * 0.2)}l${f(-s * 0.04)},${f(s * 0.72)}h${f(-s * 0.12)}Z M0,${f(s * 0.3)}m${f(-s * 0.11)},0a${f(s * 0.11)},${f(s * 0.11)} 0 1,0 ${f(s * 0.22)},0a${f(s * 0.11)},${f(s * 0.11)} 0 1,0 ${f(-s * 0.22)},0" fill="#ffffff" stroke="${ink}" stroke-width="${f(s * 0.05)}"/></g>`;
    case "sparkle":
      return `<path d="${`M0,${-s}Q0,0 ${s},0Q0,0 0,${s}Q0,0 ${-s},0Q0,0 0,${-s}Z`}" fill="${a.color}" ${t}/>`;
    default:
      return "";
  }
}
