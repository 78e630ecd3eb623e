import { z } from "zod";
import { DEFAULT_ASPECT, DEFAULT_STYLE } from "../../contract/images.ts";
import type { ImageRow } from "../../db/schema/images.ts";
import { AppError } from "../errors/app-error.ts";
import { defineJobType } from "../jobs/job-type.ts";
import type { GenerateProgress, GenerateResult } from "./engine.ts";
import { DEFAULT_MODEL } from "./default-model.ts";
import { type ImageJobDeps, imageJobHandler, jobModel } from "./image-job.ts";

/**
 * Replaces the subject of one of the user's images with one of their personas, as a new `subject-replaced` image.
 * `inScene`: the base is a Studio image, swapped by its scene's layers (decision 030); absent in jobs queued before.
 */
export const swapJob = defineJobType(
  "replace-subject",
  z.object({ imageId: z.uuid(), baseImageId: z.uuid(), personaId: z.uuid(), model: jobModel, inScene: z.boolean().optional() }),
);

/** The local swap: the base image's subject cut out, its place filled, the persona put in, all on this machine. */
export interface SubjectSwapper {
  replace(input: {
    base: Buffer;
    persona: Buffer;
    seed: number;
    signal: AbortSignal;
    onProgress: (progress: GenerateProgress) => void;
  }): Promise<{ png: Buffer; width: number; height: number }>;
}

/** What a provider model is told when it swaps with both images as references. */
export const providerSwapPrompt =
  "Replace the main subject of the first image with the person or character from the second image. Keep the first image's background, framing, lighting and size; match the new subject's position, scale and pose to the old one.";

type Work = { signal: AbortSignal; onProgress: (progress: GenerateProgress) => void };

export function swapJobHandler(deps: ImageJobDeps, swapper: SubjectSwapper) {
  /**
   * A Studio image re-rendered from its scene with the new persona in the hero's layer: no segmentation, so a busy
   * thumbnail cannot fail it. The row's personas are the scene's by subject index, the new one first; its base image
   * is the photo the scene was drawn on, if any. Undefined when the base has no scene this engine can swap into.
   */
  async function inScene(row: ImageRow, baseImageId: string, work: Work): Promise<GenerateResult | undefined> {
    const engine = deps.engines.get(DEFAULT_MODEL);
    if (!engine?.swapIntoScene) return undefined;
    const { scene } = await deps.images.detail(row.userId, baseImageId);
    if (scene === null) return undefined;
    const [personas, baseImage] = await Promise.all([
      deps.personas.cutouts(row.userId, row.personaIds),
      row.baseImageId ? deps.images.originalBytes(row.userId, row.baseImageId) : undefined,
    ]);
    return engine.swapIntoScene({ scene, personas, baseImage, ...work });
  }

  return imageJobHandler(swapJob, deps, async (row, payload, work) => {
    const local = !row.model || row.model === DEFAULT_MODEL;
    const fromScene = local && payload.inScene ? await inScene(row, payload.baseImageId, work) : undefined;
    if (fromScene) return fromScene;
    const [base, [persona]] = await Promise.all([deps.images.originalBytes(row.userId, payload.baseImageId), deps.personas.cutouts(row.userId, [payload.personaId])]);
    if (!persona) throw new AppError("not_found:persona", "That persona does not exist any more.");
    if (local) {
      const swapped = await swapper.replace({ base, persona: persona.png, seed: row.seed ?? 0, ...work });
      return { ...swapped, scene: null };
    }
    const engine = deps.engines.get(row.model ?? DEFAULT_MODEL);
    if (!engine) throw new AppError("not_configured:model", "This model is not available on the server any more.");
    return engine.generate({
      prompt: row.prompt ?? providerSwapPrompt,
      style: row.style ?? DEFAULT_STYLE,
      aspect: row.aspect ?? DEFAULT_ASPECT,
      personas: [persona],
      baseImage: base,
      seed: row.seed ?? 0,
      keepText: true,
      ...work,
    });
  });
}
