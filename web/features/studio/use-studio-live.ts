import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useRef } from "react";
import type { GalleryResponse, ImageRecord, ImageResponse } from "../../../contract/images.ts";
import { useSocketEvent, useSocketReconnect } from "../../lib/socket-context.tsx";
import { getImage, imageKey } from "../../lib/images-api.ts";
import { recentImagesKey } from "./api.ts";
import { applyProgress, imageProgressAtom, isUnknownImage, newerImage, upsertImage, withoutProgress } from "../../lib/image-live.ts";

/**
 * Keeps this screen's images live from the socket (docs/product/realtime.md), so every tab of the user sees every
 * generation: `image:update` and `gallery:new` carry the record itself, `image:deleted` drops a tile; `image:progress` for an id this tab has
 * never seen (another tab started it) fetches the image once and inserts it into the Recent grid.
 */
export function useStudioLive(userId: string): void {
  const queryClient = useQueryClient();
  const setProgress = useSetAtom(imageProgressAtom);
  const inFlight = useRef(new Set<string>());

  function receive(image: ImageRecord) {
    queryClient.setQueryData<ImageResponse>(imageKey(image.id), (current) => ({ image: newerImage(current?.image, image) }));
    queryClient.setQueryData<GalleryResponse>(recentImagesKey(userId), (gallery) => upsertImage(gallery, image));
  }

  function discover(imageId: string) {
    const gallery = queryClient.getQueryData<GalleryResponse>(recentImagesKey(userId));
    const known = queryClient.getQueryData<ImageResponse>(imageKey(imageId))?.image;
    if (!isUnknownImage(gallery, known, imageId) || inFlight.current.has(imageId)) return;
    inFlight.current.add(imageId);
    getImage(imageId)
      .then(receive, () => {
        // Gone or not ours: nothing to show. A later `image:update` carries the record anyway.
      })
      .finally(() => inFlight.current.delete(imageId));
  }

  useSocketEvent("image:progress", (event) => {
    setProgress((map) => applyProgress(map, event));
    discover(event.imageId);
  });
  useSocketEvent("image:update", ({ image }) => {
    if (image.status !== "pending") return receive(image);
    // Pending again after running: a stopping server handed the job back. It starts over, bar included.
    setProgress((map) => withoutProgress(map, image.id));
    queryClient.setQueryData<ImageResponse>(imageKey(image.id), { image });
    queryClient.setQueryData<GalleryResponse>(recentImagesKey(userId), (gallery) => upsertImage(gallery, image, true));
  });
  useSocketEvent("gallery:new", ({ image }) => receive(image));
  useSocketEvent("image:deleted", ({ imageId }) => {
    queryClient.setQueryData<GalleryResponse>(recentImagesKey(userId), (gallery) =>
      gallery && gallery.images.some((i) => i.id === imageId) ? { ...gallery, images: gallery.images.filter((i) => i.id !== imageId) } : gallery,
    );
    queryClient.removeQueries({ queryKey: imageKey(imageId), exact: true });
  });
  useSocketReconnect(() => {
    // Events sent while the connection was down are lost; the server's list is the truth again.
    void queryClient.invalidateQueries({ queryKey: recentImagesKey(userId) });
    void queryClient.invalidateQueries({ queryKey: [imageKey("")[0]] });
  });
}
