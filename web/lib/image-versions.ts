import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ImageRecord, imageVersionsPath, imageVersionsResponseSchema } from "../../contract/images.ts";
import { apiRequest } from "./api.ts";
import { storeImage } from "./image-cache.ts";

/** The versions of the chain an image belongs to, under the image asked from. */
const imageVersionsKey = (imageId: string) => ["image-versions", imageId] as const;

/** GET /api/images/:id/versions: the first image and every finished edit of it, oldest first. */
async function getImageVersions(imageId: string): Promise<ImageRecord[]> {
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
  return data ?? [];
}

/**
 * A finished image arrived (the socket, a save): every loaded line of versions that holds its parent but not it is
 * read again, so an older card's strip grows with an edit made in any card or tab. A read already under way is kept.
 */
export function refreshVersionLines(queryClient: QueryClient, image: ImageRecord): void {
  const { parentId } = image;
  if (image.status !== "ready" || parentId === null) return;
  void queryClient.invalidateQueries(
    {
      queryKey: ["image-versions"],
      predicate: (query) => {
        const versions = query.state.data as ImageRecord[] | undefined;
        return versions !== undefined && versions.some((v) => v.id === parentId) && !versions.some((v) => v.id === image.id);
      },
    },
    { cancelRefetch: false },
  );
}
