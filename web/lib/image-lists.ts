import { type InfiniteData, type QueryClient, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { type GalleryCounts, type GalleryKind, galleryKindOf, type GalleryResponse, galleryResponseSchema, type ImageRecord } from "../../contract/images.ts";
import { throwIfResNotOk } from "./api.ts";
import { dropImage, imageRootKey, readImage, storeImage, useImages } from "./image-cache.ts";
import { refreshVersionLines } from "./image-versions.ts";
import { readSessionToken } from "./session-token.ts";

/** What a list of the user's images shows (the gallery's tabs and filters); empty filters match everything. */
export interface GalleryFilters {
  kind: "all" | GalleryKind;
  persona: string;
  model: string;
  q: string;
  /** A video's id: only the frames saved from it (the From video screen's Saved frames). */
  video?: string | undefined;
}

export const noFilters: GalleryFilters = { kind: "all", persona: "", model: "", q: "" };

/**
 * One page of a list of images (the Recent grid, a gallery view): ids in the server's order. The records live in
 * the image cache (web/lib/image-cache.ts), once, however many lists show them.
 */
export interface ImageListPage {
  ids: string[];
  nextCursor: string | null;
  counts?: GalleryCounts;
}

export type ImageListPages = InfiniteData<ImageListPage, string | null>;

/** Every list's query starts with this, so a live image can reach all of them at once. */
const listRoot = "image-list";
const imageListRootKey = (userId: string) => [listRoot, userId] as const;
export const imageListKey = (userId: string, filters: GalleryFilters, limit: number) =>
  [...imageListRootKey(userId), limit, filters.kind, filters.persona, filters.model, filters.q.trim(), filters.video ?? ""] as const;

/** The filters a list's query key holds (imageListKey). */
function filtersOfKey(key: readonly unknown[]): GalleryFilters {
  const [, , , kind, persona, model, q, video] = key as [string, string, number, GalleryFilters["kind"], string, string, string, string];
  return { kind, persona, model, q, ...(video ? { video } : {}) };
}

/** GET /api/users/:id/gallery: one page, newest first. */
async function fetchGalleryPage(userId: string, filters: GalleryFilters, cursor: string | null, limit: number, signal?: AbortSignal): Promise<GalleryResponse> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (filters.kind !== "all") params.set("kind", filters.kind);
  if (filters.persona) params.set("persona", filters.persona);
  if (filters.model) params.set("model", filters.model);
  if (filters.video) params.set("video", filters.video);
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (cursor) params.set("cursor", cursor);
  const token = readSessionToken();
  const res = await fetch(`/api/users/${encodeURIComponent(userId)}/gallery?${params}`, {
    credentials: "include",
    headers: token ? { "x-session-token": token } : {},
    signal,
  });
  await throwIfResNotOk(res);
  return galleryResponseSchema.parse(await res.json());
}

/**
 * A list of the user's images, page by page (`limit` a page), with their records from the image cache. The records
 * a page brings are written into the cache; one the socket already moved further along keeps its state.
 */
export function useImageList(userId: string, filters: GalleryFilters, limit: number) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: imageListKey(userId, filters, limit),
    queryFn: async ({ pageParam, signal }): Promise<ImageListPage> => {
      const page = await fetchGalleryPage(userId, filters, pageParam, limit, signal);
      const ids = page.images.map((image) => storeImage(queryClient, image).id);
      return { ids, nextCursor: page.nextCursor, ...(page.counts ? { counts: page.counts } : {}) };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const ids = useMemo(() => (query.data?.pages ?? []).flatMap((page) => page.ids), [query.data]);
  return { query, images: useImages(ids) };
}

/** Whether an image belongs under these filters, as the server decides it (uploads never do, but frames saved from a video). */
export function matchesFilters(image: ImageRecord, filters: GalleryFilters, ignoreKind = false): boolean {
  if (image.kind === "upload" && !image.sourceVideo) return false;
  if (filters.video && image.sourceVideo?.videoId !== filters.video) return false;
  if (!ignoreKind && filters.kind !== "all" && galleryKindOf(image) !== filters.kind) return false;
  if (filters.model && image.model !== filters.model) return false;
  if (filters.persona && !(image.personaIds ?? []).includes(filters.persona)) return false;
  const q = filters.q.trim().toLocaleLowerCase();
  return !q || (image.prompt ?? "").toLocaleLowerCase().includes(q);
}

/** The tabs' counts with one image more (1) or fewer (-1): All and the image's own tab, never below 0. */
export function recount(counts: GalleryCounts | undefined, image: ImageRecord | undefined, delta: 1 | -1): GalleryCounts | undefined {
  if (!counts) return counts;
  const next = { ...counts, all: Math.max(0, counts.all + delta) };
  const tab = image && galleryKindOf(image);
  if (tab) next[tab] = Math.max(0, counts[tab] + delta);
  return next;
}

type Lookup = (imageId: string) => ImageRecord | undefined;

/**
 * A new image into a loaded list: one that matches goes in by its date (newest first) and is counted; one already
 * listed stays where it is (its record changes in the cache, not here). Returns the same object when nothing changes.
 */
export function withImage(data: ImageListPages | undefined, image: ImageRecord, filters: GalleryFilters, lookup: Lookup): ImageListPages | undefined {
  if (!data || data.pages.some((page) => page.ids.includes(image.id))) return data;
  const [first, ...rest] = data.pages;
  if (!first) return data;
  const counts = matchesFilters(image, filters, true) ? recount(first.counts, image, 1) : first.counts;
  const createdAt = (id: string) => (id === image.id ? image.createdAt : (lookup(id)?.createdAt ?? ""));
  const ids = matchesFilters(image, filters) ? [image.id, ...first.ids].sort((a, b) => createdAt(b).localeCompare(createdAt(a))) : first.ids;
  if (ids === first.ids && counts === first.counts) return data;
  return { ...data, pages: [{ ...first, ids, ...(counts ? { counts } : {}) }, ...rest] };
}

/** A deleted image out of a loaded list, and out of its counts (`gone` is its record, when known, for its kind). */
export function withoutImage(data: ImageListPages | undefined, imageId: string, gone: ImageRecord | undefined): ImageListPages | undefined {
  if (!data || !data.pages.some((page) => page.ids.includes(imageId))) return data;
  return {
    ...data,
    pages: data.pages.map((page, i) => {
      const ids = page.ids.filter((id) => id !== imageId);
      const counts = i === 0 ? recount(page.counts, gone, -1) : page.counts;
      return { ...page, ids, ...(counts ? { counts } : {}) };
    }),
  };
}

/**
 * An image from outside a list's own fetch (the socket, a save, a swap): into the cache, and into every loaded list
 * whose filters it matches. `trusted` as for storeImage.
 */
export function receiveImage(queryClient: QueryClient, image: ImageRecord, trusted = false): void {
  storeImage(queryClient, image, trusted);
  refreshVersionLines(queryClient, image);
  const lookup: Lookup = (id) => readImage(queryClient, id);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [listRoot] })) {
    queryClient.setQueryData<ImageListPages>(query.queryKey, (data) => withImage(data, image, filtersOfKey(query.queryKey), lookup));
  }
}

/** A deleted image: out of every list and out of the cache. */
export function forgetImage(queryClient: QueryClient, imageId: string): void {
  const gone = readImage(queryClient, imageId);
  queryClient.setQueriesData<ImageListPages>({ queryKey: [listRoot] }, (data) => withoutImage(data, imageId, gone));
  dropImage(queryClient, imageId);
}

/** After a reconnect: every list is read again (active ones now, the others when next shown). */
export function invalidateLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [listRoot] });
}

/**
 * Image records stay in the cache while a list holds their id (lists read them without a query observer each, so
 * the records keep no timer of their own, decision 028). When a list itself is dropped, the records no other list
 * holds and nothing on screen watches go too.
 */
export function sweepUnlistedImages(queryClient: QueryClient): () => void {
  queryClient.setQueryDefaults(imageRootKey, { gcTime: Number.POSITIVE_INFINITY });
  const cache = queryClient.getQueryCache();
  return cache.subscribe((event) => {
    if (event.type !== "removed" || event.query.queryKey[0] !== listRoot) return;
    const listed = new Set(cache.findAll({ queryKey: [listRoot] }).flatMap((query) => (query.state.data as ImageListPages | undefined)?.pages.flatMap((page) => page.ids) ?? []));
    for (const query of cache.findAll({ queryKey: imageRootKey })) {
      if (!listed.has(String(query.queryKey[1])) && query.getObserversCount() === 0) cache.remove(query);
    }
  });
}

/**
 * Failed images after the others, each list otherwise in its order: a failed image is a refunded note, not a
 * picture, and a few of them at the top would push the user's work out of sight. `groupOf` keeps them inside their
 * own run of images (the gallery's date groups); by default the whole list is one run.
 */
export function failedLast<T extends Pick<ImageRecord, "status">>(images: readonly T[], groupOf: (image: T) => string = () => ""): T[] {
  const out: T[] = [];
  let run: { key: string; made: T[]; failed: T[] } | undefined;
  const flush = () => run && out.push(...run.made, ...run.failed);
  for (const image of images) {
    const key = groupOf(image);
    if (run?.key !== key) {
      flush();
      run = { key, made: [], failed: [] };
    }
    (image.status === "failed" ? run.failed : run.made).push(image);
  }
  flush();
  return out;
}
