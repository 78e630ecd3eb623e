// The chat studio's operations in the OpenAPI document (contract/openapi.ts assembles the parts).
import { z } from "zod/mini";
import {
  CHAT_PATH,
  chatApprovalRequestSchema,
  chatMessageSchema,
  chatMessagesResponseSchema,
  chatRequestSchema,
  conversationListSchema,
  conversationResponseSchema,
  conversationSchema,
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  CONVERSATIONS_PATH,
  createConversationRequestSchema,
  renameConversationRequestSchema,
  stopChatResponseSchema,
  switchBranchRequestSchema,
} from "./chat.ts";
import { GALLERY_CURSOR_MAX_LENGTH } from "./images.ts";
import { crossSiteCookie, jsonBodyErrors, noStore, type OpenApiPart, type ParameterSpec, serverErrors, signedIn } from "./openapi-operation.ts";

const conversationId: ParameterSpec = { name: "id", in: "path", description: "One of your conversations; anyone else's is 404.", schema: z.string() };
const conversationQuerySchemas = {
  limit: z._default(z.int().check(z.minimum(1), z.maximum(CONVERSATIONS_PAGE_MAX)), CONVERSATIONS_PAGE_DEFAULT),
  cursor: z.string().check(z.maxLength(GALLERY_CURSOR_MAX_LENGTH)),
};

export const chatOpenApi: OpenApiPart = {
  requestComponents: {
    CreateConversationRequest: createConversationRequestSchema,
    RenameConversationRequest: renameConversationRequestSchema,
    ChatRequest: chatRequestSchema,
    ChatApprovalRequest: chatApprovalRequestSchema,
    SwitchBranchRequest: switchBranchRequestSchema,
  },
  responseComponents: {
    Conversation: conversationSchema,
    ConversationList: conversationListSchema,
    ConversationResponse: conversationResponseSchema,
    ChatMessage: chatMessageSchema,
    ChatMessagesResponse: chatMessagesResponseSchema,
    StopChatResponse: stopChatResponseSchema,
  },
  operations: [
    {
      operationId: "listConversations",
      method: "get",
      path: CONVERSATIONS_PATH,
      summary: "Your conversations that hold a message, most recently active first.",
      tag: "chat",
      auth: true,
      parameters: [
        { name: "limit", in: "query", description: "Conversations per page.", schema: conversationQuerySchemas.limit },
        { name: "cursor", in: "query", description: "`nextCursor` of the previous page.", schema: conversationQuerySchemas.cursor },
      ],
      responses: { 200: { description: `A page of conversations. ${noStore}`, body: conversationListSchema } },
      errors: { 400: "`invalid:body` (a query parameter out of range) or `invalid:cursor`.", ...signedIn, ...serverErrors },
    },
    {
      operationId: "createConversation",
      method: "post",
      path: CONVERSATIONS_PATH,
      summary: "Starts a conversation; without a title, the first prompt names it.",
      tag: "chat",
      auth: true,
      requestBody: createConversationRequestSchema,
      responses: { 201: { description: `The new conversation. ${noStore}`, body: conversationResponseSchema } },
      errors: { ...jsonBodyErrors, 400: "`invalid:body` or `invalid:json`.", ...signedIn, ...crossSiteCookie, ...serverErrors },
    },
    {
      operationId: "renameConversation",
      method: "patch",
      path: `${CONVERSATIONS_PATH}/{id}`,
      summary: "Renames one of your conversations.",
      tag: "chat",
      auth: true,
      parameters: [conversationId],
      requestBody: renameConversationRequestSchema,
      responses: { 200: { description: `The renamed conversation. ${noStore}`, body: conversationResponseSchema } },
      errors: { ...jsonBodyErrors, 400: "`invalid:body` or `invalid:json`.", ...signedIn, ...crossSiteCookie, 404: "`not_found:conversation`.", ...serverErrors },
    },
    {
      operationId: "deleteConversation",
      method: "delete",
      path: `${CONVERSATIONS_PATH}/{id}`,
      summary: "Deletes one of your conversations and its messages (the images stay in your gallery).",
      tag: "chat",
      auth: true,
      parameters: [conversationId],
      responses: { 204: { description: "Deleted." } },
      errors: { ...signedIn, ...crossSiteCookie, 404: "`not_found:conversation`.", ...serverErrors },
    },
    {
      operationId: "listConversationMessages",
      method: "get",
      path: `${CONVERSATIONS_PATH}/{id}/messages`,
      summary:
        "The branch shown of one of your conversations, oldest first, as AI SDK UI messages, and its branch points: each of its messages that has other versions (edits, regenerated answers), with them oldest first.",
      tag: "chat",
      auth: true,
      parameters: [conversationId],
      responses: { 200: { description: `The thread. ${noStore}`, body: chatMessagesResponseSchema } },
      errors: { ...signedIn, 404: "`not_found:conversation`.", ...serverErrors },
    },
    {
      operationId: "switchConversationBranch",
      method: "put",
      path: `${CONVERSATIONS_PATH}/{id}/branch`,
      summary: "Shows the branch through one message of a conversation (down to its newest leaf), kept for the next visit.",
      tag: "chat",
      auth: true,
      parameters: [conversationId],
      requestBody: switchBranchRequestSchema,
      responses: { 200: { description: `The branch now shown, as GET …/messages answers it. ${noStore}`, body: chatMessagesResponseSchema } },
      errors: { ...jsonBodyErrors, 400: "`invalid:body` or `invalid:json`.", ...signedIn, ...crossSiteCookie, 404: "`not_found:conversation` or `not_found:chat_message`.", ...serverErrors },
    },
    {
      operationId: "sendChatMessage",
      method: "post",
      path: CHAT_PATH,
      summary:
        "Sends a message to one of your conversations, or makes a new one with it (an `id` no conversation has: a new uuid); with `editOf`, the message is a new version of that earlier user message; `regenerate` (instead of a message) asks for a new version of that answer. The answer streams back as an AI SDK UI-message stream (SSE).",
      tag: "chat",
      auth: true,
      requestBody: chatRequestSchema,
      responses: {
        200: {
          description:
            "Server-sent events: text deltas, tool calls with their inputs and (preliminary, then final) outputs, and the end. The user's message is saved before the model runs, the answer when it ends.",
          body: "ui-message-stream",
        },
      },
      errors: {
        ...jsonBodyErrors,
        400: "`invalid:body`, `invalid:json` or `invalid:chat_message`.",
        ...signedIn,
        ...crossSiteCookie,
        404: "`not_found:conversation` (the id is someone else's conversation) or `not_found:chat_message` (`editOf` names no user message of it, `regenerate` no answer).",
        409: "`conflict:chat_busy`: an answer is still streaming in this conversation.",
        ...serverErrors,
      },
    },
    {
      operationId: "answerChatApproval",
      method: "post",
      path: `${CHAT_PATH}/{id}/approval`,
      summary:
        "Approves or denies the spends the conversation's last answer is waiting on (a tool call above CHAT_CONFIRM_ABOVE_CREDITS or half the balance); the answer goes on as an AI SDK UI-message stream (SSE).",
      tag: "chat",
      auth: true,
      parameters: [conversationId],
      requestBody: chatApprovalRequestSchema,
      responses: {
        200: {
          description:
            "Server-sent events continuing the waiting answer: the approved calls run as quoted (their outputs as for a message), a denied one ends as `tool-output-denied` with nothing charged, then the closing words.",
          body: "ui-message-stream",
        },
      },
      errors: {
        ...jsonBodyErrors,
        400: "`invalid:body`, `invalid:json` or `invalid:chat_approval` (every waiting request is answered at once).",
        ...signedIn,
        ...crossSiteCookie,
        404: "`not_found:conversation`.",
        409: "`conflict:chat_busy` (an answer is streaming) or `conflict:chat_approval` (nothing of that id is waiting any more).",
        ...serverErrors,
      },
    },
    {
      operationId: "resumeChatStream",
      method: "get",
      path: `${CHAT_PATH}/{id}/stream`,
      summary: "Follows the answer still streaming in a conversation from its first chunk (after a reload or a dropped connection).",
      tag: "chat",
      auth: true,
      parameters: [conversationId],
      responses: {
        200: { description: "The live answer, every chunk so far and then the rest.", body: "ui-message-stream" },
        204: { description: "No answer is streaming on the branch shown: read the stored messages." },
      },
      errors: { ...signedIn, 404: "`not_found:conversation`.", ...serverErrors },
    },
    {
      operationId: "stopChatStream",
      method: "post",
      path: `${CHAT_PATH}/{id}/stop`,
      summary: "Stops the answer streaming in a conversation; what it said so far is saved.",
      tag: "chat",
      auth: true,
      parameters: [conversationId],
      responses: { 200: { description: `Whether an answer was stopped. ${noStore}`, body: stopChatResponseSchema } },
      errors: { ...signedIn, ...crossSiteCookie, 404: "`not_found:conversation`.", ...serverErrors },
    },
  ],
};
