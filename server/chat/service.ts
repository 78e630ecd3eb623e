import { type ChatBranch, type Conversation, type ConversationList, CONVERSATION_TITLE_MAX_LENGTH } from "../../contract/chat.ts";
import type { ConversationRow } from "../../db/schema/conversations.ts";
import type { DbOrTx } from "../../db/open-db.ts";
import { AppError } from "../errors/app-error.ts";
import { decodeCursor, encodeCursor } from "../paging/keyset-cursor.ts";
import { activePath, branchPointsOn, newestLeafUnder, pathTo, type TreeMessage } from "./branches.ts";
import type { ChatStore, StoredMessage } from "./store.ts";

const missing = () => new AppError("not_found:conversation", "That conversation does not exist.");
export const missingMessage = () => new AppError("not_found:chat_message", "That message is not in this conversation.");

/** A message as the thread shows it, without its place in the tree. */
const shown = ({ id, role, parts }: TreeMessage): StoredMessage => ({ id, role, parts });

export function toConversation(row: ConversationRow): Conversation {
  return { id: row.id, title: row.title, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** A title from the first thing the user asked: one line, whole words, at most the title limit. */
export function titleFromPrompt(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= CONVERSATION_TITLE_MAX_LENGTH) return line;
  const cut = line.slice(0, CONVERSATION_TITLE_MAX_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > CONVERSATION_TITLE_MAX_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}

/** Conversations and their stored messages; every call checks the owner first (someone else's id is a 404). */
export function createChatService(deps: { store: ChatStore }) {
  const { store } = deps;

  async function owned(userId: string, id: string): Promise<ConversationRow> {
    const row = await store.findOwned(userId, id);
    if (!row) throw missing();
    return row;
  }

  /**
   * The branch shown of one of the user's conversations (the path to its active leaf); empty for anyone else's (the
   * query checks the owner). `conversation` is the row when the caller has it, else it is read beside the messages.
   */
  async function thread(userId: string, id: string, conversation?: ConversationRow): Promise<StoredMessage[]> {
    const [row, tree] = await Promise.all([conversation ?? store.findOwned(userId, id), store.tree(userId, id)]);
    return activePath(tree, row?.activeMessageId ?? null).map(shown);
  }

  /** The branch shown and its branch points, from a conversation's row and all its messages. */
  function branchOf(row: ConversationRow, tree: readonly TreeMessage[]): ChatBranch {
    const path = activePath(tree, row.activeMessageId);
    return { messages: path.map(shown), branchPoints: branchPointsOn(path, tree) };
  }

  return {
    owned,

    /**
     * `owned` for a caller still learning who the user is: the row is read by id beside that (one round trip less
     * before a chat answer's first byte) and kept only when the user turns out to own it.
     */
    async ownedByPending<User extends { id: string }>(user: Promise<User>, id: string): Promise<[User, ConversationRow]> {
      const [who, row] = await Promise.all([user, store.findById(id)]);
      if (!row || row.userId !== who.id) throw missing();
      return [who, row];
    },

    /**
     * `ownedByPending` for a message that may be a conversation's first: a conversation its client named but has not
     * written in yet does not exist, and comes back undefined; someone else's is a 404.
     */
    async ownedOrNewByPending<User extends { id: string }>(user: Promise<User>, id: string): Promise<[User, ConversationRow | undefined]> {
      const [who, row] = await Promise.all([user, store.findById(id)]);
      if (row && row.userId !== who.id) throw missing();
      return [who, row];
    },

    /**
     * Saves a conversation's first message, making the conversation (under the id its client chose, named after the
     * prompt) in the same transaction, so no conversation exists without its message. When the id turned up meanwhile
     * (a second tab's first message), the message joins that conversation if it is the user's own; someone else's is a
     * 404. `thread` is what the conversation held before; `saved` is false when a message with its id is stored already.
     */
    async startWith(userId: string, id: string, message: StoredMessage, prompt: string): Promise<{ conversation: ConversationRow; thread: StoredMessage[]; saved: boolean }> {
      const created = await store.createWithMessage(userId, id, titleFromPrompt(prompt), message);
      if (created) return { conversation: created, thread: [], saved: true };
      const conversation = await owned(userId, id);
      const [before, saved] = await Promise.all([thread(userId, id), store.appendNew(id, message, conversation.title === "" ? titleFromPrompt(prompt) : undefined)]);
      return { conversation, thread: before.filter((m) => m.id !== message.id), saved };
    },

    async list(userId: string, query: { limit: number; cursor?: string | undefined }): Promise<ConversationList> {
      const rows = await store.list(userId, query.limit + 1, decodeCursor(query.cursor));
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { conversations: page.map(toConversation), nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.updatedAt, id: last.id }) : null };
    },

    async create(userId: string, title = ""): Promise<Conversation> {
      return toConversation(await store.create(userId, title));
    },

    async rename(userId: string, id: string, title: string): Promise<Conversation> {
      const row = await store.rename(userId, id, title);
      if (!row) throw missing();
      return toConversation(row);
    },

    async delete(userId: string, id: string): Promise<void> {
      if (!(await store.delete(userId, id))) throw missing();
    },

    /** The branch shown, with its branch points; someone else's id is a 404 (both read side by side). */
    async messages(userId: string, id: string): Promise<ChatBranch> {
      const [row, tree] = await Promise.all([owned(userId, id), store.tree(userId, id)]);
      return branchOf(row, tree);
    },

    /** Shows the branch through `messageId` (down to its newest leaf) and answers it; an unknown message is a 404. */
    async switchBranch(userId: string, id: string, messageId: string): Promise<ChatBranch> {
      const [row, tree] = await Promise.all([owned(userId, id), store.tree(userId, id)]);
      if (!tree.some((m) => m.id === messageId)) throw missingMessage();
      const leaf = newestLeafUnder(tree, messageId);
      await store.setActive(row.id, leaf);
      return branchOf({ ...row, activeMessageId: leaf }, tree);
    },

    thread,

    /** Every message of one of the user's conversations, every branch, in the order stored. */
    tree: (userId: string, id: string) => store.tree(userId, id),

    /**
     * Where a new message or answer goes beside an earlier one of a conversation the caller has checked: the earlier
     * message's parent, and the thread up to it (what the model sees). `role` is what the earlier message must be.
     */
    async besideOf(conversation: ConversationRow, userId: string, messageId: string, role: StoredMessage["role"]): Promise<{ parentId: string | null; before: StoredMessage[] }> {
      const tree = await store.tree(userId, conversation.id);
      const earlier = tree.find((m) => m.id === messageId);
      if (!earlier || earlier.role !== role) throw missingMessage();
      return { parentId: earlier.parentId, before: earlier.parentId === null ? [] : pathTo(tree, earlier.parentId).map(shown) };
    },

    /** Shows the branch ending at `leafId`, a message of a conversation the caller has checked (store.setActive). */
    setActive: (conversation: ConversationRow, leafId: string, from?: string) => store.setActive(conversation.id, leafId, from),

    /**
     * Saves a new user message of a conversation the caller has checked (its first prompt names an untitled one);
     * false when a message with its id is already stored, which is left as it was.
     */
    async appendNew(conversation: ConversationRow, message: StoredMessage, prompt: string, under?: { parentId: string | null }): Promise<boolean> {
      const title = conversation.title === "" ? titleFromPrompt(prompt) : undefined;
      return store.appendNew(conversation.id, message, title, under);
    },

    /** Records the user's answers in a stored answer still waiting for them; false when another answer came first. */
    answerApprovals: (conversation: ConversationRow, messageId: string, approvalIds: readonly string[], parts: unknown[]) =>
      store.answerApprovals(conversation.id, messageId, approvalIds, parts),

    /**
     * Saves an answer following `parentId` in a conversation the caller has checked (docs: store.saveAnswer); in `tx`
     * when the caller's own transaction must carry it.
     */
    saveAnswer: (conversation: ConversationRow, message: StoredMessage, parentId: string | null, tx?: DbOrTx) => store.saveAnswer(conversation.id, message, parentId, tx),
  };
}

export type ChatService = ReturnType<typeof createChatService>;
