import { type GalleryResponse, galleryResponseSchema } from "../../../contract/images.ts";
import { defaultQueryFn } from "../../lib/api.ts";

/** How many images the Recent images grid shows (one page of the gallery). */
export const RECENT_LIMIT = 12;

// Query keys are joined with "/" by the default query function (web/lib/query-client.ts).
export const recentImagesKey = (userId: string) => ["/api/users", userId, `gallery?limit=${RECENT_LIMIT}`] as const;

type QueryFnContext = Parameters<typeof defaultQueryFn>[0];

export async function fetchGallery(context: QueryFnContext): Promise<GalleryResponse> {
  return galleryResponseSchema.parse(await defaultQueryFn(context));
}
