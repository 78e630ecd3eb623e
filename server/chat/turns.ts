import { randomUUID } from "node:crypto";
import { convertToModelMessages, createUIMessageStream, JsonToSseTransformStream, type LanguageModel, stepCountIs, streamText, type UIMessage, type UIMessageChunk, type UIMessageStreamWriter } from "ai";
import { type ChatApprovalRequest, type ChatRequest, MAX_IMAGES_PER_MESSAGE } from "../../contract/chat.ts";
import { z } from "zod/mini";
import { defaultLanguage, isLanguage, type Language } from "../../contract/languages.ts";
import type { ConversationRow } from "../../db/schema/conversations.ts";
import { AppError } from "../errors/app-error.ts";
import { toAppError } from "../errors/to-app-error.ts";
import type { Logger } from "../logger.ts";
import type { LiveStreams } from "./live-streams.ts";
import { type ChatService, missingMessage } from "./service.ts";
import { answeredApprovals, type ApprovalDescriptor, approvedQuotesIn, imagesMadeIn, notWaiting, withQuotes } from "./approvals.ts";
import { systemPrompt } from "./system-prompt.ts";
import type { ChatToolContext } from "./tools/context.ts";
import { type SpendApprovalDeps, spendApproval } from "./tools/spend-approval.ts";
import type { ChatToolSet } from "./tools/tool-set.ts";

/** The tools one message may use, built for its context (its user, its pickers, its image budget). */
export type ChatToolsFactory = (ctx: ChatToolContext) => ChatToolSet;

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

/**
 * A video a user message came with (From your video), kept as a `data-video` part of the message (messages have no
 * metadata column, and the model is never shown data parts).
 */
export const videoPartSchema = z.object({ type: z.literal("data-video"), data: z.object({ videoId: z.uuid() }) });

/** The conversation's current video: the newest one a user message came with. */
export function videoIn(messages: readonly { role: string; parts: unknown[] }[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role !== "user") continue;
    for (const part of message.parts) {
      const parsed = videoPartSchema.safeParse(part);
      if (parsed.success) return parsed.data.data.videoId;
    }
  }
  return undefined;
}

/**
 * The thread's images with the one the user picked ("Edit" on an older card) first: it is the current image for this
 * turn, so "it" and an edit or variant without an id mean that one. Only an image of this conversation can be picked.
 */
function withCurrent(ids: string[], picked: string | undefined): string[] {
  if (picked === undefined) return ids;
  const id = picked.toLowerCase();
  if (!ids.includes(id)) throw new AppError("not_found:image", "That image is not one of this conversation's. Pick one of its images to edit.");
  return [id, ...ids.filter((other) => other !== id)];
}

const busy = () => new AppError("conflict:chat_busy", "An answer is still coming in this conversation. Wait for it, or stop it.");

/**
 * Whether the live answer, tagged with the message it belongs after (the message it answers, or the answer it goes on
 * with), is on the branch shown: its message is the active leaf, or is still being saved (and becomes it). An answer on
 * a branch the user switched away from is not followed there (docs/decisions/033-conversation-branches.md).
 */
function onBranchShown(tag: string, activeId: string | null, tree: readonly { id: string }[]): boolean {
  return tag === activeId || !tree.some((m) => m.id === tag);
}

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
  /** What prices a tool call and says whether it waits for the user's Approve / Deny. */
  spend: SpendApprovalDeps;
  live: LiveStreams;
  logger: Logger;
}) {
  type User = { id: string; language: string; credits: number };

  /**
   * Runs the model over `messages` (ending in the user's message, or in an answer the user has just approved or
   * denied parts of) and merges its UI stream into `writer`; the answer is saved when it ends. A tool call that
   * would spend past the threshold stops before running, with its quote (and the turn's pickers, so an approved
   * call runs exactly as quoted) on its approval part.
   */
  async function answerInto(
    writer: UIMessageStreamWriter,
    run: { user: User; conversation: Parameters<ChatService["saveAnswer"]>[0]; parentId: string | null; messages: UIMessage[]; turn: ApprovalDescriptor["turn"]; language: Language | undefined; stop: AbortController; responseId: string; imagesMade: number; nothingSaid?: () => Promise<void> },
    customerMessage: (error: unknown) => string,
  ): Promise<void> {
    const { user, conversation, messages, turn } = run;
    const ctx: ChatToolContext = {
      language: run.language ?? (isLanguage(user.language) ? user.language : defaultLanguage),
      userId: user.id,
      conversationId: conversation.id,
      style: turn.style,
      aspect: turn.aspect,
      model: turn.model,
      styleKitId: turn.styleKitId,
      attachmentImageId: turn.attachmentImageId,
      videoId: turn.videoId ?? videoIn(messages),
      imagesLeft: Math.max(0, MAX_IMAGES_PER_MESSAGE - run.imagesMade),
      approvedQuotes: approvedQuotesIn(messages.slice(-1)),
      recentImageIds: withCurrent(imagesIn(messages), turn.imageId),
      signal: run.stop.signal,
    };
    const tools = deps.tools(ctx);
    const quotes = new Map<string, ApprovalDescriptor["quote"]>();
    const language = run.language ?? (isLanguage(user.language) ? user.language : defaultLanguage);
    const result = streamText({
      model: deps.model(),
      // The balance came with the session lookup of this request.
      system: systemPrompt({ language, creditsLeft: user.credits }),
      messages: await convertToModelMessages(messages, { tools }),
      tools,
      toolApproval: spendApproval(deps.spend, ctx, quotes),
      stopWhen: stepCountIs(MAX_STEPS),
      abortSignal: run.stop.signal,
    });
    const descriptorOf = (toolCallId: string): ApprovalDescriptor | undefined => {
      const quote = quotes.get(toolCallId);
      return quote ? { quote, turn } : undefined;
    };
    const stream = result.toUIMessageStream({
      sendStart: false,
      originalMessages: messages,
      generateMessageId: () => run.responseId,
      onError: customerMessage,
      onFinish: async ({ responseMessage }) => {
        if (!responseMessage.parts.some(hasContent)) {
          await run.nothingSaid?.().catch((err: unknown) => deps.logger.error({ err, conversationId: conversation.id }, "could not restore the branch shown"));
          return;
        }
        const parts = withQuotes(responseMessage.parts, descriptorOf);
        await deps.chat.saveAnswer(conversation, { id: responseMessage.id, role: "assistant", parts }, run.parentId).catch((err: unknown) => {
          deps.logger.error({ err, conversationId: conversation.id }, "could not save the answer");
        });
      },
    });
    // The approval card reads the quote from the live stream too, not only from the saved answer.
    writer.merge(
      stream.pipeThrough(
        new TransformStream<UIMessageChunk, UIMessageChunk>({
          transform(chunk, controller) {
            const descriptor = chunk.type === "tool-approval-request" ? descriptorOf(chunk.toolCallId) : undefined;
            controller.enqueue(chunk.type === "tool-approval-request" && descriptor ? { ...chunk, approvalDescriptor: descriptor } : chunk);
          },
        }),
      ),
    );
  }

  /** What a tool, the model or the save failed with, as a customer may read it; causes go to the log only. */
  const customerMessageFor = (conversationId: string) => (error: unknown): string => {
    const appError = toAppError(error);
    if (appError.status >= 500) deps.logger.error({ err: error, conversationId }, "chat answer failed");
    return appError.message;
  };

  /**
   * Runs `work` as the conversation's one live answer, under message id `messageId`, tagged with the message it
   * belongs after, and follows it; busy when one is running. The first bytes go out at once; `work` starts only once
   * this answer is admitted, and what fails in it is said in the stream as a customer may read it.
   */
  async function goLive(
    conversationId: string,
    messageId: string,
    tag: string,
    work: (writer: UIMessageStreamWriter, stop: AbortController, customerMessage: (error: unknown) => string) => Promise<void>,
  ): Promise<ReadableStream<string>> {
    const stop = new AbortController();
    let admit: (admitted: boolean) => void = () => undefined;
    const admitted = new Promise<boolean>((resolve) => (admit = resolve));
    const customerMessage = customerMessageFor(conversationId);
    const answer = createUIMessageStream({
      onError: customerMessage,
      execute: async ({ writer }) => {
        writer.write({ type: "start", messageId });
        if (await admitted) await work(writer, stop, customerMessage);
      },
    });
    const sse = answer.pipeThrough(new JsonToSseTransformStream());
    const started = await deps.live.start(conversationId, sse, stop, tag);
    admit(started);
    if (!started) throw busy();
    const follower = await deps.live.follow(conversationId);
    if (!follower) throw new Error("a started answer has no stream");
    return follower;
  }

  /**
   * Where an edit of an earlier user message goes: beside it (same parent), the model seeing the thread up to that
   * parent and then the new message. A conversation not made yet has no message to edit.
   */
  async function besideUserMessage(conversation: ConversationRow | undefined, userId: string, editOf: string) {
    if (!conversation) throw missingMessage();
    return deps.chat.besideOf(conversation, userId, editOf, "user");
  }

  /**
   * A new answer to the message an earlier answer replied to, saved beside that answer; the branch shown ends at the
   * message while it runs, so a reload follows the new answer.
   */
  async function regenerate(session: Promise<User>, request: ChatRequest): Promise<ReadableStream<string>> {
    const [user, conversation] = await deps.chat.ownedByPending(session, request.id);
    const replaced = request.regenerate ?? "";
    const { parentId, before } = await deps.chat.besideOf(conversation, user.id, replaced, "assistant");
    const asked = before.at(-1);
    if (parentId === null || asked?.role !== "user") throw missingMessage();
    if (await deps.live.isLive(conversation.id)) throw busy();
    // The branch shown ends at the message asked while its new answer comes, so a reload follows that answer.
    await deps.chat.setActive(conversation, parentId);
    const responseId = randomUUID();
    // A new answer stopped before its first word is not saved: the branch shows the answer it was to replace again.
    const nothingSaid = () => deps.chat.setActive(conversation, replaced, parentId);
    try {
      return await goLive(conversation.id, responseId, parentId, async (writer, stop, customerMessage) => {
        const turn = { style: request.style, aspect: request.aspect, model: request.model, styleKitId: request.styleKitId, attachmentImageId: request.attachmentImageId, videoId: request.videoId };
        await answerInto(
          writer,
          { user, conversation, parentId, messages: before as UIMessage[], turn, language: request.language, stop, responseId, imagesMade: 0, nothingSaid },
          customerMessage,
        );
      });
    } catch (error) {
      // Another answer started first (busy): the branch shown goes back to the answer that was to be replaced.
      await nothingSaid();
      throw error;
    }
  }

  return {
    /**
     * `session` is the caller's user, still being looked up: the conversation is read beside it. A conversation that
     * does not exist yet is made by its first message, together with it (the client names it with a new uuid).
     */
    async start(session: Promise<User>, request: ChatRequest): Promise<ReadableStream<string>> {
      const { message } = request;
      if (!message) return regenerate(session, request);
      const [user, existing] = await deps.chat.ownedOrNewByPending(session, request.id);
      const text = message.parts.map((p) => p.text).join("\n").trim();
      if (text === "") throw new AppError("invalid:chat_message", "Write a message first.");
      if (await deps.live.isLive(request.id)) throw busy();
      // Where an edit goes is checked before the answer streams, so editing a message that is not there is a plain 404.
      const beside = request.editOf === undefined ? undefined : await besideUserMessage(existing, user.id, request.editOf);

      // The answer streams from here: its first bytes go out before the thread is read and the message saved, so a
      // busy server still answers at once; what fails after this point is said in the stream.
      const responseId = randomUUID();
      return goLive(request.id, responseId, message.id, async (writer, stop, customerMessage) => {
        // The rest waits for the event loop's next turn, so requests whose answers have not started yet (their
        // checks done) send their first bytes before this one's work goes on.
        await new Promise((resolve) => setImmediate(resolve));
        // The video it came with is kept on the message: its card shows it, and later messages' frames come from it.
        const userMessage = { id: message.id, role: "user" as const, parts: request.videoId ? [...message.parts, { type: "data-video", data: { videoId: request.videoId } }] : message.parts };
        // Saved before the model runs; read beside the save, so the thread is everything before this message.
        const { conversation, thread, saved } = !existing
          ? await deps.chat.startWith(user.id, request.id, userMessage, text)
          : beside
            ? { conversation: existing, thread: beside.before, saved: await deps.chat.appendNew(existing, userMessage, text, { parentId: beside.parentId }) }
            : await Promise.all([deps.chat.thread(user.id, existing.id, existing), deps.chat.appendNew(existing, userMessage, text)]).then(([all, saved]) => ({
                conversation: existing,
                thread: all.filter((m) => m.id !== userMessage.id),
                saved,
              }));
        if (!saved) throw new AppError("invalid:chat_message", "That message was already sent.");
        const turn = { style: request.style, aspect: request.aspect, model: request.model, styleKitId: request.styleKitId, attachmentImageId: request.attachmentImageId, imageId: request.imageId, videoId: request.videoId };
        await answerInto(
          writer,
          { user, conversation, parentId: userMessage.id, messages: [...thread, userMessage] as UIMessage[], turn, language: request.language, stop, responseId, imagesMade: 0 },
          customerMessage,
        );
      });
    },

    /**
     * The user's Approve / Deny for the spends the conversation's last answer waits on: the answer goes on from there,
     * running the approved calls (each exactly as quoted) and telling plainly what a denied one did not do.
     */
    async respond(session: Promise<User>, conversationId: string, request: ChatApprovalRequest): Promise<ReadableStream<string>> {
      const [user, conversation] = await deps.chat.ownedByPending(session, conversationId);
      // Checked here for a clear answer, and claimed again once admitted: only one answer to an approval ever runs.
      const first = answeredApprovals(await deps.chat.thread(user.id, conversation.id, conversation), request.approvals);
      if (await deps.live.isLive(conversation.id)) throw busy();
      return goLive(conversation.id, first.message.id, first.message.id, async (writer, stop, customerMessage) => {
        const { thread, message, turn } = answeredApprovals(await deps.chat.thread(user.id, conversation.id), request.approvals);
        // The answer the user approved parts of, on whichever branch is shown by now.
        if (message.id !== first.message.id) throw notWaiting();
        if (!(await deps.chat.answerApprovals(conversation, message.id, request.approvals.map((a) => a.id), message.parts))) throw notWaiting();
        const messages = [...thread.slice(0, -1), message] as UIMessage[];
        const parentId = thread.at(-2)?.id ?? null;
        await answerInto(writer, { user, conversation, parentId, messages, turn, language: request.language, stop, responseId: message.id, imagesMade: imagesMadeIn(message) }, customerMessage);
      });
    },

    /** The live answer of the branch shown, to follow again after a reload; undefined when none is running. */
    async resume(userId: string, conversationId: string): Promise<ReadableStream<string> | undefined> {
      const [conversation, tag] = await Promise.all([deps.chat.owned(userId, conversationId), deps.live.liveTag(conversationId)]);
      // A finished answer is read from the stored messages instead.
      if (tag === undefined) return undefined;
      // Following the branch shown (the usual case) needs no read of the thread; only another branch's tag does.
      const shown = tag === conversation.activeMessageId || onBranchShown(tag, conversation.activeMessageId, await deps.chat.tree(userId, conversation.id));
      return shown ? deps.live.follow(conversation.id) : undefined;
    },

    /** Stops the conversation's live answer, on whichever branch; what it said so far is saved. */
    async stop(userId: string, conversationId: string): Promise<boolean> {
      await deps.chat.owned(userId, conversationId);
      return deps.live.stop(conversationId);
    },
  };
}

export type ChatTurns = ReturnType<typeof createChatTurns>;
