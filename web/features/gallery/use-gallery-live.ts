import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import type { ImageRecord } from "../../../contract/images.ts";
import { applyProgress, imageProgressAtom } from "../../lib/image-live.ts";
import { useSocketEvent, useSocketReconnect } from "../../lib/socket-context.tsx";
import { type GalleryFilters, type GalleryPages, galleryRootKey } from "./api.ts";
import { withImage, withoutImage } from "./gallery-cache.ts";

/** The filters a gallery query key holds (web/features/gallery/api.ts galleryKey). */
function filtersOfKey(key: readonly unknown[]): GalleryFilters {
  const [, , kind, persona, model, q] = key as [string, string, GalleryFilters["kind"], string, string, string];
  return { kind, persona, model, q };
}

/**
 * Keeps every loaded gallery live (docs/product/realtime.md): a new or changed image goes into each filtered view it
 * matches, a deleted one leaves them all, and after a reconnect the lists are read again.
 */
export function useGalleryLive(userId: string): void {
  const queryClient = useQueryClient();
  const setProgress = useSetAtom(imageProgressAtom);

  function receive(image: ImageRecord) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: galleryRootKey(userId) })) {
      queryClient.setQueryData<GalleryPages>(query.queryKey, (data) => withImage(data, image, filtersOfKey(query.queryKey)));
    }
  }

  useSocketEvent("image:update", ({ image }) => receive(image));
  useSocketEvent("gallery:new", ({ image }) => receive(image));
  useSocketEvent("image:progress", (event) => setProgress((map) => applyProgress(map, event)));
  useSocketEvent("image:deleted", ({ imageId }) => {
    queryClient.setQueriesData<GalleryPages>({ queryKey: galleryRootKey(userId) }, (data) => withoutImage(data, imageId));
  });
  useSocketReconnect(() => void queryClient.invalidateQueries({ queryKey: galleryRootKey(userId) }));
}
