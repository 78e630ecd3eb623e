import { and, desc, eq, exists, lt, or, sql } from "drizzle-orm";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import { type ChatMessageRow, chatMessages, type ConversationRow, conversations } from "../../db/schema/conversations.ts";
import type { KeysetCursor } from "../paging/keyset-cursor.ts";
import type { TreeMessage } from "./branches.ts";

export interface StoredMessage {
  id: string;
  role: "user" | "assistant";
  parts: unknown[];
}

/** The text a user typed in these messages (the gallery search matches it); assistants' words and tool parts are left out. */
function userWordsOf(messages: readonly StoredMessage[]): string {
  return messages
    .filter((m) => m.role === "user")
    .flatMap((m) => m.parts)
    .flatMap((part) => (typeof part === "object" && part !== null && "type" in part && part.type === "text" && "text" in part && typeof part.text === "string" ? [part.text] : []))
    .join(" ");
}

/** The conversation's words with `added` after them. */
const withUserWords = (added: string) => (added ? { userWords: sql`ltrim(${conversations.userWords} || ' ' || ${added})` } : {});

export function createChatStore(db: DbOrTx) {
  // The reads every chat turn and every list runs: prepared once, so their SQL is built and planned once.
  const ownedQuery = db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, sql.placeholder("id")), eq(conversations.userId, sql.placeholder("userId"))))
    .prepare("conversation_owned");
  const byIdQuery = db.select().from(conversations).where(eq(conversations.id, sql.placeholder("id"))).prepare("conversation_by_id");
  const treeQuery = db
    .select({ id: chatMessages.id, parentId: chatMessages.parentId, role: chatMessages.role, parts: chatMessages.parts })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.conversationId, sql.placeholder("conversationId")), eq(conversations.userId, sql.placeholder("userId"))))
    .orderBy(chatMessages.position)
    .prepare("conversation_tree");
  const newestOrder = [desc(conversations.updatedAt), desc(conversations.id)];
  // A conversation is listed once it holds a message: one made and never written in is nothing to go back to.
  const hasMessages = exists(db.select({ one: sql`1` }).from(chatMessages).where(eq(chatMessages.conversationId, conversations.id)));
  const firstPageQuery = db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, sql.placeholder("userId")), hasMessages))
    .orderBy(...newestOrder)
    .limit(sql.placeholder("limit"))
    .prepare("conversations_first_page");
  const atCursor = sql.placeholder("at");
  const idCursor = sql.placeholder("after");
  const nextPageQuery = db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.userId, sql.placeholder("userId")),
        hasMessages,
        or(lt(conversations.updatedAt, atCursor), and(eq(conversations.updatedAt, atCursor), lt(conversations.id, idCursor))),
      ),
    )
    .orderBy(...newestOrder)
    .limit(sql.placeholder("limit"))
    .prepare("conversations_next_page");

  return {
    async create(userId: string, title: string): Promise<ConversationRow> {
      const [row] = await db.insert(conversations).values({ userId, title }).returning();
      if (!row) throw new Error("conversation insert returned no row");
      return row;
    },

    /**
     * Makes a conversation under the id its client chose, together with its first message, in one transaction; undefined
     * (and nothing written) when the id is already taken.
     */
    async createWithMessage(userId: string, id: string, title: string, message: StoredMessage): Promise<ConversationRow | undefined> {
      return withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(conversations)
          .values({ id, userId, title, userWords: userWordsOf([message]), activeMessageId: message.id })
          .onConflictDoNothing()
          .returning();
        if (!row) return undefined;
        await tx.insert(chatMessages).values({ id: message.id, conversationId: id, parentId: null, role: message.role, parts: message.parts });
        return row;
      });
    },

    async findOwned(userId: string, id: string): Promise<ConversationRow | undefined> {
      const [row] = await ownedQuery.execute({ id, userId });
      return row;
    },

    /** A conversation by id alone, whoever owns it: for a caller that compares the owner itself. */
    async findById(id: string): Promise<ConversationRow | undefined> {
      const [row] = await byIdQuery.execute({ id });
      return row;
    },

    /** Conversations with messages, newest activity first; `after` is the (updatedAt, id) of the previous page's last row. */
    async list(userId: string, limit: number, after: KeysetCursor | undefined): Promise<ConversationRow[]> {
      return after ? nextPageQuery.execute({ userId, limit, at: after.at.toISOString(), after: after.id }) : firstPageQuery.execute({ userId, limit });
    },

    async rename(userId: string, id: string, title: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .update(conversations)
        .set({ title, updatedAt: new Date() })
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .returning();
      return row;
    },

    async delete(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
        .returning({ id: conversations.id });
      return rows.length === 1;
    },

    /**
     * Every message of a conversation, every branch, in the order they were stored, if the user owns it (else none):
     * safe to read beside the owner check.
     */
    async tree(userId: string, conversationId: string): Promise<TreeMessage[]> {
      const rows: Pick<ChatMessageRow, "id" | "parentId" | "role" | "parts">[] = await treeQuery.execute({ conversationId, userId });
      return rows.map((row) => ({ id: row.id, parentId: row.parentId, role: row.role, parts: row.parts as unknown[] }));
    },

    /**
     * Saves an answer under `parentId` (or replaces its parts when it is stored already, as an answer that went on after
     * an approval is) and touches the conversation, in one statement: positions come from a sequence, so nothing is
     * read or locked. The answer becomes the active leaf only while its parent still is one: a user who switched
     * branches meanwhile stays where they went.
     */
    async saveAnswer(conversationId: string, message: StoredMessage, parentId: string | null, tx: DbOrTx = db): Promise<void> {
      const inserted = tx.$with("inserted").as(
        tx
          .insert(chatMessages)
          .values({ id: message.id, conversationId, parentId, role: message.role, parts: message.parts })
          .onConflictDoUpdate({ target: [chatMessages.conversationId, chatMessages.id], set: { parts: sql`excluded.parts` } })
          .returning({ id: chatMessages.id }),
      );
      const advanced = parentId === null ? sql`${message.id}` : sql`case when ${conversations.activeMessageId} = ${parentId} then ${message.id} else ${conversations.activeMessageId} end`;
      // A data-modifying WITH runs whether or not the outer statement reads it.
      await tx
        .with(inserted)
        .update(conversations)
        .set({ updatedAt: new Date(), activeMessageId: advanced })
        .where(eq(conversations.id, conversationId));
    },

    /**
     * Shows the branch ending at `leafId` (a message of this conversation, checked by the caller); with `from`, only
     * while the branch shown still ends at that message.
     */
    async setActive(conversationId: string, leafId: string, from?: string): Promise<void> {
      const still = from === undefined ? [] : [eq(conversations.activeMessageId, from)];
      await db
        .update(conversations)
        .set({ activeMessageId: leafId })
        .where(and(eq(conversations.id, conversationId), ...still));
    },

    /**
     * Replaces a stored answer's parts only while every one of `approvalIds` is still waiting in it, in one statement:
     * of two answers to the same approval (two tabs, a double click) exactly one claims it.
     */
    async answerApprovals(conversationId: string, messageId: string, approvalIds: readonly string[], parts: unknown[]): Promise<boolean> {
      const pending = approvalIds.map(
        (id) => sql`jsonb_path_exists(${chatMessages.parts}, '$[*] ? (@.state == "approval-requested" && @.approval.id == $id)', jsonb_build_object('id', ${id}::text))`,
      );
      const rows = await db
        .update(chatMessages)
        .set({ parts })
        .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.id, messageId), ...pending))
        .returning({ id: chatMessages.id });
      return rows.length === 1;
    },

    /**
     * Stores a new message and makes it the active leaf, in one statement; false (and nothing changed) when its id is
     * taken. It follows `under.parentId` (an edit's sibling), else the active leaf, read in the same statement.
     */
    async appendNew(conversationId: string, message: StoredMessage, title?: string, under?: { parentId: string | null }): Promise<boolean> {
      const parentId = under
        ? under.parentId
        : sql`(select ${conversations.activeMessageId} from ${conversations} where ${conversations.id} = ${conversationId})`;
      const inserted = db.$with("inserted").as(
        db
          .insert(chatMessages)
          .values({ id: message.id, conversationId, parentId, role: message.role, parts: message.parts })
          .onConflictDoNothing()
          .returning({ id: chatMessages.id }),
      );
      const touched = await db
        .with(inserted)
        .update(conversations)
        .set({ updatedAt: new Date(), activeMessageId: message.id, ...(title ? { title } : {}), ...withUserWords(userWordsOf([message])) })
        .where(and(eq(conversations.id, conversationId), sql`exists (select 1 from ${inserted})`))
        .returning({ id: conversations.id });
      return touched.length === 1;
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
