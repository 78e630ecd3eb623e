import { isLanguage } from "../../../contract/languages.ts";
import { type SearchResponse, searchResponseSchema } from "../../../contract/search.ts";
import { apiRequest } from "../../lib/api.ts";

export const searchKey = (q: string, lang: string) => ["search", q, lang] as const;

/** GET /api/search: the words read in the interface's language unless their script says otherwise. */
export async function searchEverything(q: string, lang: string): Promise<SearchResponse> {
  const params = new URLSearchParams({ q });
  if (isLanguage(lang)) params.set("lang", lang);
  const res = await apiRequest("GET", `/api/search?${params.toString()}`);
  return searchResponseSchema.parse(await res.json());
}
