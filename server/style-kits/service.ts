import { KIT_LEARNS_PER_HOUR, MAX_KITS_PER_USER, type StyleKit, type StyleKitRecord, styleKitSchema } from "../../contract/style-kits.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import type { StyleKitRow } from "../../db/schema/style-kits.ts";
import { AppError } from "../errors/app-error.ts";
import type { ImageService } from "../images/service.ts";
import { type BoundedPool, createBoundedPool } from "../jobs/bounded-pool.ts";
import type { Logger } from "../logger.ts";
import type { RateLimiter, RateRule } from "../rate-limit/service.ts";
import { kitOf, type LearnDeps, type PictureReading, readPicture } from "./learn.ts";
import { createStyleKitStore } from "./store.ts";

export type { StyleKit } from "../../contract/style-kits.ts";
export { describeKit } from "./describe.ts";

const missingKit = () => new AppError("not_found:style_kit", "That style kit does not exist.");
/** Pictures read at once within one kit: OCR reads one at a time anyway. */
const READ_AT_ONCE = 2;
/** Kits learned at once per process, and waiting behind them: each holds up to 12 decoded pictures for 10–15 s. */
export const KITS_LEARNED_AT_ONCE = 2;
export const MAX_WAITING_KITS = 4;

/** The process's kit learning: a bounded pool, past which a new learn is told to try again in a moment (503). */
export function createLearnPool(running = KITS_LEARNED_AT_ONCE, maxWaiting = MAX_WAITING_KITS): BoundedPool {
  return createBoundedPool({
    running,
    maxWaiting,
    busy: () => new AppError("unavailable:style_kit_busy", "Many style kits are being learned. Try again in a moment.", undefined, { retryAfterSeconds: 5 }),
  });
}

const tooMany = () => new AppError("conflict:style_kit_limit", `You can keep ${MAX_KITS_PER_USER} style kits. Delete one to learn another.`);

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
  /** Defaults to a pool of its own (createLearnPool). */
  learnPool?: BoundedPool;
}) {
  const store = createStyleKitStore(deps.db);
  const learnPool = deps.learnPool ?? createLearnPool();
  const rule: RateRule = { name: "style-kit", limit: KIT_LEARNS_PER_HOUR, windowMs: 3600_000 };

  /** A stored kit that fails its schema is a fault of ours, never of the request: a 500 for it, logged. */
  function toRecord(row: StyleKitRow): StyleKitRecord {
    const kit = styleKitSchema.safeParse(row.kit);
    if (!kit.success) {
      deps.logger.error({ styleKitId: row.id, issues: kit.error.issues.slice(0, 5) }, "stored style kit fails its schema");
      throw new AppError("internal:style_kit", "This style kit could not be read.");
    }
    return {
      id: row.id,
      name: row.name,
      kit: kit.data,
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
      // One damaged kit is left out (and logged) rather than breaking the whole list.
      return (await store.list(userId)).flatMap((row) => {
        try {
          return [toRecord(row)];
        } catch {
          return [];
        }
      });
    },

    async read(userId: string, id: string): Promise<StyleKitRecord> {
      return toRecord(await owned(userId, id));
    },

    /** The kit itself, for a render in it; 404 `not_found:style_kit` when it is not the user's (or was deleted). */
    async kitFor(userId: string, id: string): Promise<StyleKit> {
      return toRecord(await owned(userId, id)).kit;
    },

    /** Whether the kit is still the user's: variants of an image made in a deleted kit are drawn without it. */
    async has(userId: string, id: string): Promise<boolean> {
      return (await store.find(userId, id)) !== undefined;
    },

    /** Asserts the kit is the user's, before anything is charged for a render in it. */
    async assertOwned(userId: string, id: string): Promise<void> {
      await owned(userId, id);
    },

    /**
     * Learns a kit from one to twelve of the user's ready images (uploads or gallery images): every image is checked
     * as theirs and readable before anything is read, and nothing is stored unless the whole kit is learned.
     */
    async create(userId: string, input: { name: string; imageIds: readonly string[] }, signal?: AbortSignal): Promise<StyleKitRecord> {
      const ids = [...new Set(input.imageIds)];
      for (const id of ids) {
        const row = await deps.images.owned(userId, id);
        if (row.status !== "ready") throw new AppError("unprocessable:style_kit_images", "Every picture must have finished uploading or being made.");
      }
      if ((await store.count(userId)) >= MAX_KITS_PER_USER) throw tooMany();
      await deps.rateLimiter.enforce(rule, userId);
      const kit = await learnPool(async () => {
        const started = performance.now();
        const readings: PictureReading[] = [];
        let next = 0;
        // A request the client gave up on stops between pictures: nothing is stored for it.
        const reader = async () => {
          while (next < ids.length) {
            signal?.throwIfAborted();
            const index = next++;
            const bytes = await deps.images.originalBytes(userId, ids[index] as string);
            readings[index] = await readPicture(bytes, deps.learn).catch((cause: unknown) => {
              if (cause instanceof AppError) throw cause;
              throw new AppError("unprocessable:style_kit_images", "One of the pictures could not be read. Try another.", undefined, { cause });
            });
          }
        };
        await Promise.all(Array.from({ length: Math.min(READ_AT_ONCE, ids.length) }, reader));
        signal?.throwIfAborted();
        const learned = styleKitSchema.safeParse(kitOf(readings));
        if (!learned.success) throw new AppError("unprocessable:style_kit_images", "No colours could be read from these pictures. Try others.");
        deps.logger.info({ pictures: ids.length, ms: Math.round(performance.now() - started) }, "style kit learned");
        return learned.data;
      });
      // The limit again, under the user's lock: kits learned at once were all counted before any was stored.
      const row = await withTransaction(deps.db, async (tx) => {
        const txStore = createStyleKitStore(tx);
        await txStore.lockLimitOf(userId);
        if ((await txStore.count(userId)) >= MAX_KITS_PER_USER) throw tooMany();
        signal?.throwIfAborted();
        return txStore.insert({ userId, name: input.name, kit, sourceImageIds: ids });
      });
      return toRecord(row);
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
