import { type ImageRecord, imageResponseSchema } from "../../contract/images.ts";
import { apiRequest } from "./api.ts";

/** GET /api/images/:id. The image cache (web/lib/image-cache.ts) is its one caller that keeps the answer. */
export async function getImage(imageId: string): Promise<ImageRecord> {
  const res = await apiRequest("GET", `/api/images/${encodeURIComponent(imageId)}`);
  return imageResponseSchema.parse(await res.json()).image;
}
