import type { InfiniteData } from "@tanstack/react-query";
import { type GalleryKind, type GalleryResponse, galleryResponseSchema, IMAGE_ZIP_PATH } from "../../../contract/images.ts";
import { apiRequest, throwIfResNotOk } from "../../lib/api.ts";
import { readSessionToken } from "../../lib/session-token.ts";
import { saveResponse } from "../../lib/save-response.ts";

/** What the gallery shows: a kind tab and the filters beside it; empty filters match everything. */
export interface GalleryFilters {
  kind: "all" | GalleryKind;
  persona: string;
  model: string;
  q: string;
}

export const noFilters: GalleryFilters = { kind: "all", persona: "", model: "", q: "" };

/** A screenful and a little more: the grid asks for the next page as its end comes near. */
export const GALLERY_PAGE_SIZE = 60;

export type GalleryPages = InfiniteData<GalleryResponse, string | null>;

/** Every gallery query starts with this, so the socket can update all of them at once. */
export const galleryRootKey = (userId: string) => ["gallery", userId] as const;
export const galleryKey = (userId: string, filters: GalleryFilters) =>
  [...galleryRootKey(userId), filters.kind, filters.persona, filters.model, filters.q.trim()] as const;

export async function fetchGalleryPage(userId: string, filters: GalleryFilters, cursor: string | null, signal?: AbortSignal): Promise<GalleryResponse> {
  const params = new URLSearchParams({ limit: String(GALLERY_PAGE_SIZE) });
  if (filters.kind !== "all") params.set("kind", filters.kind);
  if (filters.persona) params.set("persona", filters.persona);
  if (filters.model) params.set("model", filters.model);
  if (filters.q.trim()) params.set("q", filters.q.trim());
  if (cursor) params.set("cursor", cursor);
  const token = readSessionToken();
  const res = await fetch(`/api/users/${encodeURIComponent(userId)}/gallery?${params}`, {
    credentials: "include",
    headers: token ? { "x-session-token": token } : {},
    signal,
  });
  await throwIfResNotOk(res);
  return galleryResponseSchema.parse(await res.json());
}

export async function deleteImage(imageId: string): Promise<void> {
  await apiRequest("DELETE", `/api/images/${encodeURIComponent(imageId)}`);
}

/** Asks for the zip and saves it. The server streams it; the browser keeps it until the save link is clicked. */
export async function downloadZip(ids: readonly string[]): Promise<void> {
  const res = await apiRequest("POST", IMAGE_ZIP_PATH, { ids });
  await saveResponse(res, "thumbforge-images.zip");
}
