import { notifyManager, type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { atom } from "jotai";
import { useCallback, useRef, useSyncExternalStore } from "react";
import type { GenerateStage, ImageRecord, ImageStatus } from "../../contract/images.ts";
import { getImage } from "./images-api.ts";

/**
 * The web's one image cache (decision 028): a query entry per image, `["image", id]`, holding its record. Lists
 * (web/lib/image-lists.ts) hold ids only; every screen part that shows an image reads it here, and the realtime
 * hook (web/lib/use-image-live.ts) writes it.
 */
export const imageRootKey = ["image"] as const;
export const imageKey = (imageId: string) => [...imageRootKey, imageId] as const;

/** The latest progress of one generation, as `image:progress` reports it. */
export interface ImageProgress {
  stage: GenerateStage;
  percent: number;
}

type ProgressMap = Readonly<Record<string, ImageProgress>>;

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

/** Drops an image's bar: a job handed back to the queue starts over, and its percent with it. */
export function withoutProgress(map: ProgressMap, imageId: string): ProgressMap {
  if (!(imageId in map)) return map;
  const { [imageId]: _dropped, ...rest } = map;
  return rest;
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

export const isSettled = (image: ImageRecord): boolean => image.status === "ready" || image.status === "failed";

export function readImage(queryClient: QueryClient, imageId: string): ImageRecord | undefined {
  return queryClient.getQueryData<ImageRecord>(imageKey(imageId));
}

/**
 * Writes one image into the cache; the copy further along wins. `trusted` takes the copy as it is, for socket
 * events (they arrive in the server's order, so a job handed back may go from running to pending again).
 */
export function storeImage(queryClient: QueryClient, image: ImageRecord, trusted = false): ImageRecord {
  const current = readImage(queryClient, image.id);
  const next = trusted ? image : newerImage(current, image);
  if (next !== current) queryClient.setQueryData<ImageRecord>(imageKey(image.id), next);
  return next;
}

export function dropImage(queryClient: QueryClient, imageId: string): void {
  queryClient.removeQueries({ queryKey: imageKey(imageId), exact: true });
}

/**
 * One image's query, started from a copy the caller already holds (a chat tool result). A copy of an image still
 * running is asked for once more, since it may be done by now; a GET that answers after the socket said "ready"
 * must not take the image back to "running".
 */
export function imageQuery(queryClient: QueryClient, initial: ImageRecord) {
  return {
    queryKey: imageKey(initial.id),
    queryFn: async (): Promise<ImageRecord> => {
      const fresh = await getImage(initial.id);
      // Read after the answer: the socket may have moved the image on while the request was out.
      return newerImage(readImage(queryClient, initial.id), fresh);
    },
    initialData: initial,
    staleTime: isSettled(initial) ? Number.POSITIVE_INFINITY : 0,
  };
}

/** One image, live: the caller's copy until the cache knows better, and never replaced by an older one. */
export function useImage(initial: ImageRecord): ImageRecord {
  const queryClient = useQueryClient();
  const { data } = useQuery(imageQuery(queryClient, initial));
  return newerImage(initial, data);
}

/**
 * The cached records of many images, in the order given, for a list that may hold thousands (the gallery): one
 * subscription to the cache rather than one query observer per image. Ids the cache does not hold are skipped.
 */
export function useImages(ids: readonly string[]): ImageRecord[] {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  // Counts the record changes heard; the records are read again only when it or the ids change.
  const version = useRef(0);
  const subscribe = useCallback(
    (changed: () => void) => {
      let scheduled = false;
      // Whatever changed before this subscription began is read on React's check right after it.
      version.current += 1;
      return cache.subscribe((event) => {
        // Records change on "added", "updated" and "removed"; observer bookkeeping changes none.
        if (event.query.queryKey[0] !== imageRootKey[0] || !(event.type === "added" || event.type === "updated" || event.type === "removed")) return;
        version.current += 1;
        if (scheduled) return;
        // A page writes its records one by one: the list is read once for all of them, not once for each.
        scheduled = true;
        notifyManager.schedule(() => {
          scheduled = false;
          changed();
        });
      });
    },
    [cache],
  );
  const last = useRef<{ ids: readonly string[]; version: number; images: ImageRecord[] } | null>(null);
  return useSyncExternalStore(subscribe, () => {
    const seen = last.current;
    if (seen && seen.ids === ids && seen.version === version.current) return seen.images;
    const images = ids.flatMap((id) => readImage(queryClient, id) ?? []);
    // The same array while every record is the same object, as useSyncExternalStore needs.
    const same = seen !== null && images.length === seen.images.length && images.every((image, i) => image === seen.images[i]);
    last.current = { ids, version: version.current, images: same ? seen.images : images };
    return last.current.images;
  });
}
