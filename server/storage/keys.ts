import type { ImageVariant } from "../../contract/images.ts";

/** The one module that names stored objects (issue 5). Ids are UUIDs, so a key never holds user text. */
const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const keyPattern = new RegExp(`^(images|personas)/${uuid}/${uuid}/[a-z]+\\.(png|webp)$`);

const variantFile: Record<ImageVariant, string> = { original: "original.png", preview: "preview.webp", thumb: "thumb.webp" };

export const imageKey = (userId: string, imageId: string, variant: ImageVariant): string =>
  `images/${userId}/${imageId}/${variantFile[variant]}`;

export const personaKey = (userId: string, personaId: string, part: "source" | "cutout" | "image"): string =>
  `personas/${userId}/${personaId}/${part}.png`;

export const isStorageKey = (key: string): boolean => keyPattern.test(key);
