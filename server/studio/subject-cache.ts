import { createHash } from "node:crypto";
import type { SubjectLayer } from "./scene.ts";
import { type PreparedSubject, prepareSubject, subjectKey } from "./subjects.ts";

/**
 * Fitting a persona and growing its outline and shadow is the costliest stage of a render, and a chat regenerates
 * with the same persona again and again (another seed moves it, but rarely resizes it). The engine keeps the last
 * few prepared subjects, keyed by the cut-out's SHA-256 and every parameter that changes pixels (the outline and shadow colours included). ~5.5 MB each.
 */
export interface SubjectCache {
  get(layer: SubjectLayer, png: Buffer): Promise<PreparedSubject>;
}

export function createSubjectCache(limit: number): SubjectCache {
  const entries = new Map<string, Promise<PreparedSubject>>();
  return {
    get(layer, png) {
      if (limit <= 0) return prepareSubject(layer, { png });
      const key = `${createHash("sha256").update(png).digest("base64")}|${subjectKey(layer)}`;
      const hit = entries.get(key);
      if (hit) {
        // Map order is insertion order: re-inserting marks the entry most recently used.
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const prepared = prepareSubject(layer, { png });
      entries.set(key, prepared);
      prepared.catch(() => entries.delete(key));
      for (const oldest of entries.keys()) {
        if (entries.size <= limit) break;
        entries.delete(oldest);
      }
      return prepared;
    },
  };
}
