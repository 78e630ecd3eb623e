import { KIT_LEARNS_PER_HOUR, MAX_KITS_PER_USER, type StyleKit, type StyleKitRecord, styleKitSchema } from "../../contract/style-kits.ts";
import type { DbOrTx } from "../../db/open-db.ts";
import type { StyleKitRow } from "../../db/schema/style-kits.ts";
import { AppError } from "../errors/app-error.ts";
import type { ImageService } from "../images/service.ts";
import type { Logger } from "../logger.ts";
import type { RateLimiter, RateRule } from "../rate-limit/service.ts";
import { kitOf, type LearnDeps, type PictureReading, readPicture } from "./learn.ts";
import { createStyleKitStore } from "./store.ts";

export type { StyleKit } from "../../contract/style-kits.ts";
export { describeKit } from "./describe.ts";

const missingKit = () => new AppError("not_found:style_kit", "That style kit does not exist.");
/** Pictures read at once: OCR reads one at a time anyway, the subject model beside it. */
const READ_AT_ONCE = 2;

/**
 * Style kits (docs/product/style-kits.md): learned inline from the user's own images (decision 041), kept per
 * account, renamed and deleted; the generation service reads a kit to render in it.
 */
export function createStyleKitService(deps: {
  db: DbOrTx;
  images: Pick<ImageService, "owned" | "originalBytes">;
  learn: LearnDeps;
  rateLimiter: RateLimiter;
  logger: Logger;
}) {
  const store = createStyleKitStore(deps.db);
  const rule: RateRule = { name: "style-kit", limit: KIT_LEARNS_PER_HOUR, windowMs: 3600_000 };

  function toRecord(row: StyleKitRow): StyleKitRecord {
    return {
      id: row.id,
      name: row.name,
      kit: styleKitSchema.parse(row.kit),
      sourceImageIds: row.sourceImageIds,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function owned(userId: string, id: string): Promise<StyleKitRow> {
    const row = await store.find(userId, id);
    if (!row) throw missingKit();
    return row;
  }

  return {
    async list(userId: string): Promise<StyleKitRecord[]> {
      return (await store.list(userId)).map(toRecord);
    },

    async read(userId: string, id: string): Promise<StyleKitRecord> {
      return toRecord(await owned(userId, id));
    },

    /** The kit itself, for a render in it; 404 `not_found:style_kit` when it is not the user's (or was deleted). */
    async kitFor(userId: string, id: string): Promise<StyleKit> {
      return toRecord(await owned(userId, id)).kit;
    },

    /** Asserts the kit is the user's, before anything is charged for a render in it. */
    async assertOwned(userId: string, id: string): Promise<void> {
      await owned(userId, id);
    },

    /**
     * Learns a kit from one to twelve of the user's ready images (uploads or gallery images): every image is checked
     * as theirs and readable before anything is read, and nothing is stored unless the whole kit is learned.
     */
    async create(userId: string, input: { name: string; imageIds: readonly string[] }): Promise<StyleKitRecord> {
      const ids = [...new Set(input.imageIds)];
      for (const id of ids) {
        const row = await deps.images.owned(userId, id);
        if (row.status !== "ready") throw new AppError("unprocessable:style_kit_images", "Every picture must have finished uploading or being made.");
      }
      if ((await store.count(userId)) >= MAX_KITS_PER_USER) {
        throw new AppError("conflict:style_kit_limit", `You can keep ${MAX_KITS_PER_USER} style kits. Delete one to learn another.`);
      }
      await deps.rateLimiter.enforce(rule, userId);
      const started = performance.now();
      const readings: PictureReading[] = [];
      let next = 0;
      const reader = async () => {
        while (next < ids.length) {
          const index = next++;
          const bytes = await deps.images.originalBytes(userId, ids[index] as string);
          readings[index] = await readPicture(bytes, deps.learn).catch((cause: unknown) => {
            if (cause instanceof AppError) throw cause;
            throw new AppError("unprocessable:style_kit_images", "One of the pictures could not be read. Try another.", undefined, { cause });
          });
        }
      };
      await Promise.all(Array.from({ length: Math.min(READ_AT_ONCE, ids.length) }, reader));
      const kit = styleKitSchema.parse(kitOf(readings));
      deps.logger.info({ pictures: ids.length, ms: Math.round(performance.now() - started) }, "style kit learned");
      return toRecord(await store.insert({ userId, name: input.name, kit, sourceImageIds: ids }));
    },

    async rename(userId: string, id: string, name: string): Promise<StyleKitRecord> {
      const row = await store.rename(userId, id, name);
      if (!row) throw missingKit();
      return toRecord(row);
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!(await store.delete(userId, id))) throw missingKit();
    },
  };
}

export type StyleKitService = ReturnType<typeof createStyleKitService>;
