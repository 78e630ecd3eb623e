import { randomUUID } from "node:crypto";
import type { Comparison, ComparisonListResponse } from "../../contract/comparisons.ts";
import { DEFAULT_ASPECT, DEFAULT_STYLE, type ImageRecord } from "../../contract/images.ts";
import { defaultLanguage, type Language } from "../../contract/languages.ts";
import { models } from "../../contract/models.ts";
import { type DbOrTx, type Tx, withTransaction } from "../../db/open-db.ts";
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

/**
 * What a picked winner tells the conversation it was asked in (compose wires the chat's thread here), written in the
 * pick's own transaction: the note and the winner are stored together or not at all. A conversation that is gone
 * takes no note; the pick still stands.
 */
export type WinnerAnnouncer = (winner: { userId: string; conversationId: string; image: ImageRecord; language: Language }) => Promise<((tx: Tx) => Promise<void>) | undefined>;

/** The models quoted to the user (the chat's approval, the gallery's dialog): a comparison runs only on exactly those. */
export type QuotedSet = { modelIds: readonly string[]; cost?: number | undefined };

const modelsChanged = () =>
  new AppError("conflict:comparison_models_changed", "The models on offer changed since the price was shown. Look at the new price and ask again.");

/** How deep an edit chain is followed back to the image it started from (a chat edits one image a few dozen times at most). */
const MAX_EDIT_DEPTH = 100;

/**
 * Compare models side by side (docs/product/compare.md): one prompt, or one image's prompt and look, on the Studio and
 * every provider model this server has configured, charged together (the generation service's comparison request) and
 * refunded per failed image by the image jobs, as any image is. A winner, once picked, is the conversation's current image.
 */
export function createComparisonService(deps: {
  db: DbOrTx;
  generation: Pick<GenerationService, "comparisonModels" | "requestComparison">;
  images: Pick<ImageService, "record">;
  /** The words an image shows as its headline now (its scene's, else its prompt's quoted words); null when none. */
  headlineOf: (userId: string, image: ImageRecord) => Promise<string | null>;
  /** Throws `not_found:conversation` unless the user owns it (the chat's service): a comparison never joins someone else's thread. */
  conversationOwned: (userId: string, conversationId: string) => Promise<unknown>;
  announceWinner?: WinnerAnnouncer | undefined;
}) {
  const store = createComparisonStore(deps.db);

  /**
   * `spent`: what the ledger says the set cost (its charge less its refunds), so deleting a tile changes nothing of
   * it. A winner that was deleted is no longer reported.
   */
  function toComparison(row: ComparisonRow, tiles: readonly ImageRecord[], spent: ReadonlyMap<string, number>): Comparison {
    const images = tiles.filter((image) => image.comparisonId === row.id).sort((a, b) => modelOrder(a.model) - modelOrder(b.model));
    return {
      id: row.id,
      prompt: row.prompt,
      sourceImageId: row.sourceImageId,
      winnerImageId: images.some((image) => image.id === row.winnerImageId) ? row.winnerImageId : null,
      conversationId: row.conversationId,
      creditsSpent: spent.get(row.id) ?? 0,
      createdAt: row.createdAt.toISOString(),
      images,
    };
  }

  async function comparisonsOf(userId: string, rows: readonly ComparisonRow[]): Promise<Comparison[]> {
    const ids = rows.map((row) => row.id);
    const [tiles, spent] = await Promise.all([store.imagesOf(userId, ids), store.creditsSpent(userId, ids)]);
    const records = tiles.map(toImageRecord);
    return rows.map((row) => toComparison(row, records, spent));
  }

  async function read(userId: string, id: string): Promise<Comparison> {
    const row = await store.findOwned(userId, id);
    if (!row) throw missingComparison();
    const [comparison] = await comparisonsOf(userId, [row]);
    if (!comparison) throw missingComparison();
    return comparison;
  }

  /**
   * What a comparison of this image asks every model for: an edit or variant keeps its instruction as its prompt
   * ("make the headline yellow"), so the prompt is that of the image the chain started from, with the headline the
   * image shows now when the prompt does not say it already.
   */
  async function promptOf(userId: string, source: ImageRecord): Promise<string> {
    let origin = source;
    for (let depth = 0; origin.kind === "edited" && origin.parentId && depth < MAX_EDIT_DEPTH; depth++) {
      const parent = await deps.images.record(userId, origin.parentId).catch(() => undefined);
      if (!parent) break;
      origin = parent;
    }
    const prompt = (origin.prompt ?? source.prompt ?? "").trim();
    const headline = (await deps.headlineOf(userId, source))?.trim();
    if (!headline || prompt.toLowerCase().includes(headline.toLowerCase())) return prompt;
    return `${prompt}, with the headline "${headline}"`;
  }

  return {
    /** The models a comparison would try now, with their prices (what the chat's approval quotes). */
    models: () => deps.generation.comparisonModels(),

    /**
     * Starts a comparison: checks the source image (one of the user's finished images) or takes the prompt, then
     * queues one image per model and the comparison's row in one paid transaction. In a conversation, its images are
     * the chat's (the gallery files them under it).
     */
    async create(userId: string, ask: ComparisonAsk, options: { conversationId?: string | undefined; quoted?: QuotedSet | undefined } = {}): Promise<Comparison> {
      const conversationId = options.conversationId ?? null;
      if (conversationId) await deps.conversationOwned(userId, conversationId);
      const source = ask.imageId !== undefined ? await deps.images.record(userId, ask.imageId) : undefined;
      if (source && (source.status !== "ready" || !source.prompt)) {
        throw new AppError("unprocessable:image", "Only a finished image with a prompt can be tried on every model. Describe the thumbnail instead.");
      }
      const prompt = source ? await promptOf(userId, source) : (ask.prompt ?? "");
      const id = randomUUID();
      const models = deps.generation.comparisonModels();
      // Never more, nor other models, than the user was shown: the set can change between the quote and the run.
      if (options.quoted) {
        const quotedIds = new Set(options.quoted.modelIds);
        const cost = models.reduce((sum, model) => sum + model.creditCost, 0);
        if (quotedIds.size !== models.length || models.some((model) => !quotedIds.has(model.id)) || (options.quoted.cost !== undefined && cost > options.quoted.cost)) {
          throw modelsChanged();
        }
      }
      let inserted: ComparisonRow | undefined;
      const images = await deps.generation.requestComparison(
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
          alsoIn: async (tx) => {
            inserted = await store.insert(tx, { id, userId, conversationId, prompt, sourceImageId: source?.id ?? null });
          },
        },
      );
      // Answered from what was committed, not read again: a failed read must never turn a charged set into an error.
      if (!inserted) throw new Error("the comparison's row was not written with its images");
      const charged = new Map([[id, images.reduce((sum, image) => sum + image.creditsSpent, 0)]]);
      return toComparison(inserted, images, charged);
    },

    read,

    async list(userId: string, query: { limit: number; cursor?: string | undefined }): Promise<ComparisonListResponse> {
      const rows = await store.list(userId, query.limit + 1, decodeCursor(query.cursor));
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        comparisons: await comparisonsOf(userId, page),
        nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
      };
    },

    /**
     * Picks the winner: one of the comparison's finished images. Picking the same one again changes nothing and says
     * nothing again; in a conversation, a new winner is announced in its thread, where it becomes the current image.
     * One transaction with the comparison's row locked: picks at once are taken one after the other, each note goes
     * with its winner, and a thread that cannot take the note now (an answer still coming) leaves the winner as it was.
     */
    async pickWinner(userId: string, id: string, imageId: string, language: Language = defaultLanguage): Promise<Comparison> {
      const comparison = await read(userId, id);
      const image = comparison.images.find((each) => each.id === imageId.toLowerCase());
      if (!image) throw new AppError("not_found:image", "That image is not one of this comparison's.");
      if (image.status !== "ready") throw new AppError("conflict:comparison_not_ready", "That image is not finished. Pick one that is ready.");
      if (comparison.winnerImageId === image.id) return comparison;
      // The thread is read (and a busy one refused) before the row is locked: the transaction holds one connection
      // and asks for no other, so picks at once never wait on the pool while holding the lock.
      const note = comparison.conversationId ? await deps.announceWinner?.({ userId, conversationId: comparison.conversationId, image, language }) : undefined;
      await withTransaction(deps.db, async (tx) => {
        const row = await store.lockOwned(tx, userId, id);
        if (!row) throw missingComparison();
        if (row.winnerImageId === image.id) return;
        await store.setWinner(tx, id, image.id);
        await note?.(tx);
      });
      return { ...comparison, winnerImageId: image.id };
    },
  };
}

export type ComparisonService = ReturnType<typeof createComparisonService>;
