import { randomUUID } from "node:crypto";
import { convertToModelMessages, JsonToSseTransformStream, type LanguageModel, stepCountIs, streamText, type UIMessage } from "ai";
import { type ChatRequest, MAX_IMAGES_PER_MESSAGE } from "../../contract/chat.ts";
import { defaultLanguage, isLanguage } from "../../contract/languages.ts";
import { AppError } from "../errors/app-error.ts";
import { toAppError } from "../errors/to-app-error.ts";
import type { Logger } from "../logger.ts";
import type { LiveStreams } from "./live-streams.ts";
import type { ChatService } from "./service.ts";
import { systemPrompt } from "./system-prompt.ts";
import type { ChatToolContext } from "./tools/context.ts";

/** The tools one message may use, built for its context (its user, its pickers, its image budget). */
export type ChatToolsFactory = (ctx: ChatToolContext) => Parameters<typeof streamText>[0]["tools"];

/** Ids of the images a thread's tools made, newest first (from the tools' stored outputs). */
export function imagesIn(messages: readonly { parts: unknown[] }[]): string[] {
  const ids: string[] = [];
  for (const message of messages) {
    for (const part of message.parts) {
      const output = (part as { state?: unknown; output?: { images?: { id?: unknown; status?: unknown }[] } }).output;
      if ((part as { state?: unknown }).state !== "output-available" || !Array.isArray(output?.images)) continue;
      for (const image of output.images) if (typeof image.id === "string" && image.status === "ready") ids.push(image.id);
    }
  }
  return ids.reverse();
}

/** Steps one answer may take: a lead-in, tool calls, and the closing words after their results. */
const MAX_STEPS = 5;

/**
 * One exchange of the chat: the user's message is saved before the model runs; the model streams its answer with the
 * tools; the answer is saved when it ends (stopped answers keep what was said). The stream runs on its own, so a
 * closed tab does not stop it, and a reload follows it again through `live`.
 */
export function createChatTurns(deps: {
  chat: ChatService;
  model: () => LanguageModel;
  tools: ChatToolsFactory;
  live: LiveStreams;
  logger: Logger;
}) {
  return {
    async start(user: { id: string; language: string; credits: number }, request: ChatRequest): Promise<ReadableStream<string>> {
      const conversation = await deps.chat.owned(user.id, request.id);
      const text = request.message.parts.map((p) => p.text).join("\n").trim();
      if (text === "") throw new AppError("invalid:chat_message", "Write a message first.");
      if (await deps.live.isLive(conversation.id)) throw new AppError("conflict:chat_busy", "An answer is still coming in this conversation. Wait for it, or stop it.");

      const history = (await deps.chat.thread(conversation)) as UIMessage[];
      const userMessage = { id: request.message.id, role: "user" as const, parts: request.message.parts };
      if (history.some((m) => m.id === userMessage.id)) throw new AppError("invalid:chat_message", "That message was already sent.");
      await deps.chat.append(conversation, [userMessage], text);
      const messages = [...history, userMessage];

      const stop = new AbortController();
      const ctx: ChatToolContext = {
        userId: user.id,
        style: request.style,
        aspect: request.aspect,
        model: request.model,
        attachmentImageId: request.attachmentImageId,
        imagesLeft: MAX_IMAGES_PER_MESSAGE,
        recentImageIds: imagesIn(history),
        signal: stop.signal,
      };
      const tools = deps.tools(ctx);
      const language = request.language ?? (isLanguage(user.language) ? user.language : defaultLanguage);
      const result = streamText({
        model: deps.model(),
        // The balance came with the session lookup of this request.
        system: systemPrompt({ language, creditsLeft: user.credits }),
        messages: await convertToModelMessages(messages, { tools }),
        tools,
        stopWhen: stepCountIs(MAX_STEPS),
        abortSignal: stop.signal,
      });
      const ui = result.toUIMessageStream({
        originalMessages: messages,
        generateMessageId: randomUUID,
        // What a tool or the model failed with, as a customer may read it; causes go to the log only.
        onError: (error) => {
          const appError = toAppError(error);
          if (appError.status >= 500) deps.logger.error({ err: error, conversationId: conversation.id }, "chat answer failed");
          return appError.message;
        },
        onFinish: async ({ responseMessage }) => {
          if (responseMessage.parts.length === 0) return;
          await deps.chat.append(conversation, [{ id: responseMessage.id, role: "assistant", parts: responseMessage.parts }]).catch((err: unknown) => {
            deps.logger.error({ err, conversationId: conversation.id }, "could not save the answer");
          });
        },
      });
      const sse = ui.pipeThrough(new JsonToSseTransformStream());
      if (!(await deps.live.start(conversation.id, sse, stop))) throw new AppError("conflict:chat_busy", "An answer is still coming in this conversation. Wait for it, or stop it.");
      const follower = await deps.live.follow(conversation.id);
      if (!follower) throw new Error("a started answer has no stream");
      return follower;
    },

    /** The live answer of a conversation, to follow again after a reload; undefined when none is running. */
    async resume(userId: string, conversationId: string): Promise<ReadableStream<string> | undefined> {
      await deps.chat.owned(userId, conversationId);
      // A finished answer is read from the stored messages instead.
      return (await deps.live.isLive(conversationId)) ? deps.live.follow(conversationId) : undefined;
    },

    /** Stops the live answer; what it said so far is saved. */
    async stop(userId: string, conversationId: string): Promise<boolean> {
      await deps.chat.owned(userId, conversationId);
      return deps.live.stop(conversationId);
    },
  };
}

export type ChatTurns = ReturnType<typeof createChatTurns>;
