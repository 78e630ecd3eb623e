import { randomInt, randomUUID } from "node:crypto";
import type { z } from "zod/mini";
import {
  DEFAULT_ASPECT,
  DEFAULT_STYLE,
  type generateImageRequestSchema,
  type generatePackRequestSchema,
  type ImageRecord,
  type Pack,
  PACK_ASPECT,
  PACK_SIZE,
} from "../../contract/images.ts";
import { onlyHeadlineChanges, type SceneChange } from "../../contract/chat.ts";
import type { Tx } from "../../db/open-db.ts";
import type { ImageRow } from "../../db/schema/images.ts";
import type { CreditsService } from "../credits/service.ts";
import { AppError } from "../errors/app-error.ts";
import type { CreditWork, Metrics } from "../metrics/metrics.ts";
import type { PersonaService } from "../personas/service.ts";
import type { RateLimiter, RateRule } from "../rate-limit/service.ts";
import { editJob } from "./edit-job.ts";
import type { EngineSet, SceneChanges } from "./engine.ts";
import type { JobQueue } from "../jobs/queue.ts";
import { DEFAULT_MODEL } from "./default-model.ts";
import { generateJob } from "./generate-job.ts";
import { swapJob } from "./swap-job.ts";
import { isModelPictureScene } from "../studio/engine.ts";
import type { ModelRegistry } from "./registry.ts";
import type { ModelEntry } from "../../contract/images.ts";
import type { StyleKitService } from "../style-kits/service.ts";
import { type ImageService, type PendingDraft, toImageRecord } from "../images/service.ts";

/** A queued edit, with its scene diff when it is a Studio edit; or no image at all, for an edit that changes nothing. */
export type EditRequestOutcome = { kind: "queued"; image: ImageRecord; changes?: SceneChange[] } | { kind: "no-change" };

/**
 * Variants of an image: of its scene, with the message's changes (`changes`, their diff) applied to each; or, for an
 * image with no scene to vary (a provider's), new images from its prompt (`from-prompt`), which the answer says.
 */
export type VariantsOutcome = { kind: "scene"; images: ImageRecord[]; changes: SceneChange[] } | { kind: "from-prompt"; images: ImageRecord[] };

export type GenerateRequest = z.output<typeof generateImageRequestSchema>;
export type GeneratePackInput = z.output<typeof generatePackRequestSchema>;

/**
 * A pack variant's own seed: the pack's, mixed with the variant number (a 32-bit integer hash), so the three differ
 * wherever the seed decides, and the same pack seed always gives the same three.
 */
export function variantSeed(packSeed: number, variant: number): number {
  let x = (packSeed ^ Math.imul(variant + 1, 0x9e3779b9)) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
}

export { DEFAULT_MODEL };

/**
 * Turns a request into a paid, queued job (docs/product/images.md, Generation): every check first, then the image row,
 * the charge and the job in one transaction, so there is never a charge without a job or a job without its charge.
 * The HTTP route and the chat's tools both come through here.
 */
export function createGenerationService(deps: {
  registry: ModelRegistry;
  engines: EngineSet;
  personas: PersonaService;
  images: ImageService;
  credits: CreditsService;
  queue: JobQueue;
  /** Counts the charges (`credits_charged_total`). */
  metrics?: Pick<Metrics, "creditsCharged"> | undefined;
  rateLimiter: RateLimiter;
  /** Checks a style kit a request names is the user's, before anything is charged. */
  styleKits: Pick<StyleKitService, "assertOwned" | "has">;
  /** Free (headline-only) edits one account may queue per hour: no credit bounds them (FREE_EDITS_PER_USER_PER_HOUR). */
  freeEditsPerHour: number;
}) {
  const freeEditRule: RateRule = { name: "free-edit", limit: deps.freeEditsPerHour, windowMs: 3600_000 };

  async function enforceFreeEdits(userId: string): Promise<void> {
    const decision = await deps.rateLimiter.consume(freeEditRule, userId);
    if (!decision.allowed) {
      throw new AppError("rate_limited:free-edit", "You made many free headline edits this hour. Wait a little before the next one.", undefined, {
        retryAfterSeconds: decision.retryAfterSeconds,
      });
    }
  }

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

  type ImageDraft = Omit<PendingDraft, "model" | "creditsSpent">;

  /**
   * A new image made from one of the user's images (an edit, a variant): linked to it, with its personas and base photo,
   * its video title, and the style and frame the changes ask for, else its own. Its seed is the parent's unless a new one is given.
   */
  function childOf(
    parent: Pick<ImageRow, "id" | "style" | "aspect" | "seed" | "personaIds" | "baseImageId" | "title" | "styleKitId">,
    made: { kind: "edited" | "generated"; prompt: string; changes: SceneChanges; options: MadeIn; seed?: number },
  ): ImageDraft {
    return {
      kind: made.kind,
      conversationId: made.options.conversationId ?? null,
      parentId: parent.id,
      prompt: made.prompt,
      style: made.changes.style ?? parent.style,
      aspect: made.changes.aspect ?? parent.aspect,
      seed: made.seed ?? parent.seed,
      personaIds: parent.personaIds,
      baseImageId: parent.baseImageId,
      // A new version of the same thumbnail is for the same video, and in the same style kit.
      title: parent.title,
      styleKitId: parent.styleKitId,
    };
  }
  /** The chat conversation asking for an image, when one is: its gallery tab and search follow it. */
  type MadeIn = { conversationId?: string | undefined };
  /**
   * `alsoIn`: more work queued in the same transaction as the images (the Discord bot's post of the result), given the
   * new images' ids; `announceFromWorker`: the caller holds no sockets, so the worker announces the charged balance.
   */
  type AlsoQueued<Made> = { alsoIn?: (tx: Tx, made: Made) => Promise<unknown>; announceFromWorker?: boolean };

  /**
   * The image rows, their charge and their jobs in one transaction (the image lifecycle's `createPending`), so there
   * is never a charge without a job or a job without its charge; then the new balance and the pending images reach
   * every tab, and the worker wakes. One image is charged under its own id; a pack once, for all its images, under the
   * pack's id (`charge.ref`). Either way each image records its own cost, so a failed one is refunded alone, under its
   * own id.
   */
  async function queuePaid(
    userId: string,
    model: { id: string; label: string; creditCost: number },
    drafts: readonly ImageDraft[],
    enqueue: (tx: Tx, row: ImageRow, index: number) => Promise<unknown>,
    charge: { ref?: string; shortMessage: string; work: CreditWork },
  ): Promise<ImageRecord[]> {
    const { rows } = await deps.images.lifecycle.createPending(
      userId,
      drafts.map((draft) => ({ ...draft, model: model.id, creditsSpent: model.creditCost })),
      {
        chargeRef: charge.ref,
        shortOfCredits: () => new AppError("insufficient_credits:generation", charge.shortMessage),
        alsoIn: async (tx, rows) => {
          for (const [index, row] of rows.entries()) await enqueue(tx, row, index);
        },
      },
    );
    if (model.creditCost > 0) deps.metrics?.creditsCharged(model.creditCost * rows.length, charge.work);
    deps.queue.wake();
    return rows.map(toImageRecord);
  }

  /** One paid image: charged under its own id. */
  async function queueOne(
    userId: string,
    model: { id: string; label: string; creditCost: number },
    draft: ImageDraft,
    enqueue: (tx: Tx, row: ImageRow) => Promise<unknown>,
    work: CreditWork,
  ): Promise<ImageRecord> {
    const shortMessage = `${model.label} needs ${model.creditCost} credits for an image. Top up or pick a cheaper model.`;
    const [record] = await queuePaid(userId, model, [draft], enqueue, { shortMessage, work });
    if (!record) throw new Error("a paid request queued no image");
    return record;
  }

  /** The checks every new picture passes first: its model, and the personas and base image being the user's own. */
  async function checkedRequest(userId: string, input: GenerateRequest) {
    const model = modelFor(input.model ?? DEFAULT_MODEL, input);
    const personaIds = [...new Set(input.personaIds ?? [])];
    await deps.personas.assertOwned(userId, personaIds);
    if (input.baseImageId) await deps.images.owned(userId, input.baseImageId);
    if (input.styleKitId) await deps.styleKits.assertOwned(userId, input.styleKitId);
    return { model, personaIds };
  }

  return {
    /** A model of the list by id (available or not), for what a request would cost before it is made. */
    findModel: (id: string) => deps.registry.find(id),

    /**
     * `options.alsoIn`: more work queued in the same transaction (the Discord bot's post of the result);
     * `options.announceFromWorker`: the caller holds no sockets, so the worker announces the charged balance.
     */
    async request(
      userId: string,
      input: GenerateRequest,
      options: { alsoIn?: (tx: Tx, imageId: string) => Promise<unknown>; announceFromWorker?: boolean } & MadeIn = {},
    ): Promise<ImageRecord> {
      const { model, personaIds } = await checkedRequest(userId, input);
      return queueOne(userId, model, {
        kind: "generated",
        conversationId: options.conversationId ?? null,
        prompt: input.prompt,
        style: input.style,
        aspect: input.aspect,
        seed: input.seed ?? randomInt(0, 2 ** 32 - 1),
        personaIds,
        baseImageId: input.baseImageId ?? null,
        styleKitId: input.styleKitId ?? null,
      }, async (tx, row) => {
        await deps.queue.enqueue(tx, generateJob, { imageId: row.id, model: model.id, ...(options.announceFromWorker ? { announceCredits: true } : {}), ...(input.modelText ? { modelText: true } : {}) }, { userId });
        await options.alsoIn?.(tx, row.id);
      }, "generate");
    },

    /**
     * Queues an A/B pack (docs/product/images.md, The A/B pack): three 16:9 variants of one prompt, each with its own
     * seed derived from the pack's and its variant number in its job, so an engine can vary composition and colour.
     * With `baseImageIds`, variant i starts from the i-th image (three moments of one video).
     * What all three cost is checked first and charged once, with the three rows and their jobs, or nothing is made.
     */
    async requestPack(userId: string, input: GeneratePackInput, options: MadeIn & AlsoQueued<readonly string[]> = {}): Promise<Pack> {
      const { baseImageIds, ...single } = input;
      if (baseImageIds && input.baseImageId) throw new AppError("invalid:body", "Send baseImageId or baseImageIds, not both.");
      if (baseImageIds && new Set(baseImageIds).size !== baseImageIds.length) throw new AppError("invalid:body", "The pack's base images must be three different images.");
      // With a base per variant, the model is checked as starting from an image, and each base is checked as owned.
      const request: GenerateRequest = { ...single, aspect: PACK_ASPECT, ...(baseImageIds?.[0] ? { baseImageId: baseImageIds[0] } : {}) };
      const { model, personaIds } = await checkedRequest(userId, request);
      for (const id of baseImageIds?.slice(1) ?? []) await deps.images.owned(userId, id);
      const baseOf = (variant: number): string | null => baseImageIds?.[variant] ?? input.baseImageId ?? null;
      const cost = model.creditCost * PACK_SIZE;
      const price = `An A/B pack of ${PACK_SIZE} thumbnails with ${model.label} costs ${cost} credits (${model.creditCost} each)`;
      const balance = (await deps.credits.balance(userId)) ?? 0;
      if (balance < cost) throw new AppError("insufficient_credits:generation", `${price}, and you have ${balance}. Top up or pick a cheaper model.`);
      const packId = randomUUID();
      const packSeed = input.seed ?? randomInt(0, 2 ** 32 - 1);
      const drafts = Array.from({ length: PACK_SIZE }, (_, variant): ImageDraft => ({
        kind: "generated",
        prompt: input.prompt,
        style: input.style,
        aspect: PACK_ASPECT,
        seed: variantSeed(packSeed, variant),
        personaIds,
        baseImageId: baseOf(variant),
        packId,
        packVariant: variant,
        conversationId: options.conversationId ?? null,
        styleKitId: input.styleKitId ?? null,
      }));
      // The rows' ids by variant, for the work queued after the last one (kept per transaction: a retry starts again).
      let queued: string[] = [];
      const images = await queuePaid(userId, model, drafts, async (tx, row, variant) => {
        await deps.queue.enqueue(tx, generateJob, { imageId: row.id, variant, model: model.id, ...(options.announceFromWorker ? { announceCredits: true } : {}), ...(input.modelText ? { modelText: true } : {}) }, { userId });
        queued = variant === 0 ? [row.id] : [...queued, row.id];
        if (variant === drafts.length - 1) await options.alsoIn?.(tx, queued);
      }, {
        ref: packId,
        work: "pack",
        // Spent elsewhere between the check and the charge: the balance left is no longer known here.
        shortMessage: `${price}, more than you have left. Top up or pick a cheaper model.`,
      });
      return { id: packId, images };
    },

    /**
     * The models a comparison tries (docs/product/compare.md): the Studio and every provider model this server can run,
     * in the list's order. What a comparison costs is the sum of their prices.
     */
    comparisonModels(): ModelEntry[] {
      return deps.registry.list().filter((model) => model.available && deps.engines.has(model.id) && model.capabilities.includes("generate"));
    },

    /**
     * Queues one comparison: the same prompt, style, frame, seed, personas and base image on each of `models`, one
     * image each, tagged with the comparison's id. What all of them cost is checked first and charged once, under the
     * comparison's id, with the rows, their jobs and whatever `alsoIn` writes (the comparison's own row), or nothing is
     * made; each image records its own price, so a failed one is refunded alone.
     */
    async requestComparison(
      userId: string,
      input: { prompt: string; style: ImageDraft["style"]; aspect: ImageDraft["aspect"]; seed?: number | undefined; personaIds: string[]; baseImageId: string | null; title?: string | null },
      models: readonly ModelEntry[],
      options: MadeIn & { comparisonId: string; alsoIn: (tx: Tx) => Promise<unknown> },
    ): Promise<ImageRecord[]> {
      if (models.length === 0) throw new AppError("not_configured:model", "No model is available on this server.");
      await deps.personas.assertOwned(userId, input.personaIds);
      if (input.baseImageId) await deps.images.owned(userId, input.baseImageId);
      const cost = models.reduce((sum, model) => sum + model.creditCost, 0);
      const price = `Trying this on ${models.length} models costs ${cost} credits`;
      const balance = (await deps.credits.balance(userId)) ?? 0;
      if (balance < cost) throw new AppError("insufficient_credits:generation", `${price}, and you have ${balance}. Top up first.`);
      const seed = input.seed ?? randomInt(0, 2 ** 32 - 1);
      const drafts: PendingDraft[] = models.map((model) => ({
        kind: "generated",
        conversationId: options.conversationId ?? null,
        prompt: input.prompt,
        style: input.style,
        aspect: input.aspect,
        seed,
        personaIds: input.personaIds,
        baseImageId: input.baseImageId,
        title: input.title ?? null,
        comparisonId: options.comparisonId,
        model: model.id,
        creditsSpent: model.creditCost,
      }));
      const { rows } = await deps.images.lifecycle.createPending(userId, drafts, {
        chargeRef: options.comparisonId,
        shortOfCredits: () => new AppError("insufficient_credits:generation", `${price}, more than you have left. Top up first.`),
        alsoIn: async (tx, made) => {
          await options.alsoIn(tx);
          for (const row of made) await deps.queue.enqueue(tx, generateJob, { imageId: row.id, model: row.model ?? DEFAULT_MODEL }, { userId });
        },
      });
      if (cost > 0) deps.metrics?.creditsCharged(cost, "generate");
      deps.queue.wake();
      return rows.map(toImageRecord);
    },

    /**
     * What an edit would change in the user's image, worked out on its scene without making or charging anything;
     * undefined when it cannot be told ahead (a provider image, an object the art set cannot draw). The chat asks
     * before it quotes an edit, so an edit that changes nothing is never put to the user as a spend.
     */
    async previewEdit(userId: string, input: { imageId: string; changes: SceneChanges }): Promise<{ modelId: string; changes: SceneChange[] | undefined; free: boolean }> {
      const { image: parent, scene } = await deps.images.editSource(userId, input.imageId);
      const modelId = parent.model ?? DEFAULT_MODEL;
      const changes = deps.engines.get(modelId)?.diffEdit?.(scene, input.changes);
      return { modelId, changes, free: onlyHeadlineChanges(changes) };
    },

    /**
     * Queues an edited copy of one of the user's finished images, as a new image linked to it: the same model, paid
     * like a generation. Studio re-renders the image's scene with the changes; a provider edits the image itself.
     * A Studio edit is worked out on the scene first and diffed against the parent's: an edit that changes nothing
     * makes no image and charges nothing (docs/decisions/029-edits-report-a-scene-diff.md); one that changes the
     * headline alone is laid out again from the scene with no model drawing anything, and is free
     * (docs/decisions/038-headline-edits-are-free.md).
     */
    async requestEdit(
      userId: string,
      input: { imageId: string; instruction: string; changes: SceneChanges },
      options: MadeIn & AlsoQueued<string> & {
        /**
         * The new image keeps the parent's prompt (the creator's words, shown in the gallery and as alt text) rather
         * than the instruction, which only the model is told: for edits the creator did not word, the feed check's fix.
         */
        keepParentPrompt?: boolean;
      } = {},
    ): Promise<EditRequestOutcome> {
      const { image: parent, scene } = await deps.images.editSource(userId, input.imageId);
      const model = modelFor(parent.model ?? DEFAULT_MODEL, { prompt: input.instruction, style: parent.style ?? DEFAULT_STYLE, aspect: parent.aspect ?? DEFAULT_ASPECT });
      if (model.id !== DEFAULT_MODEL && !model.capabilities.includes("edit")) {
        throw new AppError("invalid:model_base_image", `${model.label} cannot edit images. Make a new one with another model instead.`);
      }
      const changes = deps.engines.get(model.id)?.diffEdit?.(scene, input.changes);
      if (changes?.length === 0) return { kind: "no-change" };
      // Only a scene can be laid out again; a provider's picture would be cropped or redrawn, which is not what was asked.
      if (input.changes.aspect !== undefined && input.changes.aspect !== parent.aspect && changes === undefined) {
        throw new AppError("unprocessable:relay", `This image has no Studio scene to lay out again. Make a new one in ${input.changes.aspect} instead.`);
      }
      // The price is decided here, from the diff, and written with the image: its refund can only give back what it cost.
      const free = onlyHeadlineChanges(changes);
      // A free edit still renders: with no credit to spend, this rule is what bounds them, whichever path asks
      // (the chat, the feed check's fix, the API).
      if (free) await enforceFreeEdits(userId);
      const priced = free ? { ...model, creditCost: 0 } : model;
      const image = await queueOne(userId, priced, childOf(parent, { kind: "edited", prompt: (options.keepParentPrompt ? parent.prompt : null) ?? input.instruction, changes: input.changes, options }), async (tx, row) => {
        await deps.queue.enqueue(tx, editJob, { imageId: row.id, parentId: parent.id, instruction: input.instruction, changes: input.changes, model: model.id, ...(options.announceFromWorker ? { announceCredits: true } : {}) }, { userId });
        await options.alsoIn?.(tx, row.id);
      }, "edit");
      return { kind: "queued", image, ...(changes ? { changes } : {}) };
    },

    /**
     * Queues `count` variants of one of the user's finished images as new images linked to it, each charged under its
     * own id (docs/decisions/031-one-current-image.md): a Studio image's scene is laid out again as variant 1, 2, 3…
     * with every earlier edit kept and this message's changes applied to each. An image with no scene to vary is made
     * again from its prompt with new seeds, and the outcome says so.
     */
    async requestVariants(
      userId: string,
      input: { imageId: string; count: number; instruction: string; changes: SceneChanges; model?: string | undefined },
      options: MadeIn = {},
    ): Promise<VariantsOutcome> {
      const { image: parent, scene } = await deps.images.editSource(userId, input.imageId);
      // Another model than the one that drew it cannot vary its scene: it draws the prompt again.
      const otherModel = input.model !== undefined && input.model !== (parent.model ?? DEFAULT_MODEL);
      const model = modelFor(otherModel && input.model ? input.model : (parent.model ?? DEFAULT_MODEL), {
        prompt: input.instruction,
        style: parent.style ?? DEFAULT_STYLE,
        aspect: parent.aspect ?? DEFAULT_ASPECT,
        personaIds: parent.personaIds,
        ...(parent.baseImageId ? { baseImageId: parent.baseImageId } : {}),
      });
      // A model's picture under its headline (decision 036) is not redrawn into near copies at full price: new versions
      // are drawn afresh from the prompt, each over a picture of its own, never over this one.
      const overModelPicture = isModelPictureScene(scene);
      const changes = otherModel || overModelPicture ? undefined : deps.engines.get(model.id)?.diffEdit?.(scene, input.changes);
      const shortMessage = `${input.count} images with ${model.label} cost ${model.creditCost * input.count} credits. Top up or ask for fewer.`;
      if (changes === undefined) {
        if (!parent.prompt) throw new AppError("unprocessable:image", "This image has no prompt to make new versions from. Describe the thumbnail you want instead.");
        const prompt = parent.prompt;
        // Drawn afresh, a version reads its kit in the job: a kit deleted since is checked here, before the charge, and
        // left out (the versions come in the image's look without it), rather than a job that fails and refunds.
        const kitGone = parent.styleKitId !== null && !(await deps.styleKits.has(userId, parent.styleKitId));
        const drafts = Array.from({ length: input.count }, () => ({
          ...childOf(parent, { kind: "generated", prompt, changes: input.changes, options, seed: randomInt(0, 2 ** 32 - 1) }),
          ...(overModelPicture ? { baseImageId: null } : {}),
          ...(kitGone ? { styleKitId: null } : {}),
        }));
        const images = await queuePaid(userId, model, drafts, (tx, row) => deps.queue.enqueue(tx, generateJob, { imageId: row.id, model: model.id }, { userId }), { shortMessage, work: "generate" });
        return { kind: "from-prompt", images };
      }
      const drafts = Array.from({ length: input.count }, () => childOf(parent, { kind: "edited", prompt: input.instruction, changes: input.changes, options }));
      const images = await queuePaid(
        userId,
        model,
        drafts,
        (tx, row, index) =>
          deps.queue.enqueue(tx, editJob, { imageId: row.id, parentId: parent.id, instruction: input.instruction, changes: input.changes, variant: index + 1, model: model.id }, { userId }),
        { shortMessage, work: "edit" },
      );
      return { kind: "scene", images, changes };
    },

    /**
     * Queues a subject swap: one of the user's personas takes the place of the subject of one of their images, as a
     * new `subject-replaced` image, paid like a generation. Studio swaps on this machine: into an image it drew, by the
     * scene's layers (the persona takes the hero's index, the scene's photo stays its base, so later edits still work;
     * decision 030); into any other image, by the subject's mask. A provider model that can swap gets both images as
     * references.
     */
    async requestSubjectSwap(userId: string, input: { baseImageId: string; personaId: string; model?: string | undefined }, options: MadeIn = {}): Promise<ImageRecord> {
      const base = await deps.images.owned(userId, input.baseImageId);
      if (base.status !== "ready") throw new AppError("invalid:model_base_image", "That image is not ready yet. Try again when it has finished.");
      await deps.personas.assertOwned(userId, [input.personaId]);
      const model = modelFor(input.model ?? DEFAULT_MODEL, { prompt: "", style: DEFAULT_STYLE, aspect: DEFAULT_ASPECT });
      if (!model.capabilities.includes("swap")) throw new AppError("invalid:model_base_image", `${model.label} cannot swap subjects. Pick another model.`);
      const studioMade = model.id === DEFAULT_MODEL && base.model === DEFAULT_MODEL && base.kind !== "upload";
      const inScene = studioMade && (await deps.images.hasScene(base.id));
      return queueOne(userId, model, {
        kind: "subject-replaced",
        conversationId: options.conversationId ?? null,
        prompt: inScene ? base.prompt : null,
        style: inScene ? base.style : null,
        aspect: base.aspect,
        seed: inScene ? base.seed : randomInt(0, 2 ** 32 - 1),
        personaIds: inScene ? [input.personaId, ...base.personaIds.slice(1)] : [input.personaId],
        baseImageId: inScene ? base.baseImageId : base.id,
        parentId: base.id,
      }, (tx, row) => deps.queue.enqueue(tx, swapJob, { imageId: row.id, baseImageId: base.id, personaId: input.personaId, model: model.id, ...(inScene ? { inScene } : {}) }, { userId }), "replace-subject");
    },
  };
}

export type GenerationService = ReturnType<typeof createGenerationService>;
