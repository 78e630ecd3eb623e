import { AppError } from "../errors/app-error.ts";
import { imageBytesPath, type ImageRecord, type ImageVariant, TITLE_MAX } from "../../contract/images.ts";
import { LEGACY_IMAGE_VERSION, versionOfKey } from "../storage/keys.ts";
import type { ListedImage } from "./store.ts";

/**
 * A variant's immutable URL: its path names the version of the bytes (docs/decisions/019-immutable-image-urls.md),
 * so browsers keep it for good and a new write would have a new URL.
 */
const variantUrl = (id: string, variant: ImageVariant, key: string | null) => imageBytesPath(id, variant, key ? versionOfKey(key) : LEGACY_IMAGE_VERSION);

/** A row as the API shows it: its bytes' URLs once it is ready. */
export function toImageRecord(row: ListedImage): ImageRecord {
  const original = variantUrl(row.id, "original", row.originalKey);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    prompt: row.prompt,
    style: row.style,
    aspect: row.aspect,
    model: row.model,
    width: row.width,
    height: row.height,
    creditsSpent: row.creditsSpent,
    error: row.error,
    errorCode: row.errorCode,
    parentId: row.parentId,
    packId: row.packId,
    title: row.title,
    conversationId: row.conversationId,
    personaIds: row.personaIds,
    sourceVideo: row.sourceVideo ?? null,
    comparisonId: row.comparisonId,
    durationMs: row.durationMs,
    styleKitId: row.styleKitId,
    createdAt: row.createdAt.toISOString(),
    urls:
      row.status === "ready"
        ? { original, preview: variantUrl(row.id, "preview", row.previewKey), thumb: variantUrl(row.id, "thumb", row.thumbKey), download: `${original}?download=1` }
        : null,
  };
}

/** A title YouTube would cut: refused with the reason, which the web translates by its code. */
export const titleTooLong = () => new AppError("unprocessable:title_too_long", `Titles are at most ${TITLE_MAX} characters — YouTube cuts the rest.`);

/** The one answer for an image that is not there, or not the asker's: the same 404 whichever it is. */
export const missingImage = () => new AppError("not_found:image", "That image does not exist.");
