import { z } from "zod";
import { ART_WORD_MAX_LENGTH, headlineFonts, headlinePositions, MAX_IMAGES_PER_MESSAGE, subjectPositions } from "../../contract/chat.ts";
import { DEFAULT_ASPECT, DEFAULT_STYLE, imageAspectIds, imageStyles } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import { defineJobType } from "../jobs/job-type.ts";
import { type ImageJobDeps, imageJobHandler, jobModel } from "./image-job.ts";
import { samePicture } from "./same-picture.ts";

const changesSchema = z.object({
  headline: z.string().max(120).optional(),
  headlineColor: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i)
    .optional(),
  headlineScale: z.number().min(0.5).max(2).optional(),
  headlinePosition: z.enum(headlinePositions).optional(),
  subjectPosition: z.enum(subjectPositions).optional(),
  style: z.enum(imageStyles).optional(),
  artAdd: z.string().max(ART_WORD_MAX_LENGTH).optional(),
  artRemove: z.string().max(ART_WORD_MAX_LENGTH).optional(),
  headlineSide: z.enum(subjectPositions).optional(),
  backgroundColor: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i)
    .optional(),
  boost: z.boolean().optional(),
  aspect: z.enum(imageAspectIds).optional(),
  headlineFont: z.enum(headlineFonts).optional(),
  shorterHeadline: z.boolean().optional(),
  headlineOutlineColor: z
    .string()
    .regex(/^#[0-9a-f]{6}$/i)
    .optional(),
});

/**
 * Makes an edited copy of one of the user's images as a new image: a Studio image re-renders its stored scene with
 * the changed layers, and so does a provider's headline over its model's picture (a change of the picture itself
 * goes to the model first; decision 036); a provider image whose model drew its words goes to its model with the
 * image as the reference and the user's words, keeping the words it has unless the edit names new ones.
 */
export const editJob = defineJobType(
  "edit",
  z.object({
    imageId: z.uuid(),
    parentId: z.uuid(),
    instruction: z.string().min(1).max(2000),
    changes: changesSchema,
    /** Which variant of the parent's scene this is (varyImage): laid out again before the changes; absent for an edit. */
    variant: z.int().min(1).max(MAX_IMAGES_PER_MESSAGE).optional(),
    /** Queued by a process that holds no sockets (the Discord bot): the worker announces the charged balance. */
    announceCredits: z.boolean().optional(),
    model: jobModel,
  }),
);

export function editJobHandler(deps: ImageJobDeps) {
  return imageJobHandler(editJob, deps, async (row, payload, work) => {
    const engine = row.model ? deps.engines.get(row.model) : undefined;
    if (!engine) throw new AppError("not_configured:model", "This model is not available on the server any more.");
    const { image: parent, scene } = await deps.images.editSource(row.userId, payload.parentId);
    const personas = await deps.personas.cutouts(row.userId, parent.personaIds);
    if (engine.edit && scene !== null && (engine.editsScene?.(scene) ?? true)) {
      const baseImage = parent.baseImageId ? await deps.images.originalBytes(row.userId, parent.baseImageId) : undefined;
      return engine.edit({ scene, changes: payload.changes, personas, baseImage, instruction: payload.instruction, ...(payload.variant === undefined ? {} : { variant: payload.variant }), ...work });
    }
    const parentBytes = await deps.images.originalBytes(row.userId, parent.id);
    const headline = payload.changes.headline?.trim();
    const result = await engine.generate({
      prompt: payload.instruction,
      style: row.style ?? DEFAULT_STYLE,
      aspect: row.aspect ?? DEFAULT_ASPECT,
      personas,
      baseImage: parentBytes,
      seed: row.seed ?? 0,
      // The image's own words are the creator's (its model drew them, or it predates headline layers), and "make the
      // sky a sunset" says nothing about them: the model keeps them and no headline is added. Only an edit that names
      // new words (the feed check's text-layer fix for misspelt ones) gets them as a text layer over a text-free
      // picture, since that is what it asked: the words spelt exactly as given.
      ...(headline ? { headline } : { keepText: true, modelText: modelDrewText(scene) }),
      ...work,
    });
    // A model that hands the picture back untouched made no edit: the image fails and its charge is refunded.
    if (await samePicture(result.png, parentBytes)) {
      throw new AppError("unprocessable:no_change", "The model returned the image unchanged, so nothing was charged. Try describing the change differently.");
    }
    return result;
  });
}

/** Whether a provider's record says its model drew the image's words itself (decision 036). */
function modelDrewText(scene: unknown): boolean {
  return typeof scene === "object" && scene !== null && (scene as { modelText?: unknown }).modelText === true;
}
