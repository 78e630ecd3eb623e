import { createGoogle } from "@ai-sdk/google";
import type { ImageEngine } from "../engine.ts";
import { createProviderEngine, type ProviderEngineOptions } from "./provider-engine.ts";

export const GOOGLE_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

/**
 * Google image models through the Gemini API: POST {base}/models/{model}:generateContent with `x-goog-api-key`,
 * text and reference images as parts, answered with `inlineData` image parts. `editsImages: false` serves the
 * generate-only "Imagen" entry of our list (the Imagen :predict API itself was shut down; see config.ts).
 */
export function createGoogleEngine(options: ProviderEngineOptions & { editsImages: boolean }): ImageEngine {
  const provider = createGoogle({ apiKey: options.apiKey, baseURL: options.baseUrl, fetch: options.fetch });
  return createProviderEngine({
    id: options.id,
    provider: "google",
    modelId: options.modelId,
    model: provider.image(options.modelId),
    editsImages: options.editsImages,
    buildRequest: (text, images, input) => ({
      prompt: images.length > 0 ? { text, images } : text,
      aspectRatio: input.aspect,
      seed: input.seed,
    }),
  });
}
