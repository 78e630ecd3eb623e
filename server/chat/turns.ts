import { randomUUID } from "node:crypto";
import { convertToModelMessages, createUIMessageStream, JsonToSseTransformStream, type LanguageModel, stepCountIs, streamText, type UIMessage } from "ai";
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

const busy = () => new AppError("conflict:chat_busy", "An answer is still coming in this conversation. Wait for it, or stop it.");

/** A part worth keeping: words said, or a tool call (a step marker alone, as a stop in the first instant leaves, is not). */
function hasContent(part: { type: string; text?: string }): boolean {
  if (part.type === "step-start") return false;
  if (part.type === "text" || part.type === "reasoning") return (part.text ?? "").trim() !== "";
  return true;
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
    /** `session` is the caller's user, still being looked up: the conversation is read beside it. */
    async start(session: Promise<{ id: string; language: string; credits: number }>, request: ChatRequest): Promise<ReadableStream<string>> {
      const [user, conversation] = await deps.chat.ownedByPending(session, request.id);
      const text = request.message.parts.map((p) => p.text).join("\n").trim();
      if (text === "") throw new AppError("invalid:chat_message", "Write a message first.");
      if (await deps.live.isLive(conversation.id)) throw busy();

      // The answer streams from here: its first bytes go out before the thread is read and the message saved, so a
      // busy server still answers at once; what fails after this point is said in the stream.
      const stop = new AbortController();
      const responseId = randomUUID();
      let admit: (admitted: boolean) => void = () => undefined;
      const admitted = new Promise<boolean>((resolve) => (admit = resolve));
      const answer = createUIMessageStream({
        onError: customerMessage,
        execute: async ({ writer }) => {
          writer.write({ type: "start", messageId: responseId });
          if (!(await admitted)) return;
          // The rest waits for the event loop's next turn, so requests whose answers have not started yet (their
          // checks done) send their first bytes before this one's work goes on.
          await new Promise((resolve) => setImmediate(resolve));
          const userMessage = { id: request.message.id, role: "user" as const, parts: request.message.parts };
          // Saved before the model runs; read beside the save, so the thread is everything before this message.
          const [thread, saved] = await Promise.all([deps.chat.thread(user.id, conversation.id), deps.chat.appendNew(conversation, userMessage, text)]);
          if (!saved) throw new AppError("invalid:chat_message", "That message was already sent.");
          const history = thread.filter((m) => m.id !== userMessage.id) as UIMessage[];
          const messages = [...history, userMessage];
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
          writer.merge(
            result.toUIMessageStream({
              sendStart: false,
              originalMessages: messages,
              generateMessageId: () => responseId,
              onError: customerMessage,
              onFinish: async ({ responseMessage }) => {
                if (!responseMessage.parts.some(hasContent)) return;
                await deps.chat.append(conversation, [{ id: responseMessage.id, role: "assistant", parts: responseMessage.parts }]).catch((err: unknown) => {
                  deps.logger.error({ err, conversationId: conversation.id }, "could not save the answer");
                });
              },
            }),
          );
        },
      });

      /** What a tool, the model or the save failed with, as a customer may read it; causes go to the log only. */
      function customerMessage(error: unknown): string {
        const appError = toAppError(error);
        if (appError.status >= 500) deps.logger.error({ err: error, conversationId: conversation.id }, "chat answer failed");
        return appError.message;
      }

      const sse = answer.pipeThrough(new JsonToSseTransformStream());
      const started = await deps.live.start(conversation.id, sse, stop);
      admit(started);
      if (!started) throw busy();
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
