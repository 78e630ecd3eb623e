import { type ModelsResponse, modelsResponseSchema } from "../../contract/images.ts";
import { defaultQueryFn } from "./api.ts";

// The models this server runs, shared by the studio's picker and the account overview; the default query function
// joins the key with "/" (web/lib/query-client.ts).
export const MODELS_KEY = ["/api/models"] as const;

export async function fetchModels(context: Parameters<typeof defaultQueryFn>[0]): Promise<ModelsResponse> {
  return modelsResponseSchema.parse(await defaultQueryFn(context));
}

/** The models a comparison would try (the server's rule: available and able to draw from a prompt). */
export const comparableModels = (list: ModelsResponse | undefined) => (list?.models ?? []).filter((model) => model.available && model.capabilities.includes("generate"));

/** A comparison needs at least two models: with fewer there is nothing to compare, so Compare is not offered. */
export const MIN_COMPARED_MODELS = 2;
