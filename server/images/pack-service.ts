import pLimit from "p-limit";
import type { Pack } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import type { Storage } from "../storage/storage.ts";
import { fitForYouTube, type PackFile, packZip } from "./pack-zip.ts";
import { toImageRecord } from "./record.ts";
import type { ImageStore } from "./store.ts";

const missingPack = () => new AppError("not_found:pack", "That pack does not exist.");

/**
 * A/B packs as their owner reads them (docs/product/images.md, The A/B pack): the three records, and the zip of the
 * three originals once all are ready. Someone else's pack answers exactly like a missing one.
 */
export function createPackService(deps: { store: ImageStore; storage: Storage }) {
  // A zip holds three originals of at most 2 MB each, plus the originals being fitted: two zips at a time per
  // process bound that memory and the JPEG encoding a burst of downloads could start.
  const zipSlots = pLimit(2);

  async function ownedRows(userId: string, packId: string) {
    const rows = await deps.store.packOwned(userId, packId);
    if (rows.length === 0) throw missingPack();
    return rows;
  }

  return {
    async record(userId: string, packId: string): Promise<Pack> {
      return { id: packId, images: (await ownedRows(userId, packId)).map(toImageRecord) };
    },

    /** The zip of a ready pack and its file name; 409 while a variant is still being made or has failed. */
    async zip(userId: string, packId: string): Promise<{ filename: string; bytes: Buffer }> {
      const rows = await ownedRows(userId, packId);
      if (rows.some((row) => row.status === "failed")) {
        throw new AppError("conflict:pack_not_ready", "One thumbnail of this pack failed, so the pack cannot be downloaded as a whole. Download the others one by one.");
      }
      if (rows.some((row) => row.status !== "ready" || !row.originalKey)) {
        throw new AppError("conflict:pack_not_ready", "This pack is still being made. Download it when all three thumbnails are ready.");
      }
      return zipSlots(async () => {
        const files: PackFile[] = [];
        // One original in memory at a time: a provider's may be tens of megabytes before it is fitted.
        for (const row of rows) {
          const original = row.originalKey ? await deps.storage.get(row.originalKey) : undefined;
          if (!original) throw missingPack();
          files.push(await fitForYouTube(original));
        }
        return { filename: `thumbforge-pack-${packId.slice(0, 8)}.zip`, bytes: packZip(files) };
      });
    },
  };
}

export type PackService = ReturnType<typeof createPackService>;
