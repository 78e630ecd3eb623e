import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

/** One chat thread of a user (docs/product/chat.md). Listed newest first by `updated_at`. */
export const conversations = pgTable(
  "conversations",
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text().notNull(),
    /**
     * The words of the user's messages, one after the other: what the gallery search matches besides the title, read
     * once per search instead of walking every message's parts.
     */
    userWords: text().notNull().default(""),
    /**
     * The leaf of the branch the user looks at (docs/decisions/033-conversation-branches.md): a new message follows it,
     * and the thread shown is the path from the first message to it. Null until the first message.
     */
    activeMessageId: text(),
    // Milliseconds, like a JavaScript Date: the list's keyset cursor round-trips through one exactly.
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index("conversations_user_updated_idx").on(t.userId, t.updatedAt.desc(), t.id.desc())],
);

/**
 * One message of a conversation as an AI SDK UI message: its parts (text, tool calls with their inputs and outputs:
 * image ids and records, never bytes). `position` orders siblings (oldest first) and tells the newest leaf; the id is
 * the UI message's own.
 */
export const chatMessages = pgTable(
  "chat_messages",
  {
    /** The UI message's id, unique within its conversation (clients make user message ids). */
    id: text().notNull(),
    conversationId: uuid()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    // From one sequence: a message appended later sorts later, with no lock and no read of the thread to number it.
    position: bigint({ mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    /**
     * The message this one follows (null for a first message): messages form a tree, and an edited or regenerated
     * message is a sibling of the one it replaces.
     */
    parentId: text(),
    role: text({ enum: ["user", "assistant"] }).notNull(),
    parts: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.id] }), index("chat_messages_conversation_position_idx").on(t.conversationId, t.position)],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
