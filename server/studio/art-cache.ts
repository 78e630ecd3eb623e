import type { OverlayOptions } from "sharp";
import { type ArtTreatment, artKey, type PreparedArt, prepareArt, turned } from "./art-render.ts";
import type { Scene } from "./scene.ts";
import type { ArtLayer } from "./scene-layers.ts";
import { clip } from "./subjects.ts";

/**
 * Prepared art, least recently used first out, bounded by bytes: a chat draws the same objects again and again (a
 * regeneration, an edit of the headline), and the treatment's masks cost more than the composite that uses them.
 * Cached or not, the bytes are the same.
 */
export interface ArtCache {
  get(layer: ArtLayer, treatment: ArtTreatment): Promise<PreparedArt>;
}

export function createArtCache(maxBytes: number): ArtCache {
  const entries = new Map<string, { prepared: Promise<PreparedArt>; bytes: number }>();
  let total = 0;
  const evict = () => {
    for (const [key, entry] of entries) {
      if (total <= maxBytes) break;
      entries.delete(key);
      total -= entry.bytes;
    }
  };
  return {
    get(layer, treatment) {
      if (maxBytes <= 0) return prepareArt(layer, treatment);
      const key = artKey(layer, treatment);
      const hit = entries.get(key);
      if (hit) {
        // Map order is insertion order: re-inserting marks the entry most recently used.
        entries.delete(key);
        entries.set(key, hit);
        return hit.prepared;
      }
      const entry = { prepared: prepareArt(layer, treatment), bytes: 0 };
      entries.set(key, entry);
      entry.prepared.then(
        (prepared) => {
          if (entries.get(key) !== entry) return;
          entry.bytes = prepared.bytes;
          total += prepared.bytes;
          evict();
        },
        () => entries.delete(key),
      );
      return entry.prepared;
    },
  };
}

export function treatmentOf(scene: Scene): ArtTreatment {
  const { palette } = scene;
  return { style: scene.style, ink: palette.ink, outline: palette.outline, accents: palette.accents };
}

/** The scene's art as composite layers, back to front, each turned by its rotation and cut to the canvas. */
export async function artOverlays(scene: Scene, cache: ArtCache): Promise<OverlayOptions[]> {
  const canvas = { width: scene.width, height: scene.height };
  const treatment = treatmentOf(scene);
  const layers = scene.art ?? [];
  const pieces = await Promise.all(layers.map(async (layer) => turned(await cache.get(layer, treatment), layer.box, layer.rotation)));
  const out: OverlayOptions[] = [];
  pieces.forEach((piece, i) => {
    const box = layers[i]?.box;
    if (!box) return;
    const layer = clip({ data: piece.data, width: piece.width, height: piece.height }, Math.round(box.x) + piece.dx, Math.round(box.y) + piece.dy, canvas);
    if (layer) out.push(layer);
  });
  return out;
}
