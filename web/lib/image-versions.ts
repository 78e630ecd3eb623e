import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type ImageRecord, imageVersionsPath, imageVersionsResponseSchema } from "../../contract/images.ts";
import { apiRequest } from "./api.ts";
import { imageRootKey, storeImage } from "./image-cache.ts";

/** The versions of the chain an image belongs to, under the image asked from. */
export const imageVersionsKey = (imageId: string) => ["image-versions", imageId] as const;

/** GET /api/images/:id/versions: the first image and every finished edit of it, oldest first. */
export async function getImageVersions(imageId: string): Promise<ImageRecord[]> {
  const res = await apiRequest("GET", imageVersionsPath(imageId));
  return imageVersionsResponseSchema.parse(await res.json()).versions;
}

/**
 * An image's versions, read once it is ready (a pending one has none yet). Each record also goes into the one image
 * cache, so a version shown from the strip follows the same live updates as every other copy of it.
 */
export function useImageVersions(image: ImageRecord): ImageRecord[] {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: imageVersionsKey(image.id),
    queryFn: async () => {
      const versions = await getImageVersions(image.id);
      for (const version of versions) storeImage(queryClient, version);
      return versions;
    },
    enabled: image.status === "ready",
  });
  // An edit of one of these versions, finished in any card or tab, reaches the image cache: the chain is read again,
  // so an older card's strip grows with it.
  useEffect(() => {
    if (!data) return;
    const known = new Set(data.map((version) => version.id));
    return queryClient.getQueryCache().subscribe((event) => {
      if ((event.type !== "added" && event.type !== "updated") || event.query.queryKey[0] !== imageRootKey[0]) return;
      const record = event.query.state.data as ImageRecord | undefined;
      if (record?.status === "ready" && record.parentId !== null && known.has(record.parentId) && !known.has(record.id)) {
        // A read already under way is kept: the records it stores would otherwise start it again and again.
        void queryClient.invalidateQueries({ queryKey: imageVersionsKey(image.id) }, { cancelRefetch: false });
      }
    });
  }, [data, image.id, queryClient]);
  return data ?? [];
}
