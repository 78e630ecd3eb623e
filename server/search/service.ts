import { defaultLanguage, isLanguage } from "../../contract/languages.ts";
import {
  type ConversationHit,
  type ImageHit,
  type PackHit,
  type PersonaHit,
  SEARCH_LIMIT_DEFAULT,
  type SearchKind,
  searchKinds,
  type SearchQuery,
  type SearchResponse,
} from "../../contract/search.ts";
import type { ImageService } from "../images/service.ts";
import type { PersonaService } from "../personas/service.ts";
import type { RateLimiter, RateRule } from "../rate-limit/service.ts";
import { readQuery, searchConfigs, snippetOf } from "./query-words.ts";
import type { FindGroup, FoundDocument, Match, SearchStore } from "./store.ts";

/** A word this long that finds nothing is looked for again by trigram likeness: a typo ("thumbnial"). */
const TYPO_MIN_LENGTH = 4;

/**
 * One search box over the user's conversations (titles and messages), images (prompt, headline, video title, the
 * words of the conversation that made them), A/B packs and personas (docs/product/search.md, decision 042).
 */
export function createSearchService(deps: {
  store: SearchStore;
  images: Pick<ImageService, "recordsOf">;
  personas: Pick<PersonaService, "records">;
  rateLimiter: RateLimiter;
  perMinute: number;
}) {
  const { store } = deps;
  const rule: RateRule = { name: "search", limit: deps.perMinute, windowMs: 60_000 };

  async function findAll(store: SearchStore, userId: string, kinds: ReadonlySet<SearchKind>, match: Match, limit: number) {
    const groups: FindGroup[] = [];
    if (kinds.has("conversations")) groups.push({ name: "titles", kind: "conversation", limit }, { name: "messages", kind: "message", limit: limit * 3 });
    if (kinds.has("images")) groups.push({ name: "images", kind: "image", limit });
    if (kinds.has("packs")) groups.push({ name: "packed", kind: "image", limit: limit * 3, packed: true });
    if (kinds.has("personas")) groups.push({ name: "personas", kind: "persona", limit });
    const found = await store.findGroups(userId, groups, match);
    const of = (name: string) => found.get(name) ?? [];
    return { titles: of("titles"), messages: of("messages"), images: of("images"), packed: of("packed"), personas: of("personas") };
  }

  return {
    async search(user: { id: string; language: string }, query: SearchQuery): Promise<SearchResponse> {
      await deps.rateLimiter.enforce(rule, user.id);
      const read = readQuery(query.q, query.lang ?? (isLanguage(user.language) ? user.language : defaultLanguage));
      const kinds = new Set(query.kinds ?? searchKinds);
      const limit = query.limit ?? SEARCH_LIMIT_DEFAULT;
      const answer: SearchResponse = { query: query.q, language: read.language, terms: read.terms, conversations: [], images: [], packs: [], personas: [] };
      if (!read.wordQuery && !read.cjkQuery) return answer;

      let found = await findAll(store, user.id, kinds, { kind: "words", config: searchConfigs[read.language], wordQuery: read.wordQuery, cjkQuery: read.cjkQuery }, limit);
      const nothing = Object.values(found).every((docs) => docs.length === 0);
      if (nothing && read.cjk.length === 0 && read.words.some((w) => w.length >= TYPO_MIN_LENGTH)) {
        const words = read.words;
        found = await store.withTypos((typos) => findAll(typos, user.id, kinds, { kind: "typo", words }, limit));
      }
      const terms = read.terms;

      // Conversations: a message's match opens the thread at it; a title's match opens the thread.
      const byConversation = new Map<string, ConversationHit>();
      for (const doc of [...found.messages, ...found.titles]) {
        const id = doc.conversationId ?? doc.refId;
        if (byConversation.has(id)) continue;
        const isMessage = doc.kind === "message";
        byConversation.set(id, { conversationId: id, title: doc.title, messageId: isMessage ? doc.messageId : null, snippet: isMessage ? snippetOf(doc.body, terms) : "", at: doc.at.toISOString() });
      }
      const conversations = [...byConversation.values()].slice(0, limit);

      // Packs: the packs of the newest matching variants, each once.
      const packs = new Map<string, FoundDocument>();
      for (const doc of found.packed) if (doc.packId && !packs.has(doc.packId) && packs.size < limit) packs.set(doc.packId, doc);
      // What the results show besides their words, read side by side.
      const [titles, { packImages, records }, shown, personaRecords] = await Promise.all([
        store.conversationTitles(user.id, conversations.filter((c) => !c.title).map((c) => c.conversationId)),
        store.packImages(user.id, [...packs.keys()]).then(async (packImages) => ({
          packImages,
          records: new Map((await deps.images.recordsOf(user.id, [...found.images.map((doc) => doc.refId), ...packImages.map((p) => p.imageId)])).map((record) => [record.id, record])),
        })),
        store.messagesShowing([...found.images, ...packs.values()].flatMap((doc) => (doc.conversationId ? [{ imageId: doc.refId, conversationId: doc.conversationId }] : []))),
        found.personas.length > 0 ? deps.personas.records(user.id) : Promise.resolve([]),
      ]);
      answer.conversations = conversations.map((c) => ({ ...c, title: c.title || titles.get(c.conversationId) || "" }));
      const titleOf = (doc: FoundDocument) => doc.title || records.get(doc.refId)?.prompt || doc.body;

      answer.images = found.images.flatMap((doc): ImageHit[] => {
        const record = records.get(doc.refId);
        if (!record) return [];
        return [
          {
            imageId: doc.refId,
            title: snippetOf(titleOf(doc), terms, 80),
            snippet: snippetOf(doc.body, terms),
            conversationId: doc.conversationId,
            messageId: shown.get(doc.refId) ?? null,
            thumbUrl: record.urls?.thumb ?? null,
            at: doc.at.toISOString(),
          },
        ];
      });
      answer.packs = [...packs.entries()].map(
        ([packId, doc]): PackHit => ({
          packId,
          title: snippetOf(titleOf(doc), terms, 80),
          conversationId: doc.conversationId,
          messageId: shown.get(doc.refId) ?? null,
          thumbUrls: packImages.flatMap((p) => {
            const thumb = p.packId === packId ? records.get(p.imageId)?.urls?.thumb : undefined;
            return thumb ? [thumb] : [];
          }),
          at: doc.at.toISOString(),
        }),
      );

      const personas = new Map(personaRecords.map((persona) => [persona.id, persona]));
      answer.personas = found.personas.flatMap((doc): PersonaHit[] => {
        const persona = personas.get(doc.refId);
        return persona ? [{ personaId: persona.id, name: persona.name, handle: persona.handle, snippet: snippetOf(persona.description, terms), thumbUrl: persona.urls.thumb }] : [];
      });
      return answer;
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
