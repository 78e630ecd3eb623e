import { AppError } from "../errors/app-error.ts";
import type { SubjectExtractor } from "../subjects/engine.ts";
import type { SubjectScorer } from "./engine.ts";

/** The mask is read at most this wide: components need shapes, not hair. */
const GRID = 96;
/** A subject's share of the frame that reads well in a thumbnail. */
const USEFUL_MIN = 0.04;
const USEFUL_MAX = 0.6;
/** Blobs under this share of the frame are specks, not subjects. */
const SPECK = 0.005;
/** Another blob at least this share of the main one is a second subject competing with it. */
const RIVAL = 0.25;

/**
 * The subjects capability's cut-out model as a frame scorer: 1 for one connected subject of a useful size, less for a
 * tiny, huge or crowded one, 0 when the model finds none.
 */
export function createSubjectScorer(extractor: Pick<SubjectExtractor, "extract">): SubjectScorer {
  return async (jpeg, signal) => {
    try {
      const extraction = await extractor.extract(jpeg, signal);
      return scoreMask(extraction.mask, extraction.width, extraction.height);
    } catch (error) {
      if (error instanceof AppError && error.code === "invalid:no_subject") return 0;
      throw error;
    }
  };
}

/** Scores an 8-bit alpha mask (width × height) by its connected components (see createSubjectScorer). */
export function scoreMask(mask: Uint8Array, width: number, height: number): number {
  const scale = Math.max(1, width / GRID, height / GRID);
  const w = Math.max(1, Math.round(width / scale));
  const h = Math.max(1, Math.round(height / scale));
  const solid = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(height - 1, Math.floor((y + 0.5) * scale));
    for (let x = 0; x < w; x++) solid[y * w + x] = (mask[sy * width + Math.min(width - 1, Math.floor((x + 0.5) * scale))] ?? 0) >= 128 ? 1 : 0;
  }
  const areas = componentAreas(solid, w, h)
    .map((area) => area / (w * h))
    .filter((share) => share >= SPECK)
    .sort((a, b) => b - a);
  const main = areas[0];
  if (main === undefined) return 0;
  const size = main < USEFUL_MIN ? main / USEFUL_MIN : main > USEFUL_MAX ? Math.max(0, (1 - main) / (1 - USEFUL_MAX)) : 1;
  const rivals = areas.slice(1).filter((share) => share >= RIVAL * main).length;
  return Math.round((size / (1 + 0.5 * rivals)) * 1000) / 1000;
}

/** Areas of the 4-connected components of the set cells, by an iterative flood fill. */
function componentAreas(solid: Uint8Array, w: number, h: number): number[] {
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  const areas: number[] = [];
  for (let start = 0; start < solid.length; start++) {
    if (!solid[start] || seen[start]) continue;
    seen[start] = 1;
    stack.push(start);
    let area = 0;
    while (stack.length > 0) {
      const p = stack.pop() ?? 0;
      area++;
      const x = p % w;
      for (const q of [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p - w, p + w]) {
        if (q < 0 || q >= solid.length || !solid[q] || seen[q]) continue;
        seen[q] = 1;
        stack.push(q);
      }
    }
    areas.push(area);
  }
  return areas;
}
