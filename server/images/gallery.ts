import type { Writable } from "node:stream";
import pLimit from "p-limit";
import sharp from "sharp";
import { type DownloadFormat, type GalleryResponse, MAX_IMAGE_PIXELS } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import { decodeCursor, encodeCursor } from "../paging/keyset-cursor.ts";
import { fileTypeOfKey } from "../storage/keys.ts";
import type { Storage } from "../storage/storage.ts";
import { writeZipStream, type ZipSource } from "./gallery-zip.ts";
import type { ImageLifecycle } from "./lifecycle.ts";
import { missingImage, toImageRecord } from "./record.ts";
import type { GalleryFilters, ImageFiles, ImageStore, ListedImage } from "./store.ts";

export interface GalleryPageQuery extends GalleryFilters {
  limit: number;
  cursor?: string | undefined;
}

/** A zip ready to send: every id was checked before a byte goes out. */
export interface PreparedZip {
  filename: string;
  write(out: Writable): Promise<void>;
}

/** A converted original, held whole: Content-Length is known and the decode slot is free again before sending. */
export interface ConvertedOriginal {
  bytes: Buffer;
  contentType: string;
  extension: string;
}

const contentTypes: Record<DownloadFormat, string> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" };
const extensions: Record<DownloadFormat, string> = { png: "png", jpeg: "jpg", webp: "webp" };

/** The gallery's reads and the changes made from it: pages, deletion, zips and format conversion (docs/product/images.md). */
export function createGalleryOps(deps: {
  store: ImageStore;
  storage: Storage;
  lifecycle: Pick<ImageLifecycle, "remove" | "dropUnusedPicture">;
  owned: (userId: string, id: string) => Promise<ListedImage>;
  removeFiles: (files: ImageFiles) => Promise<void>;
  forgetImages: (ids: readonly string[]) => void;
}) {
  const { store, storage } = deps;
  // A conversion decodes a whole original: two at a time per process bounds the memory downloads can take.
  const conversionSlots = pLimit(2);

  return {
    /** One page of an account's gallery, newest first, with the tab counts on the first page; only its owner may read it. */
    async galleryPage(viewerId: string, ownerId: string, query: GalleryPageQuery): Promise<GalleryResponse> {
      if (viewerId !== ownerId) throw new AppError("forbidden:user", "You can only see your own gallery.");
      const after = decodeCursor(query.cursor);
      const filters: GalleryFilters = { kind: query.kind, persona: query.persona, video: query.video, model: query.model, q: query.q };
      // One row past the page says whether another page follows.
      const [rows, counts] = await Promise.all([
        store.gallery(ownerId, { ...filters, limit: query.limit + 1, after }),
        after ? undefined : store.galleryCounts(ownerId, filters),
      ]);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        images: page.map(toImageRecord),
        nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
        ...(counts ? { counts } : {}),
      };
    },

    /**
     * Deletes one of the user's images and its files, and tells every tab (lifecycle.ts). One still being made is
     * refused (its job would write files for a row that is gone). Files go first, so a crash leaves a row to delete
     * again, never an orphan file.
     */
    async deleteImage(userId: string, id: string): Promise<void> {
      const row = await deps.owned(userId, id);
      await deps.lifecycle.remove(row, async () => {
        // Forgotten here at once, and by every other node when it hears image:deleted: no node serves its bytes again.
        deps.forgetImages([id]);
        await deps.removeFiles(row);
      });
      deps.forgetImages([id]);
      // A model's picture goes with the last image drawn over it; row first, so an edit queued meanwhile keeps it.
      const picture = row.baseImageId ? await deps.lifecycle.dropUnusedPicture(userId, row.baseImageId) : undefined;
      if (picture && row.baseImageId) {
        deps.forgetImages([row.baseImageId]);
        await deps.removeFiles(picture);
      }
    },

    /** The records of those of `ids` that are the user's, in no order: for lists made elsewhere (the search's results). */
    async recordsOf(userId: string, ids: readonly string[]) {
      return (await store.findManyOwned(userId, [...new Set(ids)])).map(toImageRecord);
    },

    /**
     * Checks every id (each one the user's and ready; any other is a 404 and nothing is sent) and answers a zip to
     * stream: the originals, one after the other, straight from storage.
     */
    async prepareZip(userId: string, ids: readonly string[]): Promise<PreparedZip> {
      const unique = [...new Set(ids)];
      const rows = await store.findManyOwned(userId, unique);
      if (rows.length !== unique.length) throw missingImage();
      const byId = new Map(rows.map((row) => [row.id, row]));
      const used = new Set<string>();
      const sources: ZipSource[] = unique.map((id) => {
        const row = byId.get(id);
        const key = row?.status === "ready" ? row.originalKey : null;
        if (!row || !key) throw new AppError("unprocessable:image", "Only finished images can be downloaded.");
        const { extension } = fileTypeOfKey(key);
        // Ids share their first 8 characters rarely; the whole id keeps names apart when they do.
        const short = `thumbforge-${id.slice(0, 8)}.${extension}`;
        const name = used.has(short) ? `thumbforge-${id}.${extension}` : short;
        used.add(name);
        return { name, modified: row.createdAt, open: async () => (await storage.open(key))?.stream };
      });
      return { filename: `thumbforge-${sources.length}-images.zip`, write: (out) => writeZipStream(sources, out) };
    },

    /** An original converted to another format for download; the stored original is never changed. */
    async convertOriginal(key: string, format: DownloadFormat): Promise<ConvertedOriginal> {
      const original = await storage.get(key);
      if (!original) throw missingImage();
      const bytes = await conversionSlots(() => {
        const image = sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS });
        // JPEG has no alpha: transparency becomes white, as it would on paper.
        if (format === "jpeg") return image.flatten({ background: "#ffffff" }).jpeg({ quality: 92, mozjpeg: true }).toBuffer();
        return format === "webp" ? image.webp({ quality: 92 }).toBuffer() : image.png().toBuffer();
      });
      return { bytes, contentType: contentTypes[format], extension: extensions[format] };
    },
  };
}
