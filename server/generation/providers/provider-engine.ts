import { generateImage, type ImageModel } from "ai";
import sharp from "sharp";
import { imageAspects, MAX_IMAGE_PIXELS, MAX_PERSONAS, MAX_PROMPT_LENGTH } from "../../../contract/images.ts";
import { AppError } from "../../errors/app-error.ts";
import { sniffImageType } from "../../image-type.ts";
import type { EditInput, GenerateInput, GenerateResult, ImageEngine, SceneChanges } from "../engine.ts";
import { samePicture } from "../same-picture.ts";
import { isModelPictureScene, modelPictureClearArea, type StudioEngine } from "../../studio/engine.ts";
import { malformed, toProviderError } from "./provider-errors.ts";
import { buildProviderPrompt, referenceImages, type TextInstruction } from "./provider-prompt.ts";

type GenerateImageOptions = Parameters<typeof generateImage>[0];

/** The per-call part a provider decides: how the prompt, images, aspect and seed reach its wire format. */
export interface ProviderRequest {
  /** A different model for this call (fal serves Kontext text-to-image and editing at two endpoints). */
  model?: ImageModel;
  prompt: GenerateImageOptions["prompt"];
  aspectRatio?: GenerateImageOptions["aspectRatio"];
  size?: GenerateImageOptions["size"];
  seed?: number;
  providerOptions?: GenerateImageOptions["providerOptions"];
}

/** What every provider engine is built from (provider-engines.ts fills it from config). */
export interface ProviderEngineOptions {
  /** Our model id (contract/models.ts). */
  id: string;
  apiKey: string;
  /** The provider's model id, from config. */
  modelId: string;
  baseUrl: string;
  /** The guarded fetch (result-fetch.ts). */
  fetch: typeof globalThis.fetch;
  /** Draws the headline over the model's picture (decision 036). */
  studio: StudioEngine;
}

export interface ProviderEngineSpec {
  /** Our model id (contract/models.ts). */
  id: string;
  /** Who runs it, for the scene record: "black-forest-labs", "fal", "replicate", "openai", "google". */
  provider: string;
  /** The provider's model id, from config. */
  modelId: string;
  model: ImageModel;
  buildRequest(text: string, images: Buffer[], input: GenerateInput): Promise<ProviderRequest> | ProviderRequest;
  studio: StudioEngine;
}

/**
 * The changes that concern the headline layer alone: re-rendered over the same picture, never sent to the model.
 * "Make it pop" is one of them: over a model's picture there is no Studio background to saturate, so it only makes
 * the headline bigger and its outline heavier.
 */
const headlineChanges = ["headline", "headlineColor", "headlineScale", "headlinePosition", "headlineSide", "headlineFont", "shorterHeadline", "headlineOutlineColor", "boost"] as const;

const isHeadlineChange = (key: string) => (headlineChanges as readonly string[]).includes(key);

/** Whether the edit names any change at all; words alone ("make it night time") are the model's to draw. */
const namesChanges = (changes: SceneChanges) => Object.values(changes).some((value) => value !== undefined);

function headlineOnly(changes: SceneChanges): SceneChanges {
  return Object.fromEntries(Object.entries(changes).filter(([key, value]) => value !== undefined && isHeadlineChange(key)));
}

/**
 * Whether an edit changes the model's picture, read as the scene edit reads changes: an absent, false or empty value
 * asks for nothing, and neither does the style or frame the scene already has, so none of them buys a redraw.
 */
function changesPicture(scene: unknown, changes: SceneChanges): boolean {
  const stored = (typeof scene === "object" && scene !== null ? scene : {}) as { style?: unknown; aspect?: unknown };
  return Object.entries(changes).some(([key, value]) => {
    if (isHeadlineChange(key) || value === undefined || value === false || (typeof value === "string" && value.trim() === "")) return false;
    return !((key === "style" && value === stored.style) || (key === "aspect" && value === stored.aspect));
  });
}

/** Pixel cap for anything a provider sends back (the upload pixel limit). */
const MAX_RESULT_PIXELS = MAX_IMAGE_PIXELS;

/**
 * One engine per provider model, all running the same steps around `generateImage` from the AI SDK. The model draws
 * the picture without words and the Studio draws the headline over it as a text layer, so it is always spelled
 * right and stays editable; only when the creator asks for it (`modelText`) does the model write the headline
 * (decision 036).
 */
export function createProviderEngine(spec: ProviderEngineSpec): ImageEngine {
  const { studio } = spec;

  /** The model's picture for a prompt, as a PNG of the asked aspect, and the prompt it was sent. */
  async function draw(input: GenerateInput, text: TextInstruction): Promise<{ png: Buffer; width: number; height: number; prompt: string }> {
    const images = referenceImages(input);
    const prompt = buildProviderPrompt(input, images.length > 0, text);
    input.onProgress?.({ stage: "provider", percent: 10 });
    let bytes: Uint8Array;
    try {
      const { model, ...request } = await spec.buildRequest(prompt, images, input);
      const result = await generateImage({ ...request, model: model ?? spec.model, n: 1, maxRetries: 0, abortSignal: input.signal });
      bytes = result.image.uint8Array;
    } catch (err) {
      throw toProviderError(err, input.signal);
    }
    input.onProgress?.({ stage: "provider", percent: 90 });
    return { ...(await normaliseToPng(bytes, input.aspect)), prompt };
  }

  /** The scene rendered over the picture with the Studio's text renderer; the stored scene says who drew the picture. */
  async function headlineOver(scene: unknown, changes: SceneChanges, picture: Buffer, prompt: string, input: Pick<GenerateInput, "signal" | "onProgress">): Promise<GenerateResult> {
    // A headline renders in a tenth of a second: its steps are not worth announcing after the model's wait.
    const rendered = await studio.edit({ scene, changes, personas: [], baseImage: picture, signal: input.signal });
    input.onProgress?.({ stage: "encode", percent: 100 });
    return { ...rendered, scene: { ...(rendered.scene as object), provider: spec.provider, model: spec.modelId, prompt } };
  }

  return {
    id: spec.id,
    async generate(input: GenerateInput): Promise<GenerateResult> {
      input.signal?.throwIfAborted();
      assertInput(input);
      if (input.keepText) {
        const drawn = await draw(input, { kind: "keep" });
        input.onProgress?.({ stage: "encode", percent: 100 });
        // Words the model drew before are still the model's: the record says so, as it did for the image edited.
        return { png: drawn.png, width: drawn.width, height: drawn.height, scene: { provider: spec.provider, model: spec.modelId, prompt: drawn.prompt, ...(input.modelText ? { modelText: true } : {}) } };
      }
      const planned = studio.pictureScene({ prompt: input.prompt, style: input.style, aspect: input.aspect, seed: input.seed, variant: input.variant, kit: input.styleKit });
      const headline = input.headline ?? planned.scene.text[0]?.text ?? "";
      if (input.modelText) {
        const drawn = await draw(input, { kind: "draw", headline });
        input.onProgress?.({ stage: "encode", percent: 100 });
        // No text layer: the words are in the pixels, as the model drew them.
        return { png: drawn.png, width: drawn.width, height: drawn.height, scene: { provider: spec.provider, model: spec.modelId, prompt: drawn.prompt, modelText: true } };
      }
      const drawn = await draw(input, { kind: "none", clearArea: planned.clearArea });
      return { ...(await headlineOver(planned.scene, input.headline === undefined ? {} : { headline }, drawn.png, drawn.prompt, input)), picture: drawn.png };
    },

    editsScene: isModelPictureScene,

    /**
     * An edit of a headline over the model's picture: the headline alone is rendered again over the same picture with
     * no model call; a change of the picture itself (an object, a style, another variant) goes to the model with the
     * picture, and the headline is drawn again over its answer.
     */
    async edit(input: EditInput): Promise<GenerateResult> {
      input.signal?.throwIfAborted();
      const clearArea = modelPictureClearArea(input.scene);
      if (clearArea === undefined || input.baseImage === undefined) {
        throw new AppError("unprocessable:image", "This image has no picture to draw its headline over; generate a new one instead.");
      }
      const stored = input.scene as { prompt?: unknown; style?: GenerateInput["style"]; aspect?: GenerateInput["aspect"]; seed?: number };
      const prompt = typeof stored.prompt === "string" ? stored.prompt : "";
      if (namesChanges(input.changes) && !changesPicture(input.scene, input.changes) && input.variant === undefined) {
        return headlineOver(input.scene, input.changes, input.baseImage, prompt, input);
      }
      const instruction = input.instruction?.trim() || prompt;
      const request: GenerateInput = {
        prompt: instruction.slice(0, MAX_PROMPT_LENGTH),
        style: input.changes.style ?? stored.style ?? "realistic",
        aspect: stored.aspect ?? "16:9",
        personas: input.personas,
        baseImage: input.baseImage,
        seed: ((stored.seed ?? 0) + (input.variant ?? 0)) >>> 0,
        signal: input.signal,
        onProgress: input.onProgress,
      };
      assertInput(request);
      const drawn = await draw(request, { kind: "none", clearArea });
      // A model that hands the picture back untouched made no edit: the image fails and its charge is refunded.
      if (await samePicture(drawn.png, input.baseImage)) {
        throw new AppError("unprocessable:no_change", "The model returned the image unchanged, so nothing was charged. Try describing the change differently.");
      }
      return { ...(await headlineOver(input.scene, headlineOnly(input.changes), drawn.png, drawn.prompt, input)), picture: drawn.png };
    },

    diffEdit(scene, changes) {
      // Words with no named change are a charged edit of the picture by the model, never "nothing would change".
      if (!isModelPictureScene(scene) || !namesChanges(changes) || changesPicture(scene, changes)) return undefined;
      return studio.diffEdit?.(scene, changes);
    },
  };
}

function assertInput(input: GenerateInput): void {
  const prompt = input.prompt.trim();
  if (prompt.length === 0 || prompt.length > MAX_PROMPT_LENGTH || input.personas.length > MAX_PERSONAS || !(input.aspect in imageAspects)) {
    throw new AppError("invalid:generation", "The generation request is invalid.");
  }
}

/**
 * Whatever format came back becomes a PNG of the requested aspect: providers round sizes (GPT Image answers
 * 1536×1024 for 16:9), so the centre is cropped to the exact ratio without scaling.
 */
export async function normaliseToPng(
  bytes: Uint8Array,
  aspect: GenerateInput["aspect"],
): Promise<{ png: Buffer; width: number; height: number }> {
  try {
    // Outside bytes: only the raster decoders uploads use, never the SVG one the Studio keeps for its own drawings.
    if (!sniffImageType(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))) throw new Error("the provider answered neither PNG, JPEG nor WebP");
    const image = sharp(bytes, { limitInputPixels: MAX_RESULT_PIXELS, failOn: "warning" }).rotate();
    const meta = await image.metadata();
    const sourceWidth = meta.autoOrient?.width ?? meta.width;
    const sourceHeight = meta.autoOrient?.height ?? meta.height;
    const target = imageAspects[aspect];
    const ratio = target.width / target.height;
    const width = Math.min(sourceWidth, Math.round(sourceHeight * ratio));
    const height = Math.min(sourceHeight, Math.round(sourceWidth / ratio));
    const cropped = width === sourceWidth && height === sourceHeight ? image : image.resize(width, height, { fit: "cover", position: "centre" });
    const { data, info } = await cropped.png().toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch (err) {
    throw malformed(err);
  }
}
