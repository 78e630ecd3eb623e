import { atom } from "jotai";
import type { GalleryResponse, GenerateStage, ImageRecord, ImageStatus } from "../../contract/images.ts";

/** The latest progress of one generation, as `image:progress` reports it. */
export interface ImageProgress {
  stage: GenerateStage;
  percent: number;
}

export type ProgressMap = Readonly<Record<string, ImageProgress>>;

/** Progress of running generations by image id: UI state shared by every part of /app that shows an image. */
export const imageProgressAtom = atom<ProgressMap>({});

const clamp = (percent: number) => Math.min(100, Math.max(0, Math.round(Number.isFinite(percent) ? percent : 0)));

/**
 * Applies one `image:progress` event. The bar never goes backwards: events can arrive out of order (two tabs,
 * a reconnect), so a lower percent is ignored and the same map is returned.
 */
export function applyProgress(map: ProgressMap, event: { imageId: string } & ImageProgress): ProgressMap {
  const percent = clamp(event.percent);
  const previous = map[event.imageId];
  if (previous && percent < previous.percent) return map;
  if (previous && percent === previous.percent && previous.stage === event.stage) return map;
  return { ...map, [event.imageId]: { stage: event.stage, percent } };
}

const statusRank: Record<ImageStatus, number> = { pending: 0, running: 1, ready: 2, failed: 2 };

/**
 * Of two copies of one image, the one further along. A GET started by an early progress event may answer after
 * the socket already said "ready"; the older copy must not win.
 */
export function newerImage(current: ImageRecord | undefined, incoming: ImageRecord): ImageRecord {
  if (!current) return incoming;
  return statusRank[incoming.status] >= statusRank[current.status] ? incoming : current;
}

/** Images the Recent grid shows: generations and swaps, never uploads (the gallery endpoint's own rule). */
export function belongsInRecent(image: ImageRecord): boolean {
  return image.kind !== "upload";
}

/** Drops an image's bar: a job handed back to the queue starts over, and its percent with it. */
export function withoutProgress(map: ProgressMap, imageId: string): ProgressMap {
  if (!(imageId in map)) return map;
  const { [imageId]: _dropped, ...rest } = map;
  return rest;
}

/**
 * Inserts a new image (newest first) or updates the one already listed. An unloaded gallery stays unloaded.
 * `trusted` skips the further-along rule, for socket events (they arrive in the server's order).
 */
export function upsertImage(gallery: GalleryResponse | undefined, image: ImageRecord, trusted = false): GalleryResponse | undefined {
  if (!gallery || !belongsInRecent(image)) return gallery;
  const index = gallery.images.findIndex((i) => i.id === image.id);
  if (index >= 0) {
    const merged = trusted ? image : newerImage(gallery.images[index], image);
    if (merged === gallery.images[index]) return gallery;
    const images = [...gallery.images];
    images[index] = merged;
    return { ...gallery, images };
  }
  const images = [image, ...gallery.images].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { ...gallery, images };
}

/** Whether an event names an image this screen has never seen, so it must ask the server for it. */
export function isUnknownImage(gallery: GalleryResponse | undefined, known: ImageRecord | undefined, imageId: string): boolean {
  if (known) return false;
  return !gallery?.images.some((i) => i.id === imageId);
}
