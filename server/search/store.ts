import { and, desc, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import type { SearchDocumentKind } from "../../contract/search.ts";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import { chatMessages } from "../../db/schema/conversations.ts";
import { searchDocuments } from "../../db/schema/search-documents.ts";

export interface FoundDocument {
  kind: SearchDocumentKind;
  refId: string;
  messageId: string;
  conversationId: string | null;
  packId: string | null;
  title: string;
  body: string;
  at: Date;
}

/** How the documents are matched: the words' tsquery, or (for typos) trigram likeness to the whole query. */
export type Match = { kind: "words"; config: string; wordQuery: string | null; cjkQuery: string | null } | { kind: "typo"; words: readonly string[] };

/**
 * The newest documents of a kind a search reads first. A word in many of them (a common word, a prefix as typed)
 * finds enough here, and the scan never walks thousands of matches; one rarely used looks through the whole index.
 */
const RECENT = 400;
/** The newest matches the whole index gives, ranked. */
const CANDIDATES = 50;

// Column names unqualified: the same condition reads the table and the subquery of its newest rows.
const words = sql.identifier("words");
const plain = sql.identifier("plain");

function matchSql(match: Match): { where: SQL; rank: SQL } {
  if (match.kind === "typo") {
    // `%>`: each word like a word of the text (word_similarity above the threshold), which the trigram index answers.
    return {
      where: and(...match.words.map((word) => sql`${plain} %> ${word}`)) ?? sql`false`,
      rank: sql.join(
        match.words.map((word) => sql`word_similarity(${word}, ${plain})`),
        sql` + `,
      ),
    };
  }
  const parts: SQL[] = [];
  // The words stemmed in the query's language, or as written (a name, a word of another language).
  if (match.wordQuery) parts.push(sql`(to_tsquery(${match.config}::regconfig, ${match.wordQuery}) || to_tsquery('simple', ${match.wordQuery}))`);
  if (match.cjkQuery) parts.push(sql`${match.cjkQuery}::tsquery`);
  const query = sql.join(parts, sql` && `);
  return { where: sql`${words} @@ (${query})`, rank: sql`ts_rank(${words}, ${query})` };
}

/** Trigram likeness a typo must reach: pg_trgm's default of 0.6 misses one letter left out of a short word. */
const TYPO_THRESHOLD = "0.5";

/** The search index's reads (its writes are the triggers of migration 0024). */
export function createSearchStore(db: DbOrTx): SearchStore {
  const columns = {
    kind: searchDocuments.kind,
    refId: searchDocuments.refId,
    messageId: searchDocuments.messageId,
    conversationId: searchDocuments.conversationId,
    packId: searchDocuments.packId,
    title: searchDocuments.title,
    body: searchDocuments.body,
    at: searchDocuments.at,
  };

  return {
    /** Runs `fn` on a store whose typo matching (`%>`) takes TYPO_THRESHOLD, in a transaction of its own. */
    withTypos<T>(fn: (store: SearchStore) => Promise<T>): Promise<T> {
      return withTransaction(db, async (tx) => {
        await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${TYPO_THRESHOLD}, true)`);
        return fn(createSearchStore(tx));
      });
    },

    /**
     * The user's best `limit` documents of one kind: the newest CANDIDATES matches, ranked (title words first, an
     * image's conversation's words last), newest first among equals. `packed` keeps only images of a pack.
     */
    async find(userId: string, kind: SearchDocumentKind, match: Match, limit: number, packed = false): Promise<FoundDocument[]> {
      const { where, rank } = matchSql(match);
      const ofKind = and(eq(searchDocuments.userId, userId), eq(searchDocuments.kind, kind), packed ? isNotNull(searchDocuments.packId) : undefined);
      // First the kind's newest documents, off the (user, kind, at) index.
      const recent = db
        .select({ ...columns, words: searchDocuments.words, plain: searchDocuments.plain })
        .from(searchDocuments)
        .where(ofKind)
        .orderBy(desc(searchDocuments.at))
        .limit(RECENT)
        .as("recent");
      const found: FoundDocument[] = await db
        .select(pick(recent))
        .from(recent)
        .where(where)
        .orderBy(desc(rank), desc(recent.at))
        .limit(limit);
      if (found.length >= limit) return found;
      // Then the word's own index entries (the full-text or trigram GIN index). `at + 0` keeps the planner off the
      // (user, kind, at) walk, which for a rare word would read every document of the kind.
      const candidates = db
        .select({ ...columns, rank: sql<number>`${rank}`.as("rank") })
        .from(searchDocuments)
        .where(and(ofKind, where))
        .orderBy(sql`${searchDocuments.at} + interval '0 seconds' desc`)
        .limit(CANDIDATES)
        .as("candidates");
      return db.select(pick(candidates)).from(candidates).orderBy(desc(candidates.rank), desc(candidates.at)).limit(limit);
    },

    /** The titles of these conversations of the user's, by id. */
    async conversationTitles(userId: string, ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: searchDocuments.refId, title: searchDocuments.title })
        .from(searchDocuments)
        .where(and(eq(searchDocuments.userId, userId), eq(searchDocuments.kind, "conversation"), inArray(searchDocuments.refId, [...ids])));
      return new Map(rows.map((row) => [row.id, row.title]));
    },

    /** The images of these packs that are the user's and finished, newest first. */
    async packImages(userId: string, packIds: readonly string[]): Promise<{ packId: string; imageId: string }[]> {
      if (packIds.length === 0) return [];
      const rows = await db
        .select({ packId: searchDocuments.packId, imageId: searchDocuments.refId })
        .from(searchDocuments)
        .where(and(eq(searchDocuments.userId, userId), eq(searchDocuments.kind, "image"), inArray(searchDocuments.packId, [...packIds])))
        .orderBy(searchDocuments.at);
      return rows.flatMap((row) => (row.packId ? [{ packId: row.packId, imageId: row.imageId }] : []));
    },

    /**
     * For each image, the first assistant message of its conversation whose parts name it (a tool's output): where the
     * thread shows it. The conversations are the user's (their documents are), so no other thread is read.
     */
    async messagesShowing(pairs: readonly { imageId: string; conversationId: string }[]): Promise<Map<string, string>> {
      if (pairs.length === 0) return new Map();
      const rows = await db
        .select({ imageId: sql<string>`wanted.image_id`, messageId: chatMessages.id })
        .from(sql`unnest(${`{${pairs.map((p) => p.imageId).join(",")}}`}::uuid[], ${`{${pairs.map((p) => p.conversationId).join(",")}}`}::uuid[]) as wanted(image_id, conversation_id)`)
        .innerJoin(
          chatMessages,
          and(
            sql`${chatMessages.conversationId} = wanted.conversation_id`,
            eq(chatMessages.role, "assistant"),
            sql`strpos(${chatMessages.parts}::text, wanted.image_id::text) > 0`,
          ),
        )
        .orderBy(chatMessages.position);
      const found = new Map<string, string>();
      for (const row of rows) if (!found.has(row.imageId)) found.set(row.imageId, row.messageId);
      return found;
    },
  };
}

/** The FoundDocument columns of a subquery. */
function pick<T extends Record<keyof FoundDocument, unknown>>(from: T): Pick<T, keyof FoundDocument> {
  const { kind, refId, messageId, conversationId, packId, title, body, at } = from;
  return { kind, refId, messageId, conversationId, packId, title, body, at };
}

export interface SearchStore {
  withTypos<T>(fn: (store: SearchStore) => Promise<T>): Promise<T>;
  find(userId: string, kind: SearchDocumentKind, match: Match, limit: number, packed?: boolean): Promise<FoundDocument[]>;
  conversationTitles(userId: string, ids: readonly string[]): Promise<Map<string, string>>;
  packImages(userId: string, packIds: readonly string[]): Promise<{ packId: string; imageId: string }[]>;
  messagesShowing(pairs: readonly { imageId: string; conversationId: string }[]): Promise<Map<string, string>>;
}
