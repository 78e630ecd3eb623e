import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import type { ImageRecord, ImageResponse } from "../../../contract/images.ts";
import { type ImageProgress, imageProgressAtom, newerImage } from "../../lib/image-live.ts";
import { fetchImage, imageKey } from "../../lib/images-api.ts";

const settled = (image: ImageRecord) => image.status === "ready" || image.status === "failed";

type QueryClient = ReturnType<typeof useQueryClient>;

/** A GET that answers after the socket said "ready" must not take the image back to "running". */
function fetchNewer(queryClient: QueryClient, imageId: string) {
  return async (context: Parameters<typeof fetchImage>[0]): Promise<ImageResponse> => {
    const fresh = await fetchImage(context);
    const known = queryClient.getQueryData<ImageResponse>(imageKey(imageId))?.image;
    return { image: newerImage(known, fresh.image) };
  };
}

/**
 * One image of a tool result, kept live: the socket (useStudioLive) writes every update into the image's query,
 * which this reads; a result saved while the image was still running is asked for once more, since it may be done.
 */
export function useLiveImage(initial: ImageRecord): { image: ImageRecord; progress: ImageProgress | undefined } {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: imageKey(initial.id),
    queryFn: fetchNewer(queryClient, initial.id),
    initialData: { image: initial },
    staleTime: settled(initial) ? Number.POSITIVE_INFINITY : 0,
  });
  const progress = useAtomValue(imageProgressAtom)[initial.id];
  return { image: newerImage(initial, query.data.image), progress };
}

/** The live statuses of a tool result's images, for the card's headline. */
export function useLiveStatuses(images: readonly ImageRecord[]): ImageRecord["status"][] {
  const queryClient = useQueryClient();
  return useQueries({
    queries: images.map((image) => ({
      queryKey: imageKey(image.id),
      queryFn: fetchNewer(queryClient, image.id),
      initialData: { image },
      staleTime: settled(image) ? Number.POSITIVE_INFINITY : 0,
    })),
    combine: (results) => results.map((result, index) => newerImage(images[index] ?? result.data.image, result.data.image).status),
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
    const known = queryClient.getQueryData<ImageResponse>(imageKey(id))?.image;
    if (entry.percent >= 100 || (known && settled(known))) continue;
    if (!slowest || entry.percent < slowest.percent) slowest = entry;
  }
  return slowest;
}
