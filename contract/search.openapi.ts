// The search's operation in the OpenAPI document (contract/openapi.ts assembles the parts).
import { z } from "zod/mini";
import { languages } from "./languages.ts";
import { type OpenApiPart, serverErrors, signedIn } from "./openapi-operation.ts";
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX, searchKinds, searchResponseSchema } from "./search.ts";

export const searchOpenApi: OpenApiPart = {
  requestComponents: {},
  responseComponents: { SearchResponse: searchResponseSchema },
  operations: [
    {
      operationId: "search",
      method: "get",
      path: "/api/search",
      summary:
        "Searches your own conversations (titles and messages), finished images (prompt, headline, video title and the words of the conversation that made them), A/B packs and personas, grouped by kind. Words are stemmed in the query's language (English, Spanish, French, German), Chinese and Japanese are matched by pairs of characters, and a long word that finds nothing is looked for again allowing typos.",
      tag: "search",
      auth: true,
      parameters: [
        { name: "q", in: "query", required: true, description: `The words, 1–${SEARCH_QUERY_MAX} characters; every word must be found (each as the start of a word).`, schema: z.string() },
        { name: "kinds", in: "query", description: `Comma-separated: which of ${searchKinds.join(", ")} to search (all when absent).`, schema: z.string() },
        { name: "lang", in: "query", description: "The language the words are in; your account's language when absent.", schema: z.enum(languages) },
        { name: "limit", in: "query", description: `Results of each kind, 1–${SEARCH_LIMIT_MAX} (${SEARCH_LIMIT_DEFAULT} when absent).`, schema: z.string() },
      ],
      responses: { 200: { description: "The results, grouped by kind, best first. Cache-Control: no-store.", body: searchResponseSchema } },
      errors: {
        400: "`invalid:body`: `q` missing, empty or too long, or another parameter out of range (`issues` lists them).",
        ...signedIn,
        429: "`rate_limited:search`: too many searches this minute; Retry-After says when to try again.",
        ...serverErrors,
      },
    },
  ],
};
