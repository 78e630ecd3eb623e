import { randomInt } from "node:crypto";
import type { z } from "zod/mini";
import { DEFAULT_ASPECT, DEFAULT_STYLE, type generateImageRequestSchema, type ImageRecord } from "../../contract/images.ts";
import { type DbOrTx, type Tx, withTransaction } from "../../db/open-db.ts";
import type { ImageRow, NewImageRow } from "../../db/schema/images.ts";
import type { CreditsService } from "../credits/service.ts";
import { AppError } from "../errors/app-error.ts";
import type { PersonaService } from "../personas/service.ts";
import type { RealtimePublisher } from "../realtime/publisher.ts";
import { editJob } from "./edit-job.ts";
import type { EngineSet, SceneChanges } from "./engine.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { generateJob } from "./generate-job.ts";
import type { ModelRegistry } from "./registry.ts";
import { type ImageService, toImageRecord } from "../images/service.ts";

export type GenerateRequest = z.output<typeof generateImageRequestSchema>;

export const DEFAULT_MODEL = "studio";

/**
 * Turns a request into a paid, queued job (docs/product/images.md, Generation): every check first, then the image row,
 * the charge and the job in one transaction, so there is never a charge without a job or a job without its charge.
 * The HTTP route and the chat's tools both come through here.
 */
export function createGenerationService(deps: {
  db: DbOrTx;
  registry: ModelRegistry;
  engines: EngineSet;
  personas: PersonaService;
  images: ImageService;
  credits: CreditsService;
  realtime: RealtimePublisher;
  queue: JobQueue;
}) {
  function modelFor(id: string, input: GenerateRequest) {
    const model = deps.registry.find(id);
    if (!model) throw new AppError("invalid:model", `There is no model called "${id}".`);
    if (!model.available || !deps.engines.has(model.id)) {
      throw new AppError("not_configured:model", `${model.label} is not available on this server. Pick another model.`);
    }
    if ((input.personaIds?.length ?? 0) > 0 && !model.capabilities.includes("persona")) {
      throw new AppError("invalid:model_personas", `${model.label} cannot draw personas. Pick another model.`);
    }
    if (input.baseImageId && !model.capabilities.some((c) => c === "edit" || c === "swap")) {
      throw new AppError("invalid:model_base_image", `${model.label} cannot start from an image. Pick another model.`);
    }
    return model;
  }

  /**
   * The image row, its charge and its job in one transaction, so there is never a charge without a job or a job
   * without its charge; then the new balance and the pending image reach every tab, and the worker wakes.
   */
  async function queuePaid(
    userId: string,
    model: { id: string; label: string; creditCost: number },
    image: Omit<NewImageRow, "userId" | "status" | "model" | "creditsSpent">,
    enqueue: (tx: Tx, row: ImageRow) => Promise<unknown>,
  ): Promise<ImageRecord> {
    const { row, credits } = await withTransaction(deps.db, async (tx) => {
      const row = await deps.images.createPendingIn(tx, { ...image, userId, model: model.id, creditsSpent: model.creditCost });
      // Keyed by the image: the ledger's UNIQUE (reason, ref) makes this charge, and its refund, happen once.
      const credits = await deps.credits.debitIn(tx, { userId, amount: model.creditCost, reason: "generation", ref: row.id });
      if (credits === undefined) {
        throw new AppError("insufficient_credits:generation", `${model.label} needs ${model.creditCost} credits for an image. Top up or pick a cheaper model.`);
      }
      await enqueue(tx, row);
      return { row, credits };
    });
    deps.credits.announce(userId, credits);
    const record = toImageRecord(row);
    deps.realtime.toUser(userId, "image:update", { image: record });
    deps.queue.wake();
    return record;
  }

  return {
    /** A model of the list by id (available or not), for what a request would cost before it is made. */
    findModel: (id: string) => deps.registry.find(id),

    async request(userId: string, input: GenerateRequest): Promise<ImageRecord> {
      const model = modelFor(input.model ?? DEFAULT_MODEL, input);
      const personaIds = [...new Set(input.personaIds ?? [])];
      await deps.personas.assertOwned(userId, personaIds);
      if (input.baseImageId) await deps.images.owned(userId, input.baseImageId);

      return queuePaid(userId, model, {
        kind: "generated",
        prompt: input.prompt,
        style: input.style,
        aspect: input.aspect,
        seed: input.seed ?? randomInt(0, 2 ** 32 - 1),
        personaIds,
        baseImageId: input.baseImageId ?? null,
      }, (tx, row) => deps.queue.enqueue(tx, generateJob, { imageId: row.id }, { userId }));
    },

    /**
     * Queues an edited copy of one of the user's finished images, as a new image linked to it: the same model, paid
     * like a generation. Studio re-renders the image's scene with the changes; a provider edits the image itself.
     */
    async requestEdit(userId: string, input: { imageId: string; instruction: string; changes: SceneChanges }): Promise<ImageRecord> {
      const { image: parent } = await deps.images.editSource(userId, input.imageId);
      const model = modelFor(parent.model ?? DEFAULT_MODEL, { prompt: input.instruction, style: parent.style ?? DEFAULT_STYLE, aspect: parent.aspect ?? DEFAULT_ASPECT });
      if (model.id !== DEFAULT_MODEL && !model.capabilities.includes("edit")) {
        throw new AppError("invalid:model_base_image", `${model.label} cannot edit images. Make a new one with another model instead.`);
      }
      return queuePaid(userId, model, {
        kind: "edited",
        parentId: parent.id,
        prompt: input.instruction,
        style: input.changes.style ?? parent.style,
        aspect: parent.aspect,
        seed: parent.seed,
        personaIds: parent.personaIds,
        baseImageId: parent.baseImageId,
      }, (tx, row) => deps.queue.enqueue(tx, editJob, { imageId: row.id, parentId: parent.id, instruction: input.instruction, changes: input.changes }, { userId }));
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
