import { type ImageRecord, type ImageResponse, imageResponseSchema } from "../../contract/images.ts";
import { apiRequest, defaultQueryFn } from "./api.ts";

// One image's query, shared by every screen part that shows it (the Studio, the chat thread); the socket keeps it live.
// Query keys are joined with "/" by the default query function (web/lib/query-client.ts).
export const imageKey = (imageId: string) => ["/api/images", imageId] as const;

type QueryFnContext = Parameters<typeof defaultQueryFn>[0];

export async function fetchImage(context: QueryFnContext): Promise<ImageResponse> {
  return imageResponseSchema.parse(await defaultQueryFn(context));
}

/** GET /api/images/:id, for an image another tab started (its first event names an id this tab never saw). */
export async function getImage(imageId: string): Promise<ImageRecord> {
  const res = await apiRequest("GET", `/api/images/${encodeURIComponent(imageId)}`);
  return imageResponseSchema.parse(await res.json()).image;
}
