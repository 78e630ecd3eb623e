import { type EditorDocument, type EditorDownloadFormat, type EditorLayersResponse, editorLayersResponseSchema } from "../../../contract/editor.ts";
import { type ImageRecord, imageResponseSchema } from "../../../contract/images.ts";
import { apiRequest } from "../../lib/api.ts";

export const layersKey = (imageId: string) => ["/api/images", imageId, "layers"] as const;

export async function fetchLayers(imageId: string): Promise<EditorLayersResponse> {
  const res = await apiRequest("GET", `/api/images/${encodeURIComponent(imageId)}/layers`);
  return editorLayersResponseSchema.parse(await res.json());
}

/** Saves the edit as a new image of kind `edited`; the source stays as it is. */
export async function saveEdit(imageId: string, doc: EditorDocument): Promise<ImageRecord> {
  const res = await apiRequest("POST", `/api/images/${encodeURIComponent(imageId)}/edits`, doc);
  return imageResponseSchema.parse(await res.json()).image;
}

/** Renders the edit at full size on the server and hands the file to the browser to save. */
export async function downloadEdit(imageId: string, doc: EditorDocument, format: EditorDownloadFormat): Promise<void> {
  const res = await apiRequest("POST", `/api/images/${encodeURIComponent(imageId)}/edits?download=${format}`, doc);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `thumbforge-edited.${format}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
