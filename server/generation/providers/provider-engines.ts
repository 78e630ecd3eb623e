import type { ImageProviderSettings } from "../../config.ts";
import type { ImageEngine } from "../engine.ts";
import { createStudioEngine, type StudioEngine } from "../../studio/engine.ts";
import { BFL_DEFAULT_BASE_URL, createBlackForestLabsEngine } from "./black-forest-labs.ts";
import { createFalEngine, FAL_DEFAULT_BASE_URL } from "./fal.ts";
import { createGoogleEngine, GOOGLE_DEFAULT_BASE_URL } from "./google.ts";
import { createOpenAiEngine, OPENAI_DEFAULT_BASE_URL } from "./openai.ts";
import type { ProviderEngineOptions } from "./provider-engine.ts";
import { createReplicateEngine, REPLICATE_DEFAULT_BASE_URL } from "./replicate.ts";
import { createGuardedFetch } from "./result-fetch.ts";

export interface ProviderEnginesOptions {
  /** The fetch under the guard; tests leave it alone and point base URLs at a local server. */
  fetch?: typeof globalThis.fetch;
  /** Draws the headline over each model's picture (decision 036); one of its own when not given. */
  studio?: StudioEngine;
}

/**
 * An engine for each provider model the configured keys enable, keyed by our model id (contract/models.ts).
 * FLUX.1 Kontext runs at Black Forest Labs when its key is set, else through fal, else Replicate: the same
 * precedence as the registry's enablers.
 */
export function createProviderEngines(settings: ImageProviderSettings, options: ProviderEnginesOptions = {}): Map<string, ImageEngine> {
  const { keys, models, baseUrls } = settings;
  const engines = new Map<string, ImageEngine>();
  const add = (engine: ImageEngine) => engines.set(engine.id, engine);
  let studio = options.studio;
  const base = (apiKey: string, baseUrl: string) => ({ apiKey, baseUrl, fetch: guardedFetch(settings, baseUrl, options.fetch), studio: (studio ??= createStudioEngine()) });

  if (keys.bflApiKey !== undefined) {
    const shared = { ...base(keys.bflApiKey, baseUrls.bfl ?? BFL_DEFAULT_BASE_URL), pollTimeoutMs: settings.requestTimeoutMs };
    add(createBlackForestLabsEngine({ ...shared, id: "flux-kontext-pro", modelId: models.bflKontextPro }));
    add(createBlackForestLabsEngine({ ...shared, id: "flux-kontext-max", modelId: models.bflKontextMax }));
  } else if (keys.falKey !== undefined) {
    const shared = base(keys.falKey, baseUrls.fal ?? FAL_DEFAULT_BASE_URL);
    add(createFalEngine({ ...shared, id: "flux-kontext-pro", modelId: models.falKontextPro }));
    add(createFalEngine({ ...shared, id: "flux-kontext-max", modelId: models.falKontextMax }));
  } else if (keys.replicateApiToken !== undefined) {
    const shared = base(keys.replicateApiToken, baseUrls.replicate ?? REPLICATE_DEFAULT_BASE_URL);
    add(createReplicateEngine({ ...shared, id: "flux-kontext-pro", modelId: models.replicateKontextPro }));
    add(createReplicateEngine({ ...shared, id: "flux-kontext-max", modelId: models.replicateKontextMax }));
  }
  if (keys.openaiApiKey !== undefined) {
    add(createOpenAiEngine({ ...base(keys.openaiApiKey, baseUrls.openai ?? OPENAI_DEFAULT_BASE_URL), id: "gpt-image", modelId: models.openaiImage }));
  }
  if (keys.googleGenerativeAiApiKey !== undefined) {
    const shared = base(keys.googleGenerativeAiApiKey, baseUrls.google ?? GOOGLE_DEFAULT_BASE_URL);
    add(createGoogleEngine({ ...shared, id: "gemini-flash-image", modelId: models.googleFlashImage }));
    add(createGoogleEngine({ ...shared, id: "gemini-pro-image", modelId: models.googleProImage }));
  }
  return engines;
}

/**
 * API answers may carry the image itself as base64 (OpenAI, Gemini), a third larger than its bytes; they get
 * room for that on top of the result limit, and the longer request timeout.
 */
function guardedFetch(settings: ImageProviderSettings, baseUrl: string, fetch: typeof globalThis.fetch | undefined): ProviderEngineOptions["fetch"] {
  return createGuardedFetch({
    allowedHosts: settings.resultHosts,
    result: { timeoutMs: settings.resultTimeoutMs, maxBytes: settings.resultMaxBytes },
    api: { origin: new URL(baseUrl).origin, timeoutMs: settings.requestTimeoutMs, maxBytes: Math.ceil((settings.resultMaxBytes * 4) / 3) + 1024 * 1024 },
    ...(fetch === undefined ? {} : { fetch }),
  });
}
