import { danglesAtEnd, isBareFigure } from "../../contract/headline-hook.ts";
import type { Face } from "./fonts.ts";
import { measure, shapeLine, type Box, type ShapedLine, union } from "./text-shape.ts";

/** Breaks a headline into 1–4 balanced lines and finds the largest size at which they fill the text box. */
export interface FitOptions {
  box: { x: number; y: number; w: number; h: number };
  align: "left" | "center";
  /** Upper bound, so a two-word headline does not become a wall of letters. */
  maxSize: number;
  /** Smallest legible size: below it the headline is shortened at a word boundary with an ellipsis instead. */
  minSize?: number;
  /** Gap between lines as a fraction of the size. */
  leading: number;
  cjk: boolean;
  /** Where the lines sit in the box; centred when absent. */
  valign?: "top" | "center" | "bottom";
}

export interface FittedText {
  lines: string[];
  size: number;
  shaped: ShapedLine[];
  box: Box;
}

// CJK lines must not start with closing punctuation or small kana (kinsoku shori).
const NO_LINE_START = /^[、。，．・：；？！ー）」』】〕》〉ゃゅょっぁぃぅぇぉャュョッァィゥェォ!?,.)]/u;

// Japanese reads best broken after a particle or punctuation, or where the script changes (but not between a
// kanji and its kana ending). Chinese may break anywhere.
const PARTICLE = /[でのをはがにとへやもな、。！？!?]/u;
const kind = (c: string) => (/\p{Script=Han}/u.test(c) ? "han" : /\p{Script=Hiragana}/u.test(c) ? "hira" : /\p{Script=Katakana}|ー/u.test(c) ? "kata" : "other");

function goodBreak(before: string, after: string): boolean {
  if (PARTICLE.test(before)) return true;
  const a = kind(before);
  const b = kind(after);
  return a !== b && !(a === "han" && b === "hira");
}

function candidates(units: string[], cjk: boolean): string[][] {
  const kana = cjk && units.some((u) => /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(u));
  const breaks = units.map((u, i) => i > 0 && goodBreak(units[i - 1] ?? "", u));
  const strict = kana && breaks.some(Boolean);
  const join = (parts: string[]) => (cjk ? parts.join("") : parts.join(" "));
  const out: string[][] = [];
  const maxLines = Math.min(units.length, cjk ? 3 : 4);
  const walk = (start: number, linesLeft: number, acc: string[]) => {
    if (linesLeft === 1) {
      out.push([...acc, join(units.slice(start))]);
      return;
    }
    for (let end = start + 1; end <= units.length - linesLeft + 1; end++) {
      const next = units[end] ?? "";
      if (cjk && NO_LINE_START.test(next)) continue;
      if (strict && !breaks[end]) continue;
      walk(end, linesLeft - 1, [...acc, join(units.slice(start, end))]);
    }
  };
  for (let lines = 1; lines <= maxLines; lines++) walk(0, lines, []);
  return out.length > 0 ? out : [[join(units)]];
}

export function fitText(text: string, chain: readonly Face[], options: FitOptions): FittedText {
  let units = options.cjk ? [...text] : text.split(" ").filter(Boolean);
  // More lines and smaller sizes come first; only a headline that cannot reach the legible size loses its tail.
  for (;;) {
    const fitted = fitUnits(units.join(options.cjk ? "" : " "), units, chain, options);
    if (fitted.size >= (options.minSize ?? 0) || units.length <= 1) return fitted;
    units = shorten(units);
  }
}

/**
 * Drops the last word (or CJK character) and marks the cut with an ellipsis. The cut never ends on a word that needs
 * the next one ("FOR THE…") nor on a figure whose unit it dropped ("10…" of "10 KG").
 */
export function shorten(units: string[]): string[] {
  const kept = units.slice(0, -1).map((u) => u.replace(/…$/u, ""));
  const dropped = units.at(-1)?.replace(/…$/u, "") ?? "";
  if (!isBareFigure(dropped)) while (kept.length > 1 && isBareFigure(kept.at(-1) ?? "")) kept.pop();
  while (kept.length > 1 && danglesAtEnd(kept.at(-1) ?? "")) kept.pop();
  const last = (kept.pop() ?? "").replace(/[\s.,;:!?、。，]+$/u, "");
  return [...kept, `${last}…`];
}

function fitUnits(text: string, units: string[], chain: readonly Face[], options: FitOptions): FittedText {
  // Ink height of a line at size 1, measured once on the whole headline (caps or CJK are all about the same).
  const probe = shapeLine(text, chain, 1);
  const inkHeight = Math.max(0.5, probe.box.y2 - probe.box.y1);
  let best: { lines: string[]; size: number } | undefined;
  for (const lines of candidates(units, options.cjk)) {
    const widest = Math.max(...lines.map((line) => measure(line, chain)));
    const tall = lines.length * inkHeight + (lines.length - 1) * options.leading;
    const size = Math.min(options.box.w / widest, options.box.h / tall, options.maxSize);
    // A more-line layout must be clearly bigger to win: fewer lines read faster.
    if (!best || size > best.size * 1.12) best = { lines, size };
  }
  const chosen = best ?? { lines: [text], size: options.maxSize };
  return place(chosen.lines, chosen.size, chain, options);
}

function place(lines: string[], size: number, chain: readonly Face[], options: FitOptions): FittedText {
  const gap = options.leading * size;
  const measured = lines.map((line) => shapeLine(line, chain, size));
  const heights = measured.map((m) => m.box.y2 - m.box.y1);
  const total = heights.reduce((a, b) => a + b, 0) + gap * (lines.length - 1);
  const slack = options.box.h - total;
  let top = options.box.y + (options.valign === "top" ? 0 : options.valign === "bottom" ? slack : slack / 2);
  const shaped: ShapedLine[] = [];
  let box: Box = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  lines.forEach((line, i) => {
    const m = measured[i];
    if (!m) return;
    const width = m.box.x2 - m.box.x1;
    const left = options.align === "center" ? options.box.x + (options.box.w - width) / 2 : options.box.x;
    const placed = shapeLine(line, chain, size, left - m.box.x1, top - m.box.y1);
    shaped.push(placed);
    box = union(box, placed.box);
    top += (heights[i] ?? 0) + gap;
  });
  return { lines, size, shaped, box };
}
