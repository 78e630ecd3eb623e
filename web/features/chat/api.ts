import {
  type BranchPoint,
  branchPointSchema,
  type Conversation,
  type ConversationList,
  CONVERSATIONS_PATH,
  conversationListSchema,
  conversationResponseSchema,
} from "../../../contract/chat.ts";
import type { ImageRecord } from "../../../contract/images.ts";
import { apiRequest } from "../../lib/api.ts";
import { uploadImageFile } from "../../lib/upload-image.ts";
import type { ChatMessage } from "./types.ts";

export const conversationsKey = [CONVERSATIONS_PATH] as const;
export const messagesKey = (conversationId: string) => [CONVERSATIONS_PATH, conversationId, "messages"] as const;

const conversationPath = (id: string) => `${CONVERSATIONS_PATH}/${encodeURIComponent(id)}`;

export async function listConversations(cursor?: string): Promise<ConversationList> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : "";
  const res = await apiRequest("GET", `${CONVERSATIONS_PATH}${query}`);
  return conversationListSchema.parse(await res.json());
}

export async function renameConversation(id: string, title: string): Promise<Conversation> {
  const res = await apiRequest("PATCH", conversationPath(id), { title });
  return conversationResponseSchema.parse(await res.json()).conversation;
}

export async function deleteConversation(id: string): Promise<void> {
  await apiRequest("DELETE", conversationPath(id));
}

/** The branch of a conversation shown: its messages from the first, and which of them have other versions. */
export interface ChatBranchView {
  messages: ChatMessage[];
  branchPoints: BranchPoint[];
}

/** Parts are AI SDK UI message parts, trusted as the server wrote them. */
function branchViewOf(body: { messages?: unknown; branchPoints?: unknown }): ChatBranchView {
  const points = Array.isArray(body.branchPoints) ? body.branchPoints.flatMap((p) => { const parsed = branchPointSchema.safeParse(p); return parsed.success ? [parsed.data] : []; }) : [];
  return { messages: Array.isArray(body.messages) ? (body.messages as ChatMessage[]) : [], branchPoints: points };
}

/** The saved thread: the branch the user last chose. */
export async function fetchBranch(id: string): Promise<ChatBranchView> {
  const res = await apiRequest("GET", `${conversationPath(id)}/messages`);
  return branchViewOf((await res.json()) as { messages?: unknown; branchPoints?: unknown });
}

/** Shows the branch through `messageId` (another version of a message) and answers it; kept for the next visit. */
export async function switchBranch(id: string, messageId: string): Promise<ChatBranchView> {
  const res = await apiRequest("PUT", `${conversationPath(id)}/branch`, { messageId });
  return branchViewOf((await res.json()) as { messages?: unknown; branchPoints?: unknown });
}

/** Stops the conversation's running answer on the server (aborting the fetch alone leaves a resumable stream running). */
export async function stopChat(conversationId: string): Promise<void> {
  await apiRequest("POST", `/api/chat/${encodeURIComponent(conversationId)}/stop`);
}

/** POST /api/upload-temp-image: the base image a message starts from. */
export function uploadBaseImage(file: File): Promise<ImageRecord> {
  return uploadImageFile("/api/upload-temp-image", file, "image");
}
