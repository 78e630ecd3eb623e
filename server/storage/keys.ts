import type { ImageVariant } from "../../contract/images.ts";

/** The one module that names stored objects (docs/product/images.md). Ids are UUIDs, so a key never holds user text. */
const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const keyPattern = new RegExp(`^(images|personas)/${uuid}/${uuid}/[a-z]+\\.(png|jpg|webp)$`);

/** The formats an original may be kept in: uploads keep their container, engines write PNG. */
export type OriginalFormat = "png" | "jpeg" | "webp";
export const originalFormats: readonly OriginalFormat[] = ["png", "jpeg", "webp"];
const extensions: Record<OriginalFormat, string> = { png: "png", jpeg: "jpg", webp: "webp" };
const contentTypes: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

export const imageKey = (userId: string, imageId: string, variant: ImageVariant, format: OriginalFormat = "png"): string =>
  `images/${userId}/${imageId}/${variant === "original" ? `original.${extensions[format]}` : `${variant}.webp`}`;

/** The file extension and content type a stored object is served with, read from its key. */
export function fileTypeOfKey(key: string): { extension: string; contentType: string } {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return { extension, contentType: contentTypes[extension] ?? "application/octet-stream" };
}

/** A persona's files; a draft's files keep their keys when it is saved (the persona takes the draft's id). */
export const personaKey = (userId: string, personaId: string, part: "source" | "cutout" | "image" | "thumb"): string =>
  `personas/${userId}/${personaId}/${part}.${part === "thumb" ? "webp" : "png"}`;

export const isStorageKey = (key: string): boolean => keyPattern.test(key);
