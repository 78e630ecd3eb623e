import { and, desc, eq, lt, max, or, sql } from "drizzle-orm";
import { type DbOrTx, withTransaction } from "../../db/open-db.ts";
import { type ChatMessageRow, chatMessages, type ConversationRow, conversations } from "../../db/schema/conversations.ts";
import type { KeysetCursor } from "../paging/keyset-cursor.ts";

export interface StoredMessage {
  id: string;
  role: "user" | "assistant";
  parts: unknown[];
}

export function createChatStore(db: DbOrTx) {
  return {
    async create(userId: string, title: string): Promise<ConversationRow> {
      const [row] = await db.insert(conversations).values({ userId, title }).returning();
      if (!row) throw new Error("conversation insert returned no row");
      return row;
    },

    async findOwned(userId: string, id: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
      return row;
    },

    /** Newest activity first; `after` is the (updatedAt, id) of the previous page's last row. */
    async list(userId: string, limit: number, after: KeysetCursor | undefined): Promise<ConversationRow[]> {
      return db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.userId, userId),
            after
              ? (or(lt(conversations.updatedAt, after.at), and(eq(conversations.updatedAt, after.at), lt(conversations.id, after.id))) ?? sql`false`)
              : undefined,
          ),
        )
        .orderBy(desc(conversations.updatedAt), desc(conversations.id))
        .limit(limit);
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

    async messages(conversationId: string): Promise<ChatMessageRow[]> {
      return db.select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId)).orderBy(chatMessages.position);
    },

    /**
     * Appends messages (or replaces one already stored under its id, as a finished answer replaces nothing twice)
     * and touches the conversation, in one transaction. Positions continue after the last one.
     */
    async append(conversationId: string, messages: readonly StoredMessage[], title?: string): Promise<void> {
      if (messages.length === 0) return;
      await withTransaction(db, async (tx) => {
        // Serialises appends to one conversation: the row lock is held until commit.
        await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversationId)).for("update");
        const [last] = await tx.select({ position: max(chatMessages.position) }).from(chatMessages).where(eq(chatMessages.conversationId, conversationId));
        let position = (last?.position ?? -1) + 1;
        for (const message of messages) {
          await tx
            .insert(chatMessages)
            .values({ id: message.id, conversationId, position: position++, role: message.role, parts: message.parts })
            .onConflictDoUpdate({ target: [chatMessages.conversationId, chatMessages.id], set: { parts: message.parts } });
        }
        await tx
          .update(conversations)
          .set({ updatedAt: new Date(), ...(title ? { title } : {}) })
          .where(eq(conversations.id, conversationId));
      });
    },
  };
}

export type ChatStore = ReturnType<typeof createChatStore>;
