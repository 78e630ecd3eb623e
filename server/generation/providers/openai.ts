import { createOpenAI } from "@ai-sdk/openai";
import type { ImageAspect } from "../../../contract/images.ts";
import type { ImageEngine } from "../engine.ts";
import { createProviderEngine, type ProviderEngineOptions } from "./provider-engine.ts";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** GPT Image takes sizes, not ratios: these are its landscape, portrait and square sizes. */
const sizes: Record<ImageAspect, `${number}x${number}`> = { "16:9": "1536x1024", "9:16": "1024x1536", "1:1": "1024x1024" };

/**
 * OpenAI GPT Image: JSON POST {base}/images/generations, or multipart POST {base}/images/edits with the reference
 * images; both answer `data[].b64_json`. It has no seed parameter, so none is sent.
 */
export function createOpenAiEngine(options: ProviderEngineOptions): ImageEngine {
  const provider = createOpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, fetch: options.fetch });
  return createProviderEngine({
    id: options.id,
    provider: "openai",
    modelId: options.modelId,
    studio: options.studio,
    model: provider.image(options.modelId),
    buildRequest: (text, images, input) => ({
      prompt: images.length > 0 ? { text, images } : text,
      size: sizes[input.aspect],
    }),
  });
}
