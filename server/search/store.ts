import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
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
 * The newest documents of a kind a search reads first, walking the (user, kind, at) index: a word in many of them (a
 * common word, a prefix as typed) finds enough here and the walk stops at CANDIDATES matches, never reading the
 * thousands the word's index holds. Only a kind whose newest documents match too few asks the word's GIN index.
 */
const RECENT = 400;
/** The newest documents of a kind whose trigram likeness a typo measures (each measure costs far more than a match). */
const TYPO_RECENT = 200;
/** The newest matches ranked: ts_rank is measured on these alone, never on every match. */
const CANDIDATES = 50;

// Column names unqualified: the same condition reads the table and the subquery of its newest rows.
const words = sql.identifier("words");
const plain = sql.identifier("plain");

function matchSql(match: Match): { where: SQL; rank: SQL; indexed: SQL } {
  if (match.kind === "typo") {
    // `%>`: each word like a word of the text (word_similarity above the threshold), which the trigram index answers.
    return {
      where: and(...match.words.map((word) => sql`${plain} %> ${word}`)) ?? sql`false`,
      rank: sql.join(
        match.words.map((word) => sql`word_similarity(${word}, ${plain})`),
        sql` + `,
      ),
      indexed: sql`false`,
    };
  }
  const parts: SQL[] = [];
  // The words stemmed in the query's language, or as written (a name, a word of another language).
  if (match.wordQuery) parts.push(sql`(to_tsquery(${match.config}::regconfig, ${match.wordQuery}) || to_tsquery('simple', ${match.wordQuery}))`);
  if (match.cjkQuery) parts.push(sql`${match.cjkQuery}::tsquery`);
  const query = sql.join(parts, sql` && `);
  // `indexed`: the query as a subquery's value, which the planner cannot read, so it estimates the word rare and takes
  // the kind's GIN index (its statistics are the whole table's: a word of every image looks common among titles too).
  return { where: sql`${words} @@ (${query})`, rank: sql`ts_rank(${words}, ${query})`, indexed: sql`${words} @@ (select ${query})` };
}

/** Trigram likeness a typo must reach: pg_trgm's default of 0.6 misses one letter left out of a short word. */
const TYPO_THRESHOLD = "0.5";

/** The search index's reads (its writes are the triggers of migration 0024). */
export function createSearchStore(db: DbOrTx): SearchStore {
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
    async findGroups(userId: string, groups: readonly FindGroup[], match: Match): Promise<Map<string, FoundDocument[]>> {
      if (groups.length === 0) return new Map();
      const { where, rank, indexed } = matchSql(match);
      const fields = sql`kind, ref_id, message_id, conversation_id, pack_id, title, body, at`;
      // The kind written out (one of searchDocumentKinds, never input): it picks the kind's own full-text index.
      const ofKind = (group: FindGroup) =>
        sql`user_id = ${userId} and kind = ${sql.raw(`'${group.kind}'`)}${group.packed ? sql` and pack_id is not null` : sql``}`;
      const read = async (arms: SQL[]) => {
        const result: unknown = await db.execute(sql.join(arms, sql` union all `));
        return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as RawDocument[];
      };
      const found = new Map<string, FoundDocument[]>();
      const keep = (rows: RawDocument[], indexes: readonly number[]) => {
        for (const index of indexes) {
          const group = groups[index] as FindGroup;
          found.set(group.name, rows.filter((row) => row.arm === String(index)).map(toFound));
        }
      };
      const all = groups.map((_, index) => index);
      // A statement per step, each arm small and planned in well under a millisecond; ranking reads only the rows fetched.
      // Typos rank every likeness among the newest documents; words, the newest CANDIDATES matches among them.
      const [recent, cap] = match.kind === "typo" ? [TYPO_RECENT, sql``] : [RECENT, sql` limit ${CANDIDATES}`];
      const recentArm = (group: FindGroup, index: number) => sql`(select ${sql.raw(`'${index}'`)} as arm, ${fields} from (
          select ${fields}, ${rank} as rank from (
            select ${fields}, words, plain from (
              select ${fields}, words, plain from search_documents where ${ofKind(group)} order by at desc limit ${recent}
            ) recent where ${where}${cap}
          ) matched
        ) ranked order by rank desc, at desc limit ${group.limit})`;
      if (match.kind === "typo") {
        // Likeness is measured text by text (the trigram index narrows little for a short word, and a word found
        // nowhere would have every candidate measured): only the kind's newest documents are measured.
        keep(await read(groups.map(recentArm)), all);
        return found;
      }
      const early = await read(groups.map(recentArm));
      keep(early, all);
      // The kinds whose newest documents held too few matches: the word's GIN entries, newest CANDIDATES ranked
      // (`at + 0` keeps the planner off the btree walk, which for a rare word reads every document of the kind).
      const short = all.filter((index) => (found.get((groups[index] as FindGroup).name) ?? []).length < (groups[index] as FindGroup).limit);
      if (short.length === 0) return found;
      const lateArm = (index: number) => {
        const group = groups[index] as FindGroup;
        return sql`(select ${sql.raw(`'${index}'`)} as arm, ${fields} from (
            select ${fields}, ${rank} as rank from (
              select ${fields}, words from search_documents where ${ofKind(group)} and ${indexed}
              order by at + interval '0 seconds' desc limit ${CANDIDATES}
            ) matched
          ) ranked order by rank desc, at desc limit ${group.limit})`;
      };
      keep(await read(short.map(lateArm)), short);
      return found;
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

/** One kind of document a search reads, under a name of the caller's; `packed` keeps images of a pack only. */
export interface FindGroup {
  name: string;
  kind: SearchDocumentKind;
  limit: number;
  packed?: boolean;
}

interface RawDocument {
  arm: string;
  kind: SearchDocumentKind;
  ref_id: string;
  message_id: string;
  conversation_id: string | null;
  pack_id: string | null;
  title: string;
  body: string;
  at: string | Date;
}

const toFound = (row: RawDocument): FoundDocument => ({
  kind: row.kind,
  refId: row.ref_id,
  messageId: row.message_id,
  conversationId: row.conversation_id,
  packId: row.pack_id,
  title: row.title,
  body: row.body,
  at: new Date(row.at),
});

export interface SearchStore {
  withTypos<T>(fn: (store: SearchStore) => Promise<T>): Promise<T>;
  /** Each group's best documents: the newest matches ranked (title words first, an image's conversation words last), newest first among equals. */
  findGroups(userId: string, groups: readonly FindGroup[], match: Match): Promise<Map<string, FoundDocument[]>>;
  conversationTitles(userId: string, ids: readonly string[]): Promise<Map<string, string>>;
  packImages(userId: string, packIds: readonly string[]): Promise<{ packId: string; imageId: string }[]>;
  messagesShowing(pairs: readonly { imageId: string; conversationId: string }[]): Promise<Map<string, string>>;
}
