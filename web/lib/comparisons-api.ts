import {
  type Comparison,
  comparisonListResponseSchema,
  comparisonResponseSchema,
  COMPARISONS_PATH,
  comparisonWinnerPath,
  type ComparisonListResponse,
} from "../../contract/comparisons.ts";
import type { Language } from "../../contract/languages.ts";
import { actionRequest, apiRequest } from "./api.ts";

/** The user's comparisons, newest first (the gallery's Comparisons tab). */
export const COMPARISONS_KEY = [COMPARISONS_PATH] as const;

export async function listComparisons(cursor?: string): Promise<ComparisonListResponse> {
  const res = await apiRequest("GET", `${COMPARISONS_PATH}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`);
  return comparisonListResponseSchema.parse(await res.json());
}

/** One image tried on every model: paid, so one Idempotency-Key for the click and its retries. */
export async function compareImage(imageId: string): Promise<Comparison> {
  const res = await actionRequest("POST", COMPARISONS_PATH, { imageId });
  return comparisonResponseSchema.parse(await res.json()).comparison;
}

export async function pickWinner(comparisonId: string, imageId: string, language: Language): Promise<Comparison> {
  const res = await apiRequest("POST", comparisonWinnerPath(comparisonId), { imageId, language });
  return comparisonResponseSchema.parse(await res.json()).comparison;
}
