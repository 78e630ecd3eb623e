import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { galleryResponseSchema, imageDetailResponseSchema, type ImageRecord } from "../../../contract/images.ts";
import { apiRequest } from "../../lib/api.ts";
import { pixelVerdict, sceneVerdict, shrinkToSmallest, type Verdict } from "./legibility.ts";
import type { PixelReader } from "./read-pixels.ts";

/** How many other images stand beside the thumbnail, and how many of the newest are fetched to find them. */
export const NEIGHBOURS = 3;
const GALLERY_LIMIT = 12;

export const feedGalleryKey = (userId: string) => ["feed-preview", "gallery", userId] as const;
export const feedSceneKey = (imageId: string) => ["feed-preview", "scene", imageId] as const;

/** The newest ready images other than `imageId`, at most three. */
export function pickNeighbours(images: readonly ImageRecord[], imageId: string): ImageRecord[] {
  return images.filter((other) => other.id !== imageId && other.status === "ready" && other.urls).slice(0, NEIGHBOURS);
}

/**
 * The user's own images to stand beside the thumbnail: `given` when the caller already holds a gallery page, else
 * the newest page of the gallery endpoint. It is fetched each time a preview opens (dropped on close), so an
 * image made since the last preview is there.
 */
export function useNeighbours(userId: string | undefined, imageId: string, given: readonly ImageRecord[] | undefined): ImageRecord[] {
  return pickNeighbours(useRecentImages(userId, given), imageId);
}

/** The creator's newest images (the gallery's first page, or `given`), for the feed and for "Your grid". */
export function useRecentImages(userId: string | undefined, given: readonly ImageRecord[] | undefined): readonly ImageRecord[] {
  const query = useQuery({
    queryKey: feedGalleryKey(userId ?? ""),
    queryFn: async () => galleryResponseSchema.parse(await (await apiRequest("GET", `/api/users/${encodeURIComponent(userId ?? "")}/gallery?limit=${GALLERY_LIMIT}`)).json()),
    enabled: given === undefined && userId !== undefined,
    gcTime: 0,
  });
  return given ?? query.data?.images ?? [];
}

/** The image's Studio scene (GET /api/images/:id answers it beside the record); null for any other image. */
export function useImageScene(imageId: string) {
  return useQuery({
    queryKey: feedSceneKey(imageId),
    queryFn: async () => {
      const body = imageDetailResponseSchema.parse(await (await apiRequest("GET", `/api/images/${encodeURIComponent(imageId)}`)).json());
      return { scene: body.scene };
    },
  });
}

export type VerdictState = { status: "measuring" } | { status: "failed" } | { status: "done"; verdict: Verdict };

/**
 * The legibility verdict: from the scene's headline when there is one (it knows which pixels are text), else
 * from the image's pixels shrunk to 168×94.
 */
export function useVerdict(imageId: string, src: string, readPixels: PixelReader): VerdictState {
  const scene = useImageScene(imageId);
  const fromScene = scene.data ? sceneVerdict(scene.data.scene) : undefined;
  const needPixels = scene.isError || (scene.isSuccess && !fromScene);
  const [measured, setMeasured] = useState<{ src: string; state: VerdictState }>();

  useEffect(() => {
    if (!needPixels) return;
    const abort = new AbortController();
    readPixels(src, abort.signal).then(
      (pixels) => {
        if (!abort.signal.aborted) setMeasured({ src, state: { status: "done", verdict: pixelVerdict(shrinkToSmallest(pixels)) } });
      },
      () => {
        if (!abort.signal.aborted) setMeasured({ src, state: { status: "failed" } });
      },
    );
    return () => abort.abort();
  }, [needPixels, src, readPixels]);

  if (fromScene) return { status: "done", verdict: fromScene };
  if (needPixels && measured?.src === src) return measured.state;
  return { status: "measuring" };
}
