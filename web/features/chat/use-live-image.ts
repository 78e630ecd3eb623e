import { useQueries, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import type { ImageRecord } from "../../../contract/images.ts";
import { type ImageProgress, imageProgressAtom, imageQuery, isSettled, newerImage, readImage, useImage } from "../../lib/image-cache.ts";

/**
 * One image of a tool result, read from the image cache, which the app shell's realtime hook keeps live
 * (web/lib/use-image-live.ts): the copy saved in the message is shown until the cache knows better.
 */
export function useLiveImage(initial: ImageRecord): { image: ImageRecord; progress: ImageProgress | undefined } {
  const image = useImage(initial);
  const progress = useAtomValue(imageProgressAtom)[initial.id];
  return { image, progress };
}

/** The live statuses of a tool result's images, for the card's headline. */
export function useLiveStatuses(images: readonly ImageRecord[]): ImageRecord["status"][] {
  const queryClient = useQueryClient();
  return useQueries({
    queries: images.map((image) => imageQuery(queryClient, image)),
    combine: (results) => results.map((result, index) => {
      const saved = images[index];
      return saved ? newerImage(saved, result.data).status : result.data.status;
    }),
  });
}

/**
 * The progress of a generation whose tool call has not answered yet (its image id is unknown until then): the
 * furthest-behind image still running, which is the one this call waits for in practice.
 */
export function useRunningProgress(): ImageProgress | undefined {
  const queryClient = useQueryClient();
  const progress = useAtomValue(imageProgressAtom);
  let slowest: ImageProgress | undefined;
  for (const [id, entry] of Object.entries(progress)) {
    const known = readImage(queryClient, id);
    if (entry.percent >= 100 || (known && isSettled(known))) continue;
    if (!slowest || entry.percent < slowest.percent) slowest = entry;
  }
  return slowest;
}
