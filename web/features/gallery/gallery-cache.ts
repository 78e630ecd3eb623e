import { galleryKinds, type GalleryCounts, type ImageRecord } from "../../../contract/images.ts";
import { newerImage } from "../../lib/image-live.ts";
import type { GalleryFilters, GalleryPages } from "./api.ts";

/** Whether an image belongs under these filters, as the server decides it (uploads never do). */
export function matchesFilters(image: ImageRecord, filters: GalleryFilters, ignoreKind = false): boolean {
  if (image.kind === "upload") return false;
  if (!ignoreKind && filters.kind !== "all" && image.kind !== filters.kind) return false;
  if (filters.model && image.model !== filters.model) return false;
  if (filters.persona && !(image.personaIds ?? []).includes(filters.persona)) return false;
  const q = filters.q.trim().toLocaleLowerCase();
  return !q || (image.prompt ?? "").toLocaleLowerCase().includes(q);
}

function recount(counts: GalleryCounts | undefined, image: ImageRecord, delta: 1 | -1): GalleryCounts | undefined {
  if (!counts) return counts;
  const next = { ...counts, all: Math.max(0, counts.all + delta) };
  for (const kind of galleryKinds) if (image.kind === kind) next[kind] = Math.max(0, counts[kind] + delta);
  return next;
}

/**
 * A live image into a loaded gallery: the copy already listed is updated (the further-along one wins), a new one
 * that matches goes first and is counted. Returns the same object when nothing changes.
 */
export function withImage(data: GalleryPages | undefined, image: ImageRecord, filters: GalleryFilters): GalleryPages | undefined {
  if (!data) return data;
  for (const [p, page] of data.pages.entries()) {
    const index = page.images.findIndex((i) => i.id === image.id);
    if (index < 0) continue;
    const merged = newerImage(page.images[index], image);
    if (merged === page.images[index]) return data;
    const images = [...page.images];
    images[index] = merged;
    return { ...data, pages: data.pages.map((old, i) => (i === p ? { ...old, images } : old)) };
  }
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const counted = matchesFilters(image, filters, true) ? recount(first.counts, image, 1) : first.counts;
  const images = matchesFilters(image, filters) ? [image, ...first.images].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : first.images;
  if (images === first.images && counted === first.counts) return data;
  return { ...data, pages: [{ ...first, images, ...(counted ? { counts: counted } : {}) }, ...rest] };
}

/** A deleted image out of a loaded gallery, and out of its counts. */
export function withoutImage(data: GalleryPages | undefined, imageId: string): GalleryPages | undefined {
  if (!data) return data;
  const gone = data.pages.flatMap((page) => page.images).find((i) => i.id === imageId);
  if (!gone) return data;
  return {
    ...data,
    pages: data.pages.map((page, i) => {
      const images = page.images.filter((image) => image.id !== imageId);
      const counts = i === 0 ? recount(page.counts, gone, -1) : page.counts;
      return { ...page, images, ...(counts ? { counts } : {}) };
    }),
  };
}
