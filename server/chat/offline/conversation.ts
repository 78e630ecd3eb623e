import type { LanguageModelV4FilePart, LanguageModelV4Prompt, LanguageModelV4TextPart, LanguageModelV4ToolResultOutput } from "@ai-sdk/provider";
import { type ChatToolName, checkImageOutputSchema, type GenerateThumbnailInput, generateThumbnailInputSchema, imagesToolOutputSchema } from "../../../contract/chat.ts";
import type { FeedCheck } from "../../../contract/feed-check.ts";
import { isLanguage, type Language } from "../../../contract/languages.ts";
import { extractUuids } from "./message-details.ts";

/** A tool's answer as the model sees it on the step after the call. */
export interface ToolOutcome {
  toolName: string;
  output: LanguageModelV4ToolResultOutput;
}

/** What the offline assistant reads out of a prompt: whose turn it is and what happened so far. */
export interface Conversation {
  /** "reply": the user spoke last; "close": tools answered last and the assistant sums up. */
  step: "reply" | "close";
  system: string;
  lastUserText: string;
  /** The user's message before the last one, with no tool call answering it. */
  previousUnansweredUserText?: string;
  attachmentIds: string[];
  /** Images this conversation made, oldest first, and the latest batch in its order. */
  imageIds: string[];
  latestBatch: string[];
  /** The newest balance a tool reported. */
  creditsLeft?: number;
  /** The trailing tool results, when step is "close". */
  outcomes: ToolOutcome[];
  /** The input of the conversation's latest generateThumbnail or generatePack call. */
  lastGeneration?: GenerateThumbnailInput;
  /** The latest feed check, while no image came after it: what "fix it" applies. */
  lastCheck?: FeedCheck;
}

function textOf(parts: readonly { type: string; text?: string }[]): string {
  return parts
    .filter((part) => part.type === "text" && typeof part.text === "string")
    .map((part) => part.text)
    .join("\n")
    .trim();
}

/** JSON a tool answered with, whether the SDK passed it as json or as text. */
export function outputValue(output: LanguageModelV4ToolResultOutput): unknown {
  if (output.type === "json" || output.type === "error-json") return output.value;
  if (output.type === "text" || output.type === "error-text") {
    try {
      return JSON.parse(output.value);
    } catch {
      return output.value;
    }
  }
  return undefined;
}

function attachmentIdsOf(parts: readonly (LanguageModelV4TextPart | LanguageModelV4FilePart)[]): string[] {
  const ids: string[] = [];
  for (const part of parts) {
    if (part.type !== "file") continue;
    const where = [part.filename ?? ""];
    if (part.data.type === "url") where.push(part.data.url.toString());
    if (part.data.type === "reference") where.push(...Object.values(part.data.reference));
    ids.push(...extractUuids(where.join(" ")));
  }
  return [...new Set(ids)];
}

/** The tools whose input "again" and "one more" repeat. */
const generationTools: readonly ChatToolName[] = ["generateThumbnail", "generatePack"];

export function readConversation(prompt: LanguageModelV4Prompt): Conversation {
  const system = prompt
    .filter((message) => message.role === "system")
    .map((message) => message.content)
    .join("\n");
  const imageIds: string[] = [];
  let latestBatch: string[] = [];
  let creditsLeft: number | undefined;
  let lastGeneration: GenerateThumbnailInput | undefined;
  let lastCheck: FeedCheck | undefined;
  const userTurns: { text: string; attachments: string[]; answeredByTool: boolean }[] = [];

  for (const message of prompt) {
    if (message.role === "user") userTurns.push({ text: textOf(message.content), attachments: attachmentIdsOf(message.content), answeredByTool: false });
    if (message.role === "assistant") {
      for (const part of message.content) {
        if (part.type !== "tool-call") continue;
        const turn = userTurns.at(-1);
        if (turn) turn.answeredByTool = true;
        // A pack's input is a generation's without aspect and count: "again" after a pack makes one more of its prompt.
        const generation = (generationTools as readonly string[]).includes(part.toolName) ? generateThumbnailInputSchema.safeParse(part.input) : undefined;
        if (generation?.success) lastGeneration = generation.data;
      }
    }
    if (message.role !== "tool") continue;
    for (const part of message.content) {
      if (part.type !== "tool-result") continue;
      const checked = part.toolName === ("checkImage" satisfies ChatToolName) ? checkImageOutputSchema.safeParse(outputValue(part.output)) : undefined;
      if (checked?.success) lastCheck = checked.data.check;
      const parsed = imagesToolOutputSchema.safeParse(outputValue(part.output));
      if (!parsed.success) continue;
      const ids = parsed.data.images.filter((image) => image.status !== "failed").map((image) => image.id.toLowerCase());
      imageIds.push(...ids);
      if (ids.length > 0) latestBatch = ids;
      // A newer image (an edit, a pick) is not what the check looked at: its fix would change an older picture.
      if (parsed.data.images.length > 0) lastCheck = undefined;
      creditsLeft = parsed.data.creditsLeft;
    }
  }

  const trailing: ToolOutcome[] = [];
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index];
    if (message?.role !== "tool") break;
    for (const part of message.content) {
      if (part.type === "tool-result") trailing.unshift({ toolName: part.toolName, output: part.output });
    }
  }

  const last = userTurns.at(-1);
  const previous = userTurns.at(-2);
  return {
    step: prompt.at(-1)?.role === "tool" ? "close" : "reply",
    system,
    lastUserText: last?.text ?? "",
    previousUnansweredUserText: previous && !previous.answeredByTool ? previous.text : undefined,
    attachmentIds: last?.attachments ?? [],
    imageIds,
    latestBatch,
    creditsLeft,
    outcomes: trailing,
    lastGeneration,
    lastCheck,
  };
}

/** A balance the server wrote into the system prompt ("credits: 12", "12 credits left"). */
export function creditsFromSystem(system: string): number | undefined {
  const match = /credits?(?:\s+(?:left|balance|remaining))?\s*[:=]\s*(\d+)/i.exec(system) ?? /(\d+)\s+credits?\s+(?:left|remaining)/i.exec(system);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/** A UI language the server wrote into the system prompt ("language: es"). */
export function languageFromSystem(system: string): Language | undefined {
  const code = /\blanguage\s*[:=]\s*([a-z]{2})\b/i.exec(system)?.[1]?.toLowerCase();
  return isLanguage(code) ? code : undefined;
}
