import { z } from "zod/mini";
import { type ChatApprovalRequest, imagesToolOutputSchema, type SpendQuote, spendQuoteSchema } from "../../contract/chat.ts";
import { imageAspectSchema, imageStyleSchema } from "../../contract/images.ts";
import { AppError } from "../errors/app-error.ts";
import type { StoredMessage } from "./store.ts";

/**
 * What the server writes on a tool call's approval part: the quote the card shows, and the turn's pickers, so an
 * approved call runs with the model and options it was quoted for, whatever the composer shows by then.
 */
export interface ApprovalDescriptor {
  quote: SpendQuote;
  turn: {
    style?: z.infer<typeof imageStyleSchema> | undefined;
    aspect?: z.infer<typeof imageAspectSchema> | undefined;
    model?: string | undefined;
    /** The style kit picked in the composer. */
    styleKitId?: string | undefined;
    attachmentImageId?: string | undefined;
    /** The image the user picked to work on, the current one for this turn. */
    imageId?: string | undefined;
    /** The video the message came with: videoFrame's default. */
    videoId?: string | undefined;
  };
}

const turnSchema = z.object({
  style: z.optional(imageStyleSchema),
  aspect: z.optional(imageAspectSchema),
  model: z.optional(z.string().check(z.maxLength(64))),
  styleKitId: z.optional(z.uuid()),
  attachmentImageId: z.optional(z.uuid()),
  imageId: z.optional(z.uuid()),
  videoId: z.optional(z.uuid()),
});
const descriptorSchema = z.object({ quote: spendQuoteSchema, turn: turnSchema });

interface ApprovalPart {
  type: string;
  toolCallId: string;
  state: string;
  approval: { id: string; descriptor?: unknown; [key: string]: unknown };
  [key: string]: unknown;
}

function isWaiting(part: unknown): part is ApprovalPart {
  const p = part as Partial<ApprovalPart> | null;
  return typeof p?.type === "string" && p.type.startsWith("tool-") && p.state === "approval-requested" && typeof p.approval?.id === "string";
}

/** The quotes the user approved in these messages, by tool call: an approved call runs only as it was quoted. */
export function approvedQuotesIn(messages: readonly { parts: readonly unknown[] }[]): Map<string, SpendQuote> {
  const quotes = new Map<string, SpendQuote>();
  for (const message of messages) {
    for (const part of message.parts) {
      const p = part as Partial<ApprovalPart> | null;
      if (typeof p?.toolCallId !== "string" || p.approval?.approved !== true) continue;
      const parsed = descriptorSchema.safeParse(p.approval.descriptor);
      if (parsed.success) quotes.set(p.toolCallId, parsed.data.quote);
    }
  }
  return quotes;
}

/** Whether a message waits on the user's Approve / Deny: nothing may be added after it until they answer. */
export const waitsForApproval = (message: StoredMessage | undefined): boolean => message?.parts.some(isWaiting) ?? false;

/** The parts of an answer with each waiting approval's descriptor written on it (the saved answer keeps them). */
export function withQuotes<Part>(parts: Part[], descriptorOf: (toolCallId: string) => ApprovalDescriptor | undefined): Part[] {
  return parts.map((part) => {
    if (!isWaiting(part)) return part;
    const descriptor = descriptorOf(part.toolCallId);
    return descriptor ? ({ ...part, approval: { ...part.approval, descriptor } } as Part) : part;
  });
}

/** Images an answer's tools have made so far: they count against the message's image budget when it goes on. */
export function imagesMadeIn(message: StoredMessage): number {
  let count = 0;
  for (const part of message.parts) {
    const parsed = imagesToolOutputSchema.safeParse((part as { output?: unknown }).output);
    if (parsed.success) count += parsed.data.images.length;
  }
  return count;
}

export const notWaiting = () => new AppError("conflict:chat_approval", "That request was already approved or denied.");

/**
 * The conversation's last answer with the user's Approve / Deny written on its waiting parts. Only the last answer
 * may wait (a new message leaves an older request unanswered for good), and every waiting part is answered at once.
 */
export function answeredApprovals(thread: StoredMessage[], approvals: ChatApprovalRequest["approvals"]): { thread: StoredMessage[]; message: StoredMessage; turn: ApprovalDescriptor["turn"] } {
  const last = thread.at(-1);
  if (!last || last.role !== "assistant") throw notWaiting();
  const waiting = last.parts.filter(isWaiting);
  const answers = new Map(approvals.map((a) => [a.id, a.approved]));
  if (waiting.length === 0 || [...answers.keys()].some((id) => !waiting.some((part) => part.approval.id === id))) throw notWaiting();
  if (waiting.some((part) => !answers.has(part.approval.id))) {
    throw new AppError("invalid:chat_approval", "Approve or deny every request of that answer at once.");
  }
  const descriptor = waiting.map((part) => descriptorSchema.safeParse(part.approval.descriptor)).find((parsed) => parsed.success)?.data;
  const parts = last.parts.map((part) => {
    if (!isWaiting(part)) return part;
    const approved = answers.get(part.approval.id) === true;
    return { ...part, state: "approval-responded", approval: { ...part.approval, approved, ...(approved ? {} : { reason: "The user denied this spend." }) } };
  });
  return { thread, message: { ...last, parts }, turn: descriptor?.turn ?? {} };
}
