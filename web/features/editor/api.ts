import { type EditorDocument, type EditorDownloadFormat, type EditorLayersResponse, editorLayersResponseSchema } from "../../../contract/editor.ts";
import { type ImageRecord, imageResponseSchema } from "../../../contract/images.ts";
import { actionRequest, apiRequest } from "../../lib/api.ts";
import { saveResponse } from "../../lib/save-response.ts";

export const layersKey = (imageId: string) => ["/api/images", imageId, "layers"] as const;

export async function fetchLayers(imageId: string): Promise<EditorLayersResponse> {
  const res = await apiRequest("GET", `/api/images/${encodeURIComponent(imageId)}/layers`);
  return editorLayersResponseSchema.parse(await res.json());
}

/** Saves the edit as a new image of kind `edited`; the source stays as it is. */
export async function saveEdit(imageId: string, doc: EditorDocument): Promise<ImageRecord> {
  const res = await actionRequest("POST", `/api/images/${encodeURIComponent(imageId)}/edits`, doc);
  return imageResponseSchema.parse(await res.json()).image;
}

/** Renders the edit at full size on the server and hands the file to the browser to save. */
export async function downloadEdit(imageId: string, doc: EditorDocument, format: EditorDownloadFormat): Promise<void> {
  const res = await apiRequest("POST", `/api/images/${encodeURIComponent(imageId)}/edits?download=${format}`, doc);
  await saveResponse(res, `thumbforge-edited.${format}`);
}
