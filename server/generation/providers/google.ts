import { createGoogle } from "@ai-sdk/google";
import type { ImageEngine } from "../engine.ts";
import { createProviderEngine, type ProviderEngineOptions } from "./provider-engine.ts";

export const GOOGLE_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

/**
 * Google image models through the Gemini API: POST {base}/models/{model}:generateContent with `x-goog-api-key`,
 * text and reference images as parts, answered with `inlineData` image parts. Both of our Google entries are Gemini
 * image models (the SDK dropped the retired Imagen :predict API; see config.ts).
 */
export function createGoogleEngine(options: ProviderEngineOptions): ImageEngine {
  const provider = createGoogle({ apiKey: options.apiKey, baseURL: options.baseUrl, fetch: options.fetch });
  return createProviderEngine({
    id: options.id,
    provider: "google",
    modelId: options.modelId,
    studio: options.studio,
    model: provider.image(options.modelId),
    buildRequest: (text, images, input) => ({
      prompt: images.length > 0 ? { text, images } : text,
      aspectRatio: input.aspect,
      seed: input.seed,
    }),
  });
}
