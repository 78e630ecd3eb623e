import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import {
  type Comparison,
  comparisonPath,
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

/** One comparison as it is now (a chat card's, whose winner may have been picked since its message was saved). */
export const comparisonKey = (id: string) => [comparisonPath(id)] as const;

/** A comparison as the server answered it (a pick), everywhere it is shown: its own query and the gallery's list. */
export function storeComparison(queryClient: QueryClient, comparison: Comparison): void {
  queryClient.setQueryData(comparisonKey(comparison.id), comparison);
  queryClient.setQueryData<InfiniteData<ComparisonListResponse>>(COMPARISONS_KEY, (list) =>
    list && { ...list, pages: list.pages.map((page) => ({ ...page, comparisons: page.comparisons.map((each) => (each.id === comparison.id ? comparison : each)) })) },
  );
}

/**
 * One image tried on every model: paid, so one Idempotency-Key for the click and its retries. `expectedModels`: the
 * models whose price was shown; the server refuses (409) rather than charge for another set.
 */
export async function compareImage(imageId: string, expectedModels: readonly string[]): Promise<Comparison> {
  const res = await actionRequest("POST", COMPARISONS_PATH, { imageId, expectedModels });
  return comparisonResponseSchema.parse(await res.json()).comparison;
}

export async function pickWinner(comparisonId: string, imageId: string, language: Language): Promise<Comparison> {
  const res = await apiRequest("POST", comparisonWinnerPath(comparisonId), { imageId, language });
  return comparisonResponseSchema.parse(await res.json()).comparison;
}
