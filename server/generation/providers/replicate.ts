import { createReplicate } from "@ai-sdk/replicate";
import type { ImageEngine } from "../engine.ts";
import { createProviderEngine, type ProviderEngineOptions } from "./provider-engine.ts";
import { referenceSheet } from "./provider-prompt.ts";

export const REPLICATE_DEFAULT_BASE_URL = "https://api.replicate.com/v1";

/**
 * FLUX.1 Kontext through Replicate: POST {base}/models/{owner}/{name}/predictions with `Prefer: wait`, polled at
 * `urls.get` when not done, output downloaded from replicate.delivery. Kontext reads its reference from
 * `input_image` (the SDK's generic field is `image`), so the sheet goes in as a model input.
 */
export function createReplicateEngine(options: ProviderEngineOptions): ImageEngine {
  const provider = createReplicate({ apiToken: options.apiKey, baseURL: options.baseUrl, fetch: options.fetch });
  return createProviderEngine({
    id: options.id,
    provider: "replicate",
    modelId: options.modelId,
    studio: options.studio,
    model: provider.image(options.modelId),
    buildRequest: async (text, images, input) => {
      const reference = images.length > 0 ? { input_image: `data:image/png;base64,${(await referenceSheet(images)).toString("base64")}` } : {};
      return {
        prompt: text,
        aspectRatio: input.aspect,
        seed: input.seed,
        providerOptions: { replicate: { output_format: "png", ...reference } },
      };
    },
  });
}
