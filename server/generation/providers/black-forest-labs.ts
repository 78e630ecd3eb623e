import { createBlackForestLabs } from "@ai-sdk/black-forest-labs";
import type { ImageEngine } from "../engine.ts";
import { createProviderEngine, type ProviderEngineOptions } from "./provider-engine.ts";
import { refused } from "./provider-errors.ts";

export const BFL_DEFAULT_BASE_URL = "https://api.bfl.ai/v1";

/** Kontext takes up to four references (input_image … input_image_4): the base image and three personas fit. */
const MAX_REFERENCES = 4;

/**
 * FLUX.1 Kontext at Black Forest Labs: POST {base}/{model} with `x-key`, poll `polling_url` until Ready, then
 * download `result.sample` from a delivery host.
 */
export function createBlackForestLabsEngine(options: ProviderEngineOptions & { pollTimeoutMs: number }): ImageEngine {
  const provider = createBlackForestLabs({
    apiKey: options.apiKey,
    baseURL: options.baseUrl,
    fetch: refuseModerated(options.fetch),
    pollTimeoutMillis: options.pollTimeoutMs,
  });
  return createProviderEngine({
    id: options.id,
    provider: "black-forest-labs",
    modelId: options.modelId,
    studio: options.studio,
    model: provider.image(options.modelId),
    buildRequest: (text, images, input) => ({
      prompt: images.length > 0 ? { text, images: images.slice(0, MAX_REFERENCES) } : text,
      aspectRatio: input.aspect,
      seed: input.seed,
      providerOptions: { blackForestLabs: { outputFormat: "png" } },
    }),
  });
}

/**
 * The SDK keeps polling a moderated request until its poll timeout (it only stops on Ready, Error and Failed), so
 * a poll answer saying "Request Moderated" or "Content Moderated" ends the call at once as a refusal.
 */
function refuseModerated(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  const wrapped = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(input, init);
    if ((init?.method ?? "GET") !== "GET" || !response.headers.get("content-type")?.includes("json")) return response;
    const body: unknown = await response.clone().json().catch(() => undefined);
    if (typeof body === "object" && body !== null) {
      const { status, state } = body as { status?: unknown; state?: unknown };
      const value = typeof status === "string" ? status : state;
      if (typeof value === "string" && /moderated/i.test(value)) throw refused(new Error(`Black Forest Labs status: ${value}`));
    }
    return response;
  };
  return wrapped as typeof globalThis.fetch;
}
