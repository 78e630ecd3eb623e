import { type RequestHandler, type Response, Router } from "express";
import { z } from "zod";
import {
  CHAT_PATH,
  chatApprovalRequestSchema,
  chatRequestKind,
  chatRequestSchema,
  CONVERSATIONS_PAGE_DEFAULT,
  CONVERSATIONS_PAGE_MAX,
  CONVERSATIONS_PATH,
  type ConversationList,
  createConversationRequestSchema,
  renameConversationRequestSchema,
  switchBranchRequestSchema,
} from "../../contract/chat.ts";
import { GALLERY_CURSOR_MAX_LENGTH } from "../../contract/images.ts";
import type { AuthMiddleware } from "../auth/middleware.ts";
import { AppError } from "../errors/app-error.ts";
import type { ChatService } from "./service.ts";
import type { ChatTurns } from "./turns.ts";

const listQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_PAGE_MAX).default(CONVERSATIONS_PAGE_DEFAULT),
  cursor: z.string().max(GALLERY_CURSOR_MAX_LENGTH).optional(),
});
const idSchema = z.uuid();

/** A malformed id is answered like a missing conversation: nothing about other ids leaks, and no bad uuid reaches SQL. */
function conversationId(raw: unknown): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw new AppError("not_found:conversation", "That conversation does not exist.");
  return parsed.data;
}

/** Conversations: list, create, rename, delete, a thread's branch shown and switching it. Owner checks live in the service. */
export function conversationRoutes(deps: { auth: AuthMiddleware; chat: ChatService; jsonBody: RequestHandler }): Router {
  const { auth, chat, jsonBody } = deps;
  const router = Router();
  const noStore = { "Cache-Control": "no-store" };

  router.get(CONVERSATIONS_PATH, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const body: ConversationList = await chat.list(user.id, listQuerySchema.parse(req.query));
    res.set(noStore).json(body);
  });

  router.post(CONVERSATIONS_PATH, jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const { title } = createConversationRequestSchema.parse(req.body ?? {});
    res.set(noStore).status(201).json({ conversation: await chat.create(user.id, title) });
  });

  router.patch(`${CONVERSATIONS_PATH}/:id`, jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const { title } = renameConversationRequestSchema.parse(req.body);
    res.set(noStore).json({ conversation: await chat.rename(user.id, conversationId(req.params.id), title) });
  });

  router.delete(`${CONVERSATIONS_PATH}/:id`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    await chat.delete(user.id, conversationId(req.params.id));
    res.status(204).end();
  });

  router.get(`${CONVERSATIONS_PATH}/:id/messages`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    res.set(noStore).json(await chat.messages(user.id, conversationId(req.params.id)));
  });

  router.put(`${CONVERSATIONS_PATH}/:id/branch`, jsonBody, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const id = conversationId(req.params.id);
    const { messageId } = switchBranchRequestSchema.parse(req.body);
    res.set(noStore).json(await chat.switchBranch(user.id, id, messageId));
  });

  return router;
}

/** Sends an answer's SSE chunks as they come; a client that goes away stops following, never the answer itself. */
async function sendSse(res: Response, stream: ReadableStream<string>): Promise<void> {
  res.status(200).set({
    "Content-Type": "text/event-stream",
    "Cache-Control": "no-cache, no-transform",
    Connection: "keep-alive",
    "X-Accel-Buffering": "no",
    "x-vercel-ai-ui-message-stream": "v1",
  });
  res.flushHeaders();
  const reader = stream.getReader();
  const closed = () => void reader.cancel().catch(() => undefined);
  res.once("close", closed);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise((resolve) => res.once("drain", resolve));
    }
  } catch {
    // The follower was cancelled (the client left); the answer goes on and is saved when it ends.
  } finally {
    res.off("close", closed);
    res.end();
  }
}

/**
 * The chat: a new message answered as a UI-message stream, an Approve / Deny that lets a waiting answer go on,
 * following a live answer again, and stopping it.
 */
export function chatRoutes(deps: { auth: AuthMiddleware; turns: ChatTurns; jsonBody: RequestHandler }): Router {
  const { auth, turns, jsonBody } = deps;
  const router = Router();

  router.post(CHAT_PATH, jsonBody, async (req, res) => {
    // The session is looked up beside the conversation (turns.start), not before it: the first byte comes sooner.
    const session = auth.requireAuth(req, res);
    const request = chatRequestSchema.safeParse(req.body);
    if (!req.is("application/json") || !request.success) {
      await session; // signed out reads 401 before anything about the body
      if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the message as JSON.");
      throw request.error;
    }
    if (chatRequestKind(request.data) === undefined) {
      await session;
      throw new AppError("invalid:chat_message", "Send a message, or name the answer to regenerate: one of the two.");
    }
    await sendSse(res, await turns.start(session.then(({ user }) => user), request.data));
  });

  router.post(`${CHAT_PATH}/:id/approval`, jsonBody, async (req, res) => {
    const session = auth.requireAuth(req, res);
    const id = conversationId(req.params.id);
    const request = chatApprovalRequestSchema.safeParse(req.body);
    if (!req.is("application/json") || !request.success) {
      await session; // signed out reads 401 before anything about the body
      if (!req.is("application/json")) throw new AppError("unsupported_media_type:json", "Send the answer as JSON.");
      throw request.error;
    }
    await sendSse(res, await turns.respond(session.then(({ user }) => user), id, request.data));
  });

  router.get(`${CHAT_PATH}/:id/stream`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const stream = await turns.resume(user.id, conversationId(req.params.id));
    if (!stream) {
      res.status(204).end();
      return;
    }
    await sendSse(res, stream);
  });

  router.post(`${CHAT_PATH}/:id/stop`, async (req, res) => {
    const { user } = await auth.requireAuth(req, res);
    const stopped = await turns.stop(user.id, conversationId(req.params.id));
    res.set("Cache-Control", "no-store").json({ stopped });
  });

  return router;
}
