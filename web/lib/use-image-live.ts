import { useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useRef } from "react";
import { COMPARISONS_KEY } from "./comparisons-api.ts";
import { applyProgress, imageProgressAtom, imageRootKey, readImage, withoutProgress } from "./image-cache.ts";
import { forgetImage, invalidateLists, receiveImage } from "./image-lists.ts";
import { getImage } from "./images-api.ts";
import { useSocketEvent, useSocketReconnect } from "./socket-context.tsx";

/**
 * The one listener that keeps every image of the signed-in app live (docs/product/realtime.md), mounted once in the
 * app shell so any screen part reading the image cache stays fresh wherever it is mounted: `image:update` and
 * `gallery:new` carry the record itself, `image:deleted` drops it, and `image:progress` moves its bar; a progress
 * event for an id this tab has never seen (another tab started it) fetches the image once and lists it.
 */
export function useImageLive(): void {
  const queryClient = useQueryClient();
  const setProgress = useSetAtom(imageProgressAtom);
  const inFlight = useRef(new Set<string>());

  function discover(imageId: string) {
    if (readImage(queryClient, imageId) || inFlight.current.has(imageId)) return;
    inFlight.current.add(imageId);
    getImage(imageId)
      .then(
        (image) => receiveImage(queryClient, image),
        () => {
          // Gone or not ours: nothing to show. A later `image:update` carries the record anyway.
        },
      )
      .finally(() => inFlight.current.delete(imageId));
  }

  useSocketEvent("image:progress", (event) => {
    setProgress((map) => applyProgress(map, event));
    discover(event.imageId);
  });
  useSocketEvent("image:update", ({ image }) => {
    // A comparison's tile finished or failed (here or in another tab): the Comparisons list reads what it cost again.
    if (image.comparisonId && (image.status === "ready" || image.status === "failed")) void queryClient.invalidateQueries({ queryKey: COMPARISONS_KEY });
    if (image.status !== "pending") return receiveImage(queryClient, image);
    // Pending again after running: a stopping server handed the job back. It starts over, bar included.
    setProgress((map) => withoutProgress(map, image.id));
    receiveImage(queryClient, image, true);
  });
  useSocketEvent("gallery:new", ({ image }) => receiveImage(queryClient, image));
  useSocketEvent("image:deleted", ({ imageId }) => {
    setProgress((map) => withoutProgress(map, imageId));
    forgetImage(queryClient, imageId);
  });
  useSocketReconnect(() => {
    // Events sent while the connection was down are lost; the server is the truth again. The lists read again
    // write their records; an image shown outside any list (a chat card) is then asked for on its own.
    void (async () => {
      await queryClient.invalidateQueries({ queryKey: imageRootKey, refetchType: "none" });
      await invalidateLists(queryClient);
      await queryClient.refetchQueries({ queryKey: imageRootKey, type: "active", predicate: (query) => query.state.isInvalidated });
    })();
  });
}
