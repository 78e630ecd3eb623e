import { DefaultChatTransport } from "ai";
import { CHAT_PATH } from "../../../contract/chat.ts";
import { readSessionToken } from "../../lib/session-token.ts";
import type { ChatMessage } from "./types.ts";

function sessionHeaders(): Record<string, string> {
  const token = readSessionToken();
  return token ? { "x-session-token": token } : {};
}

/** The user's Approve / Deny on the spends an answer waits on, as POST /api/chat/:id/approval takes them. */
export function approvalAnswers(message: ChatMessage): { id: string; approved: boolean }[] {
  return message.parts.flatMap((part) =>
    "state" in part && part.state === "approval-responded" && "approval" in part && part.approval ? [{ id: part.approval.id, approved: part.approval.approved }] : [],
  );
}

/**
 * POST /api/chat takes only the new user message (the server keeps the thread) and the pickers' values, which
 * `sendMessage(message, { body })` hands in; an edit (`sendMessage({ …, messageId })`) names the message it replaces,
 * `regenerate({ messageId })` the answer to write again. A reload resumes the live answer at /api/chat/:id/stream.
 */
export function createChatTransport(fetchImpl?: typeof fetch, onNothingToResume?: () => void): DefaultChatTransport<ChatMessage> {
  const transport = new DefaultChatTransport<ChatMessage>({
    api: CHAT_PATH,
    credentials: "include",
    headers: sessionHeaders,
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    prepareSendMessagesRequest: ({ id, messages, body, trigger, messageId }) => {
      // The page's language (set by i18n) is the answer's.
      const language = document.documentElement.lang || undefined;
      const last = messages[messages.length - 1];
      // An answer that waited on the user's Approve / Deny goes on from the server's copy: only the answers travel.
      if (trigger === "submit-message" && last?.role === "assistant") return { api: `${CHAT_PATH}/${encodeURIComponent(id)}/approval`, body: { approvals: approvalAnswers(last), language } };
      // A new answer beside a stored one: the server reads the thread up to it.
      if (trigger === "regenerate-message" && messageId !== undefined) return { body: { ...body, id, regenerate: messageId, language } };
      // A message sent with the id of an earlier one replaces it: a new version beside it (sendMessage({ …, messageId })).
      const message = last && { id: last.id, role: last.role, parts: last.parts };
      return { body: { ...body, id, message, language, ...(trigger === "submit-message" && messageId !== undefined ? { editOf: messageId } : {}) } };
    },
    prepareReconnectToStreamRequest: ({ id }) => ({ api: `${CHAT_PATH}/${encodeURIComponent(id)}/stream` }),
  });
  // Nothing live (204): an answer may have ended between loading the thread and this request; the caller rereads it.
  const reconnect = transport.reconnectToStream.bind(transport);
  transport.reconnectToStream = async (options) => {
    const stream = await reconnect(options);
    if (!stream) onNothingToResume?.();
    return stream;
  };
  return transport;
}
