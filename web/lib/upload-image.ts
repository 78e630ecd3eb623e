import { type ImageRecord, imageResponseSchema } from "../../contract/images.ts";
import { apiRequest } from "./api.ts";

/**
 * Uploads one image file as multipart form data and answers the stored image (201 `{ image }`). The chat's base
 * image and a persona's photos use it; each endpoint names its own form field.
 */
export async function uploadImageFile(path: string, file: File, field: string): Promise<ImageRecord> {
  const form = new FormData();
  form.append(field, file);
  const res = await apiRequest("POST", path, form);
  return imageResponseSchema.parse(await res.json()).image;
}
