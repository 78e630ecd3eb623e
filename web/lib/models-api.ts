import { type ModelsResponse, modelsResponseSchema } from "../../contract/images.ts";
import { defaultQueryFn } from "./api.ts";

// The models this server runs, shared by the studio's picker and the account overview; the default query function
// joins the key with "/" (web/lib/query-client.ts).
export const MODELS_KEY = ["/api/models"] as const;

export async function fetchModels(context: Parameters<typeof defaultQueryFn>[0]): Promise<ModelsResponse> {
  return modelsResponseSchema.parse(await defaultQueryFn(context));
}
