import { randomUUID } from "node:crypto";
import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from "@ai-sdk/provider";
import { type ChatToolInput, type ChatToolName, chatTools, type EditImageInput, isChatToolName, MAX_VARIANTS, videoFrameOutputSchema } from "../../../contract/chat.ts";
import { PACK_SIZE } from "../../../contract/images.ts";
import { fallbackHeadlines, promptLanguage, topicHeadline } from "../../../contract/headline-hook.ts";
import { defaultLanguage, type Language } from "../../../contract/languages.ts";
import { closingReply } from "./closing.ts";
import { type Conversation, creditsFromSystem, languageFromSystem, outputValue, readConversation } from "./conversation.ts";
import { type Intent, type IntentContext, readIntent } from "./intent.ts";
import { clearLanguage, guessLanguage } from "./language-guess.ts";
import { type EditFocus, renderReply, type Reply, sentenceGap } from "./replies.ts";
import { seedOf, toDeltas } from "./seeded.ts";
import { readVideoRequest } from "./video-words.ts";

export interface OfflineAssistantOptions {
  /** The user's UI language, for messages too short to tell their own; without it, the system prompt's. */
  language?: Language;
  /** The user's balance, for "how many credits do I have?". */
  credits?: number;
  /** Pause between stream parts, so a bench can pace the stream like a remote model; 0 streams at once. */
  streamDelayMs?: number;
  /** Tool-call ids; random by default. */
  generateId?: () => string;
}

interface PlannedToolCall {
  toolCallId: string;
  toolName: ChatToolName;
  input: string;
}

/** One step's answer: a text, and at most one tool call after it. */
interface Turn {
  text: string;
  toolCall?: PlannedToolCall;
  /** What the user's message was read as ("close" when the assistant sums up tool results). */
  intent: Intent["kind"] | "close";
}

/** Tools this call may use: the chat's own, as the caller offered them and as toolChoice allows. */
function allowedTools(call: LanguageModelV4CallOptions): Set<ChatToolName> {
  if (call.toolChoice?.type === "none") return new Set();
  const offered = (call.tools ?? []).filter((tool) => tool.type === "function").map((tool) => tool.name).filter(isChatToolName);
  const only = call.toolChoice?.type === "tool" ? call.toolChoice.toolName : undefined;
  return new Set(only === undefined ? offered : offered.filter((name) => name === only));
}

/** The language to answer in: the message's when it is clearly one, else the caller's UI language or the system prompt's. */
function replyLanguageOf(conversation: Conversation, options: OfflineAssistantOptions): Language {
  return clearLanguage(conversation.lastUserText) ?? options.language ?? languageFromSystem(conversation.system) ?? defaultLanguage;
}

/** The changes an edit makes, so the lead-in can name the one it makes (free-form edits make none). */
function editFocusesOf(input: EditImageInput): EditFocus[] {
  const focuses: EditFocus[] = [];
  if (input.aspect) focuses.push("frame");
  if (input.headlineColor) focuses.push("headline-color");
  if (input.headlineScale) focuses.push("headline-size");
  if (input.headlinePosition) focuses.push("headline-place");
  if (input.headline) focuses.push("headline-text");
  if (input.subjectPosition) focuses.push("subject-place");
  if (input.style) focuses.push("style");
  return focuses;
}

/** The lead-in of an edit: the one change it makes by name, or the drawn objects it swaps, else a general one. */
function editLead(input: EditImageInput): Reply {
  const focuses = editFocusesOf(input);
  const changesArt = input.artAdd !== undefined || input.artRemove !== undefined;
  // Changes the lead has no words of its own for: with one of them, naming only the focus would tell half of it.
  const unnamed = [input.headlineSide, input.backgroundColor, input.boost, input.headlineFont, input.shorterHeadline, input.headlineOutlineColor].some((field) => field !== undefined);
  if (changesArt && focuses.length === 0 && !unnamed) return { kind: "lead-edit", art: { artAdd: input.artAdd, artRemove: input.artRemove } };
  return { kind: "lead-edit", focus: !changesArt && !unnamed && focuses.length === 1 ? focuses[0] : undefined };
}

/**
 * The headline a new thumbnail gets when the creator wrote none: the Studio draws it from the prompt's topic the same
 * way (contract/headline-hook.ts), so the answer can name it and say how to change it.
 */
function chosenHeadline(input: { prompt: string; headline?: string | undefined; model?: string | undefined }): string | undefined {
  // Only the Studio (the default) draws the headline this way: another model's words are its own, so none is named.
  if (input.headline || (input.model !== undefined && input.model !== "studio")) return undefined;
  return topicHeadline(input.prompt) ?? fallbackHeadlines[promptLanguage(input.prompt)];
}

/** Before frames are taken: the time asked for, the rank among the best ("the 3rd best frame"), or the best ones. */
export function videoFrameLead(input: ChatToolInput<"videoFrame">): Reply {
  if (typeof input.moment === "number") return { kind: "lead-video", lead: { moment: "rank", rank: input.moment } };
  if (input.moment !== undefined && input.moment !== "best") return { kind: "lead-video", lead: { moment: "time", time: input.moment } };
  return { kind: "lead-video", lead: { moment: "best", count: input.count ?? 1 } };
}

/** What the assistant says before each tool runs. */
const leads: { [Name in ChatToolName]: (input: ChatToolInput<Name>) => Reply } = {
  generateThumbnail: (input) => ({ kind: "lead-generate", count: input.count ?? 1, style: input.style, headline: chosenHeadline(input) }),
  generatePack: (input) => ({ kind: "lead-pack", headline: chosenHeadline(input) }),
  editImage: editLead,
  varyImage: (input) => ({ kind: "lead-vary", count: input.count ?? MAX_VARIANTS }),
  replaceSubject: (input) => ({ kind: "lead-swap", handle: input.personaHandle }),
  listPersonas: () => ({ kind: "lead-personas" }),
  pickImage: (input) => ({ kind: "lead-pick", ask: input.move ?? "image" }),
  setTitle: () => ({ kind: "lead-title" }),
  checkImage: () => ({ kind: "lead-check" }),
  videoFrame: videoFrameLead,
  videoHeadlines: (input) => ({ kind: "lead-video", lead: { moment: "spoken", time: input.at } }),
  personaFromFrame: (input) => ({ kind: "lead-persona", handle: input.handle }),
  compareModels: () => ({ kind: "lead-compare" }),
};

/** A call of `toolName` with `input`, if the contract's schema of that tool takes it. */
function plannedCall<Name extends ChatToolName>(toolName: Name, input: unknown): { toolName: ChatToolName; input: unknown; lead: Reply } | undefined {
  const parsed = chatTools[toolName].input.safeParse(input);
  // The parse is the contract's schema of this very tool, so its data is this tool's input.
  return parsed.success ? { toolName, input: parsed.data, lead: leads[toolName](parsed.data as ChatToolInput<Name>) } : undefined;
}

/** The tool an intent asks for; every tool of the contract is one intent's (offline-assistant.test.ts checks). */
function toolCallFor(intent: Intent): { toolName: ChatToolName; input: unknown; lead: Reply } | undefined {
  switch (intent.kind) {
    case "generate":
      return plannedCall("generateThumbnail", intent.input);
    case "pack":
      return plannedCall("generatePack", intent.input);
    case "compare":
      return plannedCall("compareModels", intent.input);
    case "edit":
      return plannedCall("editImage", intent.input);
    case "vary":
      return plannedCall("varyImage", intent.input);
    case "swap":
      return plannedCall("replaceSubject", intent.input);
    case "listPersonas":
      return plannedCall("listPersonas", {});
    case "pick":
      return plannedCall("pickImage", intent.input);
    case "title":
      return plannedCall("setTitle", intent.input);
    case "check":
      return plannedCall("checkImage", intent.input);
    case "video":
      return plannedCall("videoFrame", intent.request.frame);
    case "spoken":
      return plannedCall("videoHeadlines", intent.input);
    default:
      return undefined;
  }
}

/** A video file's name as a headline ("my trip to japan.mp4" → "my trip to japan"); none for a camera's ("IMG_1234.MOV"). */
export function headlineOfName(name: string): string | undefined {
  const words = name.replace(/\.[a-z0-9]{2,4}$/iu, "").replace(/[_.-]+/gu, " ").replace(/\s+/gu, " ").trim();
  const lettered = words.split(" ").filter((word) => /\p{L}{2,}/u.test(word));
  if (lettered.length < 2 || words.length > 40 || /^(?:img|vid|mov|dsc|pxl|gopr|dji|clip|video|screen ?recording)\b/iu.test(words)) return undefined;
  return words;
}

/**
 * After the frames of a video came back, what the message makes from them: a thumbnail from the frame, a persona
 * swapped into it or made from it, or a pack from three frames (video-words.ts); undefined when the frame was all it asked for or
 * none is ready.
 */
function followUpOfFrames(conversation: Conversation, language: Language): { toolName: ChatToolName; input: unknown; lead: Reply } | undefined {
  const [outcome, ...others] = conversation.outcomes;
  if (!outcome || others.length > 0 || outcome.toolName !== ("videoFrame" satisfies ChatToolName)) return undefined;
  const parsed = videoFrameOutputSchema.safeParse(outputValue(outcome.output));
  if (!parsed.success) return undefined;
  const frames = parsed.data.images.filter((image) => image.status === "ready").map((image) => image.id);
  const request = readVideoRequest(conversation.lastUserText, guessLanguage(conversation.lastUserText, language));
  const [first] = frames;
  if (!request || !first) return undefined;
  // The message's words are about the video ("use the frame at 1:05"), not a headline: without a quoted one, the
  // thumbnail says the video's name when it reads as words, else the language's generic hook.
  const headline = request.headline ?? headlineOfName(parsed.data.video.name) ?? fallbackHeadlines[language];
  const words = { prompt: request.prompt, headline, style: request.style };
  switch (request.next.tool) {
    case "none":
      return undefined;
    case "generate":
      return plannedCall("generateThumbnail", { ...words, baseImageId: first });
    case "swap":
      return plannedCall("replaceSubject", { personaHandle: request.next.handle, baseImageId: first });
    case "pack":
      return frames.length === PACK_SIZE ? plannedCall("generatePack", { ...words, baseImageIds: frames }) : undefined;
    case "persona":
      return plannedCall("personaFromFrame", { imageId: first, ...(request.next.handle ? { handle: request.next.handle } : {}) });
  }
}

function textReply(intent: Intent, conversation: Conversation, options: OfflineAssistantOptions): Reply {
  switch (intent.kind) {
    case "help":
    case "greeting":
    case "thanks":
    case "refuse":
      return { kind: intent.kind };
    case "credits":
      return { kind: "credits", credits: options.credits ?? creditsFromSystem(conversation.system) ?? conversation.creditsLeft };
    case "clarify":
      return { kind: "clarify", reason: intent.reason, topic: intent.topic };
    default:
      return { kind: "clarify", reason: "what-to-make" };
  }
}

/** Decides this step: answer the user (maybe with a tool call), or sum up what the tools returned. */
export function planTurn(call: LanguageModelV4CallOptions, options: OfflineAssistantOptions = {}): Turn {
  const conversation = readConversation(call.prompt);
  const language = replyLanguageOf(conversation, options);
  const seed = seedOf(`${conversation.lastUserText}\u0000${conversation.step}`);

  if (conversation.step === "close") {
    // The frames are in: say which, then make what the message asked for from them.
    const next = followUpOfFrames(conversation, language);
    const [frames] = conversation.outcomes;
    if (next && frames && allowedTools(call).has(next.toolName)) {
      return {
        intent: "close",
        text: [renderReply(closingReply(frames), language, seed), renderReply(next.lead, language, seed + 1)].join(sentenceGap(language)),
        toolCall: { toolCallId: options.generateId?.() ?? `call_${randomUUID()}`, toolName: next.toolName, input: JSON.stringify(next.input) },
      };
    }
    const texts = conversation.outcomes.map((outcome, index) => renderReply(closingReply(outcome), language, seed + index));
    return { text: texts.join(sentenceGap(language)) || renderReply({ kind: "clarify", reason: "what-to-make" }, language, seed), intent: "close" };
  }

  // Words are read in the language they are written in, which may differ from the UI's.
  const base: IntentContext = {
    language: guessLanguage(conversation.lastUserText, language),
    lastGeneration: conversation.lastGeneration,
    imageIds: conversation.imageIds,
    latestBatch: conversation.latestBatch,
    attachmentIds: conversation.attachmentIds,
    lastCheck: conversation.lastCheck,
  };
  const previous = conversation.previousUnansweredUserText;
  const previousIntent = previous ? readIntent(previous, { ...base, language: guessLanguage(previous, language) }) : undefined;
  const pendingTopic = previousIntent?.kind === "clarify" && previousIntent.reason === "confirm-topic" ? previous : undefined;
  const intent = readIntent(conversation.lastUserText, { ...base, pendingTopic });

  const planned = toolCallFor(intent);
  if (!planned) return { text: renderReply(textReply(intent, conversation, options), language, seed), intent: intent.kind };
  if (!allowedTools(call).has(planned.toolName)) return { text: renderReply({ kind: "tool-missing" }, language, seed), intent: intent.kind };
  return {
    intent: intent.kind,
    text: renderReply(planned.lead, language, seed),
    toolCall: { toolCallId: options.generateId?.() ?? `call_${randomUUID()}`, toolName: planned.toolName, input: JSON.stringify(planned.input) },
  };
}

/** About four characters a token, as for most models' tokenizers. */
function estimateTokens(characters: number): number {
  return Math.max(1, Math.ceil(characters / 4));
}

const ATTACHMENT_CHARS = 1000;

/** Characters of the prompt as a model would read them; attachments count as a flat guess, never as their bytes. */
function promptLength(prompt: LanguageModelV4Prompt): number {
  let length = 0;
  for (const message of prompt) {
    if (message.role === "system") {
      length += message.content.length;
      continue;
    }
    for (const part of message.content) {
      if (part.type === "text" || part.type === "reasoning") length += part.text.length;
      else if (part.type === "tool-call") length += JSON.stringify(part.input ?? null).length;
      else if (part.type === "tool-result" && part.output.type !== "content") length += JSON.stringify(part.output).length;
      else length += ATTACHMENT_CHARS;
    }
  }
  return length;
}

function usageOf(call: LanguageModelV4CallOptions, turn: Turn): LanguageModelV4Usage {
  const input = estimateTokens(promptLength(call.prompt));
  const text = estimateTokens(turn.text.length);
  const output = text + (turn.toolCall ? estimateTokens(turn.toolCall.input.length) : 0);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text, reasoning: 0 },
  };
}

function finishReasonOf(turn: Turn): LanguageModelV4FinishReason {
  return turn.toolCall ? { unified: "tool-calls", raw: "tool_calls" } : { unified: "stop", raw: "stop" };
}

/** The stream parts a remote model would send for this turn, in order. */
export function streamPartsOf(turn: Turn, call: LanguageModelV4CallOptions, modelId: string): LanguageModelV4StreamPart[] {
  const textId = `text_${randomUUID()}`;
  const parts: LanguageModelV4StreamPart[] = [
    { type: "stream-start", warnings: [] },
    { type: "response-metadata", id: `resp_${randomUUID()}`, modelId, timestamp: new Date() },
    { type: "text-start", id: textId },
    ...toDeltas(turn.text).map((delta): LanguageModelV4StreamPart => ({ type: "text-delta", id: textId, delta })),
    { type: "text-end", id: textId },
  ];
  if (turn.toolCall) {
    const { toolCallId, toolName, input } = turn.toolCall;
    parts.push(
      { type: "tool-input-start", id: toolCallId, toolName },
      { type: "tool-input-delta", id: toolCallId, delta: input },
      { type: "tool-input-end", id: toolCallId },
      { type: "tool-call", toolCallId, toolName, input },
    );
  }
  parts.push({ type: "finish", usage: usageOf(call, turn), finishReason: finishReasonOf(turn) });
  return parts;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

function streamOf(parts: LanguageModelV4StreamPart[], delayMs: number, signal: AbortSignal | undefined): ReadableStream<LanguageModelV4StreamPart> {
  let index = 0;
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      if (signal?.aborted) {
        controller.error(signal.reason);
        return;
      }
      const part = parts[index++];
      if (!part) {
        controller.close();
        return;
      }
      if (delayMs > 0 && index > 1) await sleep(delayMs, signal);
      controller.enqueue(part);
    },
  });
}

/**
 * The assistant that answers when no language-model key is set: an AI SDK language model that reads the prompt
 * with fixed rules, calls the chat's tools and streams short answers in the user's language, with no network.
 */
export function createOfflineAssistant(options: OfflineAssistantOptions = {}): LanguageModelV4 {
  const modelId = "offline-assistant";
  return {
    specificationVersion: "v4",
    provider: "thumbforge",
    modelId,
    // Every URL counts as read natively, so the SDK never downloads an attachment for a model that only needs its id.
    supportedUrls: { "*/*": [/.*/] },
    async doGenerate(call) {
      const turn = planTurn(call, options);
      const content: LanguageModelV4Content[] = [{ type: "text", text: turn.text }];
      if (turn.toolCall) content.push({ type: "tool-call", ...turn.toolCall });
      return {
        content,
        finishReason: finishReasonOf(turn),
        usage: usageOf(call, turn),
        response: { id: `resp_${randomUUID()}`, modelId, timestamp: new Date() },
        warnings: [],
      };
    },
    async doStream(call) {
      const turn = planTurn(call, options);
      return { stream: streamOf(streamPartsOf(turn, call, modelId), options.streamDelayMs ?? 0, call.abortSignal) };
    },
  };
}
