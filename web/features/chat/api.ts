import {
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

/** The saved thread. Parts are AI SDK UI message parts, trusted as the server wrote them. */
export async function fetchMessages(id: string): Promise<ChatMessage[]> {
  const res = await apiRequest("GET", `${conversationPath(id)}/messages`);
  const body = (await res.json()) as { messages?: unknown };
  return Array.isArray(body.messages) ? (body.messages as ChatMessage[]) : [];
}

/** Stops the conversation's running answer on the server (aborting the fetch alone leaves a resumable stream running). */
export async function stopChat(conversationId: string): Promise<void> {
  await apiRequest("POST", `/api/chat/${encodeURIComponent(conversationId)}/stop`);
}

/** POST /api/upload-temp-image: the base image a message starts from. */
export function uploadBaseImage(file: File): Promise<ImageRecord> {
  return uploadImageFile("/api/upload-temp-image", file, "image");
}
