import { randomUUID } from "node:crypto";
import type { Comparison, ComparisonListResponse } from "../../contract/comparisons.ts";
import { DEFAULT_ASPECT, DEFAULT_STYLE, type ImageRecord } from "../../contract/images.ts";
import { defaultLanguage, type Language } from "../../contract/languages.ts";
import { models } from "../../contract/models.ts";
import type { DbOrTx } from "../../db/open-db.ts";
import type { ComparisonRow } from "../../db/schema/comparisons.ts";
import { AppError } from "../errors/app-error.ts";
import type { GenerationService } from "../generation/service.ts";
import { type ImageService, toImageRecord } from "../images/service.ts";
import { decodeCursor, encodeCursor } from "../paging/keyset-cursor.ts";
import { createComparisonStore } from "./store.ts";

export const missingComparison = () => new AppError("not_found:comparison", "That comparison does not exist.");

/** Where the models list puts a model: a comparison's images are shown in this order. */
const modelOrder = (id: string | null) => {
  const index = models.findIndex((model) => model.id === id);
  return index === -1 ? models.length : index;
};

/** What a comparison asks for, as the chat's tool or the HTTP route sends it. */
export type ComparisonAsk = { prompt: string; imageId?: undefined } | { imageId: string; prompt?: undefined };

/** What a picked winner tells the conversation it was asked in (compose wires the chat's thread here). */
export type WinnerAnnouncer = (winner: { userId: string; conversationId: string; image: ImageRecord; language: Language }) => Promise<void>;

/**
 * Compare models side by side (docs/product/compare.md): one prompt, or one image's prompt and look, on the Studio and
 * every provider model this server has configured, charged together (the generation service's comparison request) and
 * refunded per failed image by the image jobs, as any image is. A winner, once picked, is the conversation's current image.
 */
export function createComparisonService(deps: {
  db: DbOrTx;
  generation: Pick<GenerationService, "comparisonModels" | "requestComparison">;
  images: Pick<ImageService, "record">;
  /** Throws `not_found:conversation` unless the user owns it (the chat's service): a comparison never joins someone else's thread. */
  conversationOwned: (userId: string, conversationId: string) => Promise<unknown>;
  announceWinner?: WinnerAnnouncer | undefined;
}) {
  const store = createComparisonStore(deps.db);

  function toComparison(row: ComparisonRow, rows: readonly Parameters<typeof toImageRecord>[0][]): Comparison {
    const images = rows
      .filter((image) => image.comparisonId === row.id)
      .sort((a, b) => modelOrder(a.model) - modelOrder(b.model))
      .map(toImageRecord);
    return {
      id: row.id,
      prompt: row.prompt,
      sourceImageId: row.sourceImageId,
      winnerImageId: row.winnerImageId,
      conversationId: row.conversationId,
      creditsSpent: images.filter((image) => image.status !== "failed").reduce((sum, image) => sum + image.creditsSpent, 0),
      createdAt: row.createdAt.toISOString(),
      images,
    };
  }

  async function read(userId: string, id: string): Promise<Comparison> {
    const row = await store.findOwned(userId, id);
    if (!row) throw missingComparison();
    return toComparison(row, await store.imagesOf(userId, [row.id]));
  }

  return {
    /** The models a comparison would try now, with their prices (what the chat's approval quotes). */
    models: () => deps.generation.comparisonModels(),

    /**
     * Starts a comparison: checks the source image (one of the user's finished images) or takes the prompt, then
     * queues one image per model and the comparison's row in one paid transaction. In a conversation, its images are
     * the chat's (the gallery files them under it).
     */
    async create(userId: string, ask: ComparisonAsk, options: { conversationId?: string | undefined } = {}): Promise<Comparison> {
      const conversationId = options.conversationId ?? null;
      if (conversationId) await deps.conversationOwned(userId, conversationId);
      const source = ask.imageId !== undefined ? await deps.images.record(userId, ask.imageId) : undefined;
      if (source && (source.status !== "ready" || !source.prompt)) {
        throw new AppError("unprocessable:image", "Only a finished image with a prompt can be tried on every model. Describe the thumbnail instead.");
      }
      const prompt = source?.prompt ?? ask.prompt ?? "";
      const id = randomUUID();
      const models = deps.generation.comparisonModels();
      await deps.generation.requestComparison(
        userId,
        {
          prompt,
          style: source?.style ?? DEFAULT_STYLE,
          aspect: source?.aspect ?? DEFAULT_ASPECT,
          personaIds: source?.personaIds ?? [],
          // Each model draws its own picture: a source's base is often another model's picture (decision 036).
          baseImageId: null,
          title: source?.title ?? null,
        },
        models,
        {
          comparisonId: id,
          conversationId: conversationId ?? undefined,
          alsoIn: (tx) => store.insert(tx, { id, userId, conversationId, prompt, sourceImageId: source?.id ?? null }),
        },
      );
      return read(userId, id);
    },

    read,

    async list(userId: string, query: { limit: number; cursor?: string | undefined }): Promise<ComparisonListResponse> {
      const rows = await store.list(userId, query.limit + 1, decodeCursor(query.cursor));
      const page = rows.slice(0, query.limit);
      const tiles = await store.imagesOf(
        userId,
        page.map((row) => row.id),
      );
      const last = page.at(-1);
      return {
        comparisons: page.map((row) => toComparison(row, tiles)),
        nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
      };
    },

    /**
     * Picks the winner: one of the comparison's finished images. Picking the same one again changes nothing and says
     * nothing again; in a conversation, a new winner is announced in its thread, where it becomes the current image.
     */
    async pickWinner(userId: string, id: string, imageId: string, language: Language = defaultLanguage): Promise<Comparison> {
      const comparison = await read(userId, id);
      const image = comparison.images.find((each) => each.id === imageId.toLowerCase());
      if (!image) throw new AppError("not_found:image", "That image is not one of this comparison's.");
      if (image.status !== "ready") throw new AppError("conflict:comparison_not_ready", "That image is not finished. Pick one that is ready.");
      if (comparison.winnerImageId === image.id) return comparison;
      // Told in the thread first: a thread that cannot take it now (an answer still coming) leaves the winner unpicked.
      if (comparison.conversationId) await deps.announceWinner?.({ userId, conversationId: comparison.conversationId, image, language });
      if (!(await store.setWinner(userId, id, image.id))) throw missingComparison();
      return { ...comparison, winnerImageId: image.id };
    },
  };
}

export type ComparisonService = ReturnType<typeof createComparisonService>;
