import { z } from "zod/mini";
import { languages } from "./languages.ts";

/** One search across the user's conversations, images, packs and personas (docs/product/search.md). */
export const SEARCH_PATH = "/api/search";

/** What the search finds, in the order its groups are shown. */
export const searchKinds = ["conversations", "images", "packs", "personas"] as const;
export type SearchKind = (typeof searchKinds)[number];

/** The rows of the search index (db/schema/search-documents.ts): a conversation's words, one message, an image, a persona. */
export const searchDocumentKinds = ["conversation", "message", "image", "persona"] as const;
export type SearchDocumentKind = (typeof searchDocumentKinds)[number];

export const SEARCH_QUERY_MAX = 200;
/** Results of each kind in one answer. */
export const SEARCH_LIMIT_MAX = 20;
export const SEARCH_LIMIT_DEFAULT = 6;

const withoutNul = z.refine<string>((value) => !value.includes("\u0000"), { error: "must not contain a NUL character" });

/** The query string of GET /api/search: `kinds` is a comma-separated subset of `searchKinds` (all when absent). */
export const searchQuerySchema = z.object({
  q: z.string().check(z.trim(), z.minLength(1), z.maxLength(SEARCH_QUERY_MAX), withoutNul),
  kinds: z.optional(
    z.pipe(
      z.string().check(z.maxLength(100)),
      z.transform((value, ctx) => {
        const parts = [...new Set(value.split(",").map((part) => part.trim()).filter(Boolean))];
        const unknown = parts.filter((part) => !(searchKinds as readonly string[]).includes(part));
        if (parts.length === 0 || unknown.length > 0) {
          ctx.issues.push({ code: "custom", message: `kinds are a comma-separated list of ${searchKinds.join(", ")}`, input: value });
          return z.NEVER;
        }
        return parts as SearchKind[];
      }),
    ),
  ),
  /** The language the words are in; when absent, the account's interface language (CJK is recognised by its script). */
  lang: z.optional(z.enum(languages)),
  /** Results of each kind, 1–20. */
  limit: z.optional(z.pipe(z.string().check(z.regex(/^([1-9]|1\d|20)$/)), z.transform(Number))),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

/** A conversation found by its title or by one of its messages (`messageId`: open the thread there). */
export const conversationHitSchema = z.object({
  conversationId: z.string(),
  title: z.string(),
  messageId: z.nullable(z.string()),
  /** Where the words were found, cut around the first of them; empty when only the title matched. */
  snippet: z.string(),
  at: z.string(),
});
export type ConversationHit = z.infer<typeof conversationHitSchema>;

/** An image found by its prompt, headline, video title or the words of the conversation that made it. */
export const imageHitSchema = z.object({
  imageId: z.string(),
  title: z.string(),
  snippet: z.string(),
  conversationId: z.nullable(z.string()),
  /** The message of that conversation that shows the image, when it is still there. */
  messageId: z.nullable(z.string()),
  thumbUrl: z.nullable(z.string()),
  at: z.string(),
});
export type ImageHit = z.infer<typeof imageHitSchema>;

/** An A/B pack one of whose variants matched. */
export const packHitSchema = z.object({
  packId: z.string(),
  title: z.string(),
  conversationId: z.nullable(z.string()),
  messageId: z.nullable(z.string()),
  thumbUrls: z.array(z.string()),
  at: z.string(),
});
export type PackHit = z.infer<typeof packHitSchema>;

export const personaHitSchema = z.object({
  personaId: z.string(),
  name: z.string(),
  handle: z.string(),
  snippet: z.string(),
  thumbUrl: z.string(),
});
export type PersonaHit = z.infer<typeof personaHitSchema>;

export const searchResponseSchema = z.object({
  query: z.string(),
  /** The language the words were read in. */
  language: z.enum(languages),
  /** The words looked for, to highlight in the results. */
  terms: z.array(z.string()),
  conversations: z.array(conversationHitSchema),
  images: z.array(imageHitSchema),
  packs: z.array(packHitSchema),
  personas: z.array(personaHitSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
