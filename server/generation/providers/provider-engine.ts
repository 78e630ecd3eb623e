import { generateImage, type ImageModel } from "ai";
import sharp from "sharp";
import { imageAspects, MAX_IMAGE_PIXELS, MAX_PERSONAS, MAX_PROMPT_LENGTH } from "../../../contract/images.ts";
import { AppError } from "../../errors/app-error.ts";
import { sniffImageType } from "../../image-type.ts";
import type { GenerateInput, GenerateResult, ImageEngine } from "../engine.ts";
import { malformed, toProviderError } from "./provider-errors.ts";
import { buildProviderPrompt, referenceImages } from "./provider-prompt.ts";

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
}

/** Pixel cap for anything a provider sends back (the upload pixel limit). */
const MAX_RESULT_PIXELS = MAX_IMAGE_PIXELS;

/** One engine per provider model, all running the same steps around `generateImage` from the AI SDK. */
export function createProviderEngine(spec: ProviderEngineSpec): ImageEngine {
  return {
    id: spec.id,
    async generate(input: GenerateInput): Promise<GenerateResult> {
      input.signal?.throwIfAborted();
      assertInput(input);
      const images = referenceImages(input);
      const text = buildProviderPrompt(input, images.length > 0);
      input.onProgress?.({ stage: "provider", percent: 10 });
      let bytes: Uint8Array;
      try {
        const { model, ...request } = await spec.buildRequest(text, images, input);
        const result = await generateImage({ ...request, model: model ?? spec.model, n: 1, maxRetries: 0, abortSignal: input.signal });
        bytes = result.image.uint8Array;
      } catch (err) {
        throw toProviderError(err, input.signal);
      }
      input.onProgress?.({ stage: "provider", percent: 90 });
      const { png, width, height } = await normaliseToPng(bytes, input.aspect);
      input.onProgress?.({ stage: "encode", percent: 100 });
      return { png, width, height, scene: { provider: spec.provider, model: spec.modelId, prompt: text } };
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
