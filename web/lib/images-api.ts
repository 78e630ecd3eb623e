import { type ImageRecord, imageResponseSchema, imageTitlePath } from "../../contract/images.ts";
import { apiRequest } from "./api.ts";

/** GET /api/images/:id. The image cache (web/lib/image-cache.ts) is its one caller that keeps the answer. */
export async function getImage(imageId: string): Promise<ImageRecord> {
  const res = await apiRequest("GET", `/api/images/${encodeURIComponent(imageId)}`);
  return imageResponseSchema.parse(await res.json()).image;
}

/** PUT /api/images/:id/title: the video's title, or null to clear it; the record as it now is. */
export async function setImageTitle(imageId: string, title: string | null): Promise<ImageRecord> {
  const res = await apiRequest("PUT", imageTitlePath(imageId), { title });
  return imageResponseSchema.parse(await res.json()).image;
}
