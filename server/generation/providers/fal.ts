import { createFal } from "@ai-sdk/fal";
import type { ImageEngine } from "../engine.ts";
import { createProviderEngine, type ProviderEngineOptions } from "./provider-engine.ts";
import { referenceSheet } from "./provider-prompt.ts";

export const FAL_DEFAULT_BASE_URL = "https://fal.run";

/**
 * FLUX.1 Kontext through fal: POST {base}/{model} with `Authorization: Key …`, answered with image URLs on
 * fal.media. fal serves Kontext editing at the configured id (one `image_url`) and generation from text alone at
 * `<id>/text-to-image`; Kontext takes `aspect_ratio`, not the SDK's `image_size`.
 */
export function createFalEngine(options: ProviderEngineOptions): ImageEngine {
  const provider = createFal({ apiKey: options.apiKey, baseURL: options.baseUrl, fetch: options.fetch });
  const editModel = provider.image(options.modelId);
  const textModel = provider.image(`${options.modelId}/text-to-image`);
  return createProviderEngine({
    id: options.id,
    provider: "fal",
    modelId: options.modelId,
    studio: options.studio,
    model: editModel,
    buildRequest: async (text, images, input) => {
      const fal = { aspect_ratio: input.aspect, outputFormat: "png" as const };
      if (images.length === 0) return { model: textModel, prompt: text, seed: input.seed, providerOptions: { fal } };
      return { model: editModel, prompt: { text, images: [await referenceSheet(images)] }, seed: input.seed, providerOptions: { fal } };
    },
  });
}
