import type { ModelEntry } from "../../contract/images.ts";
import { type ModelInfo, models } from "../../contract/models.ts";
import type { ImageProviderKeys } from "../config.ts";

/**
 * Which settings enable each provider: FLUX.1 Kontext runs at Black Forest Labs or through fal or
 * Replicate; GPT Image needs OpenAI; the Google models need a Gemini API key. Studio needs nothing.
 */
const enablers: Record<ModelInfo["provider"], readonly (keyof ImageProviderKeys)[]> = {
  studio: [],
  "black-forest-labs": ["bflApiKey", "falKey", "replicateApiToken"],
  openai: ["openaiApiKey"],
  google: ["googleGenerativeAiApiKey"],
};

const settingNames: Record<keyof ImageProviderKeys, string> = {
  bflApiKey: "BFL_API_KEY",
  falKey: "FAL_KEY",
  replicateApiToken: "REPLICATE_API_TOKEN",
  openaiApiKey: "OPENAI_API_KEY",
  googleGenerativeAiApiKey: "GOOGLE_GENERATIVE_AI_API_KEY",
};

export interface ModelRegistry {
  /** What GET /api/models tells customers: availability, never the names of server settings. */
  list(): ModelEntry[];
  find(id: string): ModelEntry | undefined;
  /** Models this server cannot run, each with the settings any one of which switches it on (for the start-up log). */
  disabled(): { id: string; label: string; settings: string[] }[];
}

export function createModelRegistry(keys: ImageProviderKeys): ModelRegistry {
  const entries: ModelEntry[] = models.map((model) => {
    const needed = enablers[model.provider];
    return {
      id: model.id,
      label: model.label,
      provider: model.provider,
      popular: model.popular,
      capabilities: [...model.capabilities],
      creditCost: model.creditCost,
      available: needed.length === 0 || needed.some((key) => keys[key] !== undefined),
    };
  });
  return {
    list: () => entries.map((e) => ({ ...e, capabilities: [...e.capabilities] })),
    find: (id) => entries.find((e) => e.id === id),
    disabled: () =>
      // entries[i] was made from models[i].
      models
        .filter((_, i) => !entries[i]?.available)
        .map((model) => ({ id: model.id, label: model.label, settings: enablers[model.provider].map((key) => settingNames[key]) })),
  };
}
