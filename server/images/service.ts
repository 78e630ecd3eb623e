import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import {
  cleanTitle,
  type ImageAspect,
  imageAspectIds,
  imageAspects,
  type ImageDetailResponse,
  type ImageRecord,
  type ImageVariant,
  imageVariants,
  TITLE_MAX,
  titleLength,
  UPLOAD_TTL_HOURS,
} from "../../contract/images.ts";
import { LRUCache } from "lru-cache";
import pLimit from "p-limit";
import type { ImageRow } from "../../db/schema/images.ts";
import { AppError } from "../errors/app-error.ts";
import type { Logger } from "../logger.ts";
import { fileTypeOfKey, imageKey, newImageVersion, type OriginalFormat, versionOfKey } from "../storage/keys.ts";
import type { RateLimiter, RateRule } from "../rate-limit/service.ts";
import type { ReceivedFile } from "./multipart.ts";
import type { Storage } from "../storage/storage.ts";
import { processUpload, type UploadVariants, type Variants, variantsOfPng } from "./processing.ts";
import { createGalleryOps } from "./gallery.ts";
import type { ImageLifecycle, StoredPicture } from "./lifecycle.ts";
import { createReadyRows } from "./ready-rows.ts";
import { missingImage, titleTooLong, toImageRecord } from "./record.ts";
import type { ImageFiles, ImageStore, ListedImage } from "./store.ts";
import { versionLine } from "./version-line.ts";

export { toImageRecord, versionLine };
export type { ImageLifecycle, PendingDraft } from "./lifecycle.ts";

/**
 * A made image's stored variants, as its row records them, and the model's picture its scene is drawn over when the
 * job made a new one (decision 036): kept as a row of its own, linked as the image's base image.
 */
export type StoredResult = Pick<ImageRow, "width" | "height" | "originalKey" | "previewKey" | "thumbKey" | "scene" | "bytes"> & { picture?: StoredPicture | undefined };
export type { StoredPicture } from "./lifecycle.ts";

/** A stored scene is a JSON object; anything else (null, or a value no engine writes) is answered as no scene. */
function isSceneObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function aspectOf(width: number, height: number): ImageAspect | null {
  const found = imageAspectIds.find((id) => Math.abs(imageAspects[id].width / imageAspects[id].height - width / height) < 0.01);
  return found ?? null;
}


/** A stored variant found for its owner: where it is and how it is served. */
export interface StoredVariant {
  key: string;
  variant: ImageVariant;
  extension: string;
  contentType: string;
}

const quotaFull = () =>
  new AppError("payload_too_large:upload_quota", "Your temporary uploads are full. They are cleared 24 hours after upload; try again later.");

/** Images as files and records: storing variants, uploads, ownership-checked reads (docs/product/images.md). */
export interface UploadLimits {
  perUserPerHour: number;
  concurrencyPerUser: number;
  quotaBytes: number;
}

export function createImageService(deps: {
  store: ImageStore;
  storage: Storage;
  logger: Logger;
  clock: () => number;
  rateLimiter: RateLimiter;
  uploadLimits: UploadLimits;
  /** The one writer of image rows' status and publisher of image events: every change below goes through it. */
  lifecycle: ImageLifecycle;
}) {
  const { store, storage, uploadLimits, lifecycle } = deps;
  const uploadRule: RateRule = { name: "upload", limit: uploadLimits.perUserPerHour, windowMs: 3600_000 };
  // Uploads in flight per account on this process: what bounds the memory and temp disk one account can hold here.
  const uploadsInFlight = new Map<string, number>();
  // Thumbs and previews are small, immutable and loaded again and again by galleries: kept in memory, bounded by
  // bytes. Stale entries are harmless (a key's bytes never change), and the owner check runs on every request.
  const smallFiles = new LRUCache<string, Buffer>({ maxSize: 48 * 1024 * 1024, sizeCalculation: (b) => b.length });
  // A 40-megapixel upload decodes to ~160 MB of pixels: two at a time per process bounds the memory a burst can take.
  const decodeSlots = pLimit(2);

  const readyRows = createReadyRows({ store, clock: deps.clock });

  async function owned(userId: string, id: string): Promise<ListedImage> {
    // Someone else's image answers exactly like a missing one (404), so ids cannot be probed.
    const row = await store.findOwned(userId, id);
    if (!row || (row.expiresAt && row.expiresAt.getTime() <= deps.clock())) throw missingImage();
    return row;
  }

  /**
   * Writes the three variants under keys of a new version, never over earlier bytes; returns their keys. Half-written
   * sets are removed, so no key points at nothing.
   */
  async function storeVariants(userId: string, imageId: string, variants: Variants, format: OriginalFormat = "png"): Promise<ImageFiles> {
    const version = newImageVersion();
    const keys = {
      originalKey: imageKey(userId, imageId, "original", version, format),
      previewKey: imageKey(userId, imageId, "preview", version),
      thumbKey: imageKey(userId, imageId, "thumb", version),
    };
    try {
      await Promise.all(imageVariants.map((v) => storage.put(keys[`${v}Key`], variants.bytes[v])));
    } catch (err) {
      await removeFiles(keys);
      throw err;
    }
    return keys;
  }

  /** A model's text-free picture, stored under an id of its own for the row `lifecycle.finishIn` adds for it. */
  async function storePicture(userId: string, png: Buffer): Promise<StoredPicture> {
    const variants = await variantsOfPng(png);
    const id = randomUUID();
    const keys = await storeVariants(userId, id, variants);
    return { id, ...keys, width: variants.width, height: variants.height, bytes: imageVariants.reduce((sum, v) => sum + variants.bytes[v].length, 0) };
  }

  /** Deletes exactly the files a row (or one write) names: another write's files for the same image are not touched. */
  async function removeFiles(files: ImageFiles): Promise<void> {
    const keys = [files.originalKey, files.previewKey, files.thumbKey].filter((key): key is string => key !== null);
    for (const key of keys) smallFiles.delete(key);
    await Promise.all(keys.map((key) => storage.delete(key)));
  }

  return {
    owned,
    /** How images change state (pending, running, ready, failed, deleted) and who hears of it: lifecycle.ts. */
    lifecycle,
    /** Drops cached rows of these images, on this node; every node calls it when it hears of a deletion. */
    forgetImages: readyRows.forget,
    ...createGalleryOps({ store, storage, lifecycle, owned, removeFiles, forgetImages: readyRows.forget }),

    /** Deletes one write's stored variants (a job result no row points at). */
    removeFiles,

    /** Whether frames saved from the user's video are left: its row is kept for them after its 24 hours. */
    hasFramesFrom: (userId: string, videoId: string): Promise<boolean> => store.hasFramesFrom(userId, videoId),

    /**
     * Admits one upload for the account before its body is read: its hourly count, its uploads in flight on this
     * process and its temporary-upload quota. `release` must be called when the upload is done, whatever happened.
     */
    async admitUpload(userId: string): Promise<{ release(): void }> {
      const inFlight = uploadsInFlight.get(userId) ?? 0;
      if (inFlight >= uploadLimits.concurrencyPerUser) {
        throw new AppError("rate_limited:upload_concurrency", "Your other uploads are still on their way. Try again when they finish.", undefined, {
          retryAfterSeconds: 2,
        });
      }
      uploadsInFlight.set(userId, inFlight + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (uploadsInFlight.get(userId) ?? 1) - 1;
        if (left > 0) uploadsInFlight.set(userId, left);
        else uploadsInFlight.delete(userId);
      };
      try {
        await deps.rateLimiter.enforce(uploadRule, userId);
        if ((await store.uploadBytes(userId, new Date(deps.clock()))) >= uploadLimits.quotaBytes) throw quotaFull();
      } catch (err) {
        release();
        throw err;
      }
      return { release };
    },

    /** Checks and stores an upload received on disk; the received file is removed whatever happens. */
    async upload(userId: string, file: ReceivedFile): Promise<ImageRecord> {
      let variants: UploadVariants;
      try {
        variants = await decodeSlots(async () => processUpload(await readFile(file.path)));
      } finally {
        await file.discard();
      }
      const id = randomUUID();
      const keys = await storeVariants(userId, id, variants, variants.format);
      const bytes = imageVariants.reduce((sum, v) => sum + variants.bytes[v].length, 0);
      try {
        const row = await lifecycle.addUpload(
          {
            id,
            userId,
            width: variants.width,
            height: variants.height,
            bytes,
            ...keys,
            expiresAt: new Date(deps.clock() + UPLOAD_TTL_HOURS * 3600_000),
          },
          uploadLimits.quotaBytes,
          new Date(deps.clock()),
        );
        if (!row) throw quotaFull();
        return toImageRecord(row);
      } catch (err) {
        await removeFiles(keys);
        throw err;
      }
    },

    /** What an edit starts from: one of the user's ready images with its stored scene (null for provider images). */
    async editSource(userId: string, id: string): Promise<{ image: ListedImage; scene: unknown }> {
      const image = await owned(userId, id);
      if (image.status !== "ready" || image.kind === "upload") throw new AppError("unprocessable:image", "Only a finished thumbnail can be edited.");
      return { image, scene: await store.sceneOf(id) };
    },

    /**
     * Stores an engine's PNG for a job, and the model's picture under it when the engine made one; returns what
     * `lifecycle.finishIn` needs. Nothing is left behind when a write fails.
     */
    async storeResult(row: Pick<ImageRow, "id" | "userId">, png: Buffer, scene: unknown, picturePng?: Buffer): Promise<StoredResult> {
      const picture = picturePng === undefined ? undefined : await storePicture(row.userId, picturePng);
      try {
        const variants = await variantsOfPng(png);
        const keys = await storeVariants(row.userId, row.id, variants);
        // Its real size on disk: a frame saved from a video is kept, and what is kept is counted as it is.
        const bytes = imageVariants.reduce((sum, v) => sum + variants.bytes[v].length, 0);
        return { ...keys, width: variants.width, height: variants.height, scene: scene ?? null, bytes, ...(picture ? { picture } : {}) };
      } catch (err) {
        if (picture) await removeFiles(picture);
        throw err;
      }
    },

    /** Deletes the files a job result wrote (no row points at them): its variants and its model's picture. */
    async removeResult(result: StoredResult): Promise<void> {
      await Promise.all([removeFiles(result), result.picture ? removeFiles(result.picture) : undefined]);
    },

    /**
     * Stores an image made in the editor as a new ready image of kind `edited`, linked to its source; the source is
     * never touched and nothing is charged (docs/product/editor.md). Every tab's gallery hears of it.
     */
    async saveEdited(userId: string, source: ListedImage, png: Buffer): Promise<ImageRecord> {
      const variants = await variantsOfPng(png);
      const id = randomUUID();
      const keys = await storeVariants(userId, id, variants);
      try {
        const row = await lifecycle.addReady({
          id,
          userId,
          kind: "edited",
          prompt: source.prompt,
          style: source.style,
          // The aspect is the frame's only when the crop kept one of the three; a free crop has none.
          aspect: aspectOf(variants.width, variants.height),
          parentId: source.id,
          title: source.title,
          width: variants.width,
          height: variants.height,
          bytes: imageVariants.reduce((sum, v) => sum + variants.bytes[v].length, 0),
          ...keys,
        });
        return toImageRecord(row);
      } catch (err) {
        await removeFiles(keys);
        throw err;
      }
    },

    /** The original bytes of one of the user's ready images (a base image for a generation). */
    async originalBytes(userId: string, id: string): Promise<Buffer> {
      const row = await owned(userId, id);
      const bytes = row.status === "ready" && row.originalKey ? await storage.get(row.originalKey) : undefined;
      if (!bytes) throw missingImage();
      return bytes;
    },

    /**
     * Every version in the tree one of the user's images belongs to: its first version and all made from it, oldest
     * first. Only the user's own rows are read, so another's id gives an empty tree: a caller that must tell the two
     * apart checks the owner itself.
     */
    async versionTree(userId: string, id: string): Promise<ImageRecord[]> {
      return (await store.versionChain(userId, id)).map(toImageRecord);
    },

    /** The versions of one of the user's images (contract/images.ts, imageVersionsResponseSchema): its line, oldest first. */
    async versions(userId: string, id: string): Promise<ImageRecord[]> {
      await owned(userId, id);
      return versionLine(await store.versionChain(userId, id), id).map(toImageRecord);
    },

    /**
     * Sets or clears the video title of one of the user's images (docs/product/images.md, Video title): free, and no new
     * image. Over YouTube's limit it is refused with the reason, and nothing changes.
     */
    async setTitle(userId: string, id: string, title: string | null): Promise<ImageRecord> {
      const clean = cleanTitle(title);
      await owned(userId, id);
      if (clean !== null && titleLength(clean) > TITLE_MAX) throw titleTooLong();
      return toImageRecord(await lifecycle.retitle(userId, id, clean));
    },

    async record(userId: string, id: string): Promise<ImageRecord> {
      return toImageRecord(await owned(userId, id));
    },

    /** The user's newest finished images of their own making (not uploads), newest first: at most `limit`. */
    async latestFinished(userId: string, limit: number): Promise<ImageRecord[]> {
      return (await store.latestFinished(userId, limit)).map(toImageRecord);
    },

    /** Whether an image (its owner already checked) has a scene its engine stored: a Studio drawing, not a photo. */
    hasScene: async (id: string): Promise<boolean> => isSceneObject(await store.sceneOf(id)),

    /** One of the user's images with the scene its engine stored (null for uploads, swaps and pending images). */
    async detail(userId: string, id: string): Promise<ImageDetailResponse> {
      const row = await owned(userId, id);
      const scene = await store.sceneOf(id);
      return { image: toImageRecord(row), scene: isSceneObject(scene) ? scene : null };
    },

    /**
     * Where a variant of one of the user's ready images is kept and how it is served: the owner check alone. With a
     * version (the immutable URL's), only the bytes of that version: a URL never answers other bytes than it first did.
     */
    async locate(userId: string, id: string, variant: ImageVariant, version?: string): Promise<StoredVariant> {
      const row = await readyRows.servable(userId, id);
      const key = row.status === "ready" ? row[`${variant}Key`] : null;
      if (!key || (version !== undefined && versionOfKey(key) !== version)) throw missingImage();
      return { key, variant, ...fileTypeOfKey(key) };
    },

    /** A located variant's bytes: in memory for thumbs and previews, a stream for originals (up to tens of MB). */
    async read(file: StoredVariant): Promise<{ body: Buffer | Readable; size: number }> {
      if (file.variant !== "original") {
        const bytes = smallFiles.get(file.key) ?? (await storage.get(file.key));
        if (!bytes) throw missingImage();
        smallFiles.set(file.key, bytes);
        return { body: bytes, size: bytes.length };
      }
      const opened = await storage.open(file.key);
      if (!opened) throw missingImage();
      return { body: opened.stream, size: opened.size };
    },

    /** Deletes temporary uploads past their 24 hours, files first so a crash leaves a row to retry, never an orphan file. */
    async sweepExpiredUploads(): Promise<number> {
      const expired = await store.expiredUploads(new Date(deps.clock()), 200);
      for (const row of expired) {
        await removeFiles(row);
        await lifecycle.expireUpload(row.id);
      }
      if (expired.length > 0) deps.logger.info({ count: expired.length }, "expired uploads removed");
      return expired.length;
    },
  };
}

export type ImageService = ReturnType<typeof createImageService>;
