import { IMAGE_ZIP_PATH } from "../../../contract/images.ts";
import { apiRequest } from "../../lib/api.ts";
import { saveResponse } from "../../lib/save-response.ts";

/** A screenful and a little more: the grid asks for the next page as its end comes near. */
export const GALLERY_PAGE_SIZE = 60;

export async function deleteImage(imageId: string): Promise<void> {
  await apiRequest("DELETE", `/api/images/${encodeURIComponent(imageId)}`);
}

/** Asks for the zip and saves it. The server streams it; the browser keeps it until the save link is clicked. */
export async function downloadZip(ids: readonly string[]): Promise<void> {
  const res = await apiRequest("POST", IMAGE_ZIP_PATH, { ids });
  await saveResponse(res, "thumbforge-images.zip");
}
