import { sql } from "drizzle-orm";
import { customType, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { searchDocumentKinds } from "../../contract/search.ts";
import { users } from "./users.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * The search index (docs/product/search.md, decision 042): one row per conversation (its title and the user's words),
 * per chat message (its text), per finished image (prompt, headline, video title; `context` holds the words of the
 * conversation that made it) and per persona. Triggers on the source tables write it in the same statement as the
 * source row, so it never lags a write, whichever service or script made it.
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    kind: text({ enum: searchDocumentKinds }).notNull(),
    /** The conversation, image or persona; for a message its conversation. */
    refId: uuid().notNull(),
    /** The message's id within its conversation; empty for every other kind. */
    messageId: text().notNull().default(""),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The conversation a message belongs to or an image was made in. */
    conversationId: uuid(),
    /** The A/B pack an image is a variant of. */
    packId: uuid(),
    title: text().notNull().default(""),
    body: text().notNull().default(""),
    /** An image's conversation's title and words: found, but ranked below the image's own words. */
    context: text().notNull().default(""),
    at: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Stems in every language with a PostgreSQL dictionary, plain words, and CJK bigrams (search_words()). */
    words: tsvector()
      .notNull()
      .generatedAlwaysAs(sql`setweight(search_words(title), 'A') || setweight(search_words(body), 'B') || setweight(search_words(context), 'D')`),
    /** What trigram likeness (typos) is measured on, among a kind's newest documents (no index: decision 042). */
    plain: text()
      .notNull()
      .generatedAlwaysAs(sql`lower(title || ' ' || body)`),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId, t.messageId] }),
    // One full-text index per kind: a word in every image (a prompt's "thumbnail") leaves the titles' index small.
    ...searchDocumentKinds.map((kind) =>
      index(`search_documents_${kind}_words_idx`)
        .using("gin", t.words)
        .where(sql.raw(`kind = '${kind}'`)),
    ),
    // A kind's newest documents, which a search reads first (NULLS FIRST is what ORDER BY … DESC means).
    index("search_documents_user_kind_at_idx").on(t.userId, t.kind, t.at.desc().nullsFirst()),
    index("search_documents_pack_idx")
      .on(t.packId)
      .where(sql`${t.packId} is not null`),
    index("search_documents_conversation_idx")
      .on(t.conversationId)
      .where(sql`${t.conversationId} is not null`),
  ],
);

export type SearchDocumentRow = typeof searchDocuments.$inferSelect;
