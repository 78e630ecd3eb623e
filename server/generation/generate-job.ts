import { z } from "zod";
import { DEFAULT_ASPECT, DEFAULT_STYLE, PACK_SIZE } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import { defineJobType } from "../jobs/job-type.ts";
import { type ImageJobDeps, imageJobHandler, jobModel } from "./image-job.ts";

/**
 * Makes the picture of one pending generated image from its prompt, style, aspect, personas and base image; an A/B
 * pack's image also carries which of the pack's variants it is.
 */
export const generateJob = defineJobType(
  "generate",
  z.object({
    imageId: z.uuid(),
    variant: z.int().min(0).max(PACK_SIZE - 1).optional(),
    /** Queued by a process without sockets (the Discord bot): the worker announces the charged balance again. */
    announceCredits: z.boolean().optional(),
    model: jobModel,
    /** The creator asked the model to write the headline itself (decision 036). */
    modelText: z.boolean().optional(),
  }),
);

export function generateJobHandler(deps: ImageJobDeps) {
  return imageJobHandler(generateJob, deps, async (row, payload, work) => {
    const engine = row.model ? deps.engines.get(row.model) : undefined;
    if (!engine) throw new AppError("not_configured:model", "This model is not available on the server any more.");
    // A kit deleted after the request fails the job, refunded: the image is never made in another look than asked.
    const [personas, baseImage, styleKit] = await Promise.all([
      deps.personas.cutouts(row.userId, row.personaIds),
      row.baseImageId ? deps.images.originalBytes(row.userId, row.baseImageId) : undefined,
      row.styleKitId ? deps.styleKits.kitFor(row.userId, row.styleKitId) : undefined,
    ]);
    return engine.generate({
      prompt: row.prompt ?? "",
      style: row.style ?? DEFAULT_STYLE,
      aspect: row.aspect ?? DEFAULT_ASPECT,
      personas,
      baseImage,
      seed: row.seed ?? 0,
      variant: payload.variant,
      modelText: payload.modelText,
      styleKit,
      ...work,
    });
  });
}
