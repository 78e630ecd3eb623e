import { randomBytes } from "node:crypto";
import type { ImageVariant } from "../../contract/images.ts";

/** The one module that names stored objects (docs/product/images.md). Ids are UUIDs, so a key never holds user text. */
const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const keyPattern = new RegExp(`^(images|personas)/${uuid}/${uuid}/[a-z]+(-[0-9a-f]{16})?\\.(png|jpg|webp)$`);
const versionPattern = /-([0-9a-f]{16})\.[a-z]+$/;

/** The formats an original may be kept in: uploads keep their container, engines write PNG. */
export type OriginalFormat = "png" | "jpeg" | "webp";
export const originalFormats: readonly OriginalFormat[] = ["png", "jpeg", "webp"];
const extensions: Record<OriginalFormat, string> = { png: "png", jpeg: "jpg", webp: "webp" };
const contentTypes: Record<string, string> = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

/**
 * A fresh version for one write of an image's variants (docs/decisions/019-immutable-image-urls.md): every write goes
 * to new keys, so the bytes under a key never change and its URL can be cached for good. Random, not a hash of the
 * bytes: two writes of the same bytes (a job run twice) must not share keys, or removing one would remove the other.
 */
export const newImageVersion = (): string => randomBytes(8).toString("hex");

/** Files written before versions have none: they were never written again, so "0" names them for good. */
export const LEGACY_IMAGE_VERSION = "0";

export const imageKey = (userId: string, imageId: string, variant: ImageVariant, version: string, format: OriginalFormat = "png"): string =>
  `images/${userId}/${imageId}/${variant}-${version}.${variant === "original" ? extensions[format] : "webp"}`;

/** The version a stored image key carries (LEGACY_IMAGE_VERSION for keys from before versions). */
export const versionOfKey = (key: string): string => versionPattern.exec(key)?.[1] ?? LEGACY_IMAGE_VERSION;

/** The file extension and content type a stored object is served with, read from its key. */
export function fileTypeOfKey(key: string): { extension: string; contentType: string } {
  const extension = key.slice(key.lastIndexOf(".") + 1);
  return { extension, contentType: contentTypes[extension] ?? "application/octet-stream" };
}

/** A persona's files; a draft's files keep their keys when it is saved (the persona takes the draft's id). */
export const personaKey = (userId: string, personaId: string, part: "source" | "cutout" | "image" | "thumb"): string =>
  `personas/${userId}/${personaId}/${part}.${part === "thumb" ? "webp" : "png"}`;

/** A video's files (docs/product/videos.md): the upload itself, its best frames' previews and its filmstrip. */
export const videoKey = (userId: string, videoId: string, part: "source" | { frame: number } | "filmstrip"): string =>
  `videos/${userId}/${videoId}/${part === "source" ? "source.video" : part === "filmstrip" ? "filmstrip.jpg" : `frame-${part.frame}.jpg`}`;
const videoKeyPattern = new RegExp(`^videos/${uuid}/${uuid}/(source\\.video|filmstrip\\.jpg|frame-\\d{1,2}\\.jpg)$`);

export const isStorageKey = (key: string): boolean => keyPattern.test(key) || videoKeyPattern.test(key);
