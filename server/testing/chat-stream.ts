import { conversationResponseSchema } from "../../contract/chat.ts";

/** One chunk of the chat's answer, a UI message stream sent as server-sent events. */
export interface ChatChunk {
  type: string;
  delta?: string;
  toolCallId?: string;
  toolName?: string;
  output?: unknown;
  errorText?: string;
  preliminary?: boolean;
  [key: string]: unknown;
}

/** A tool's result as the answer ends it: its last output (the earlier ones show its images as queued) or its error. */
export interface ToolResult<Output = unknown> {
  toolName: string;
  output?: Output;
  errorText?: string;
}

type Target = { url: string };
const jsonHeaders = (headers: Record<string, string>) => ({ ...headers, "content-type": "application/json" });

/** Starts an empty conversation and returns its id. */
export async function newConversation(server: Target, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${server.url}/api/conversations`, { method: "POST", headers: jsonHeaders(headers), body: "{}" });
  return conversationResponseSchema.parse(await res.json()).conversation.id;
}

/** Sends one user message to the chat, with any other fields of the request (language, videoId, …). */
export function postChat(server: Target, headers: Record<string, string>, conversationId: string, text: string, extra: Record<string, unknown> = {}): Promise<Response> {
  const message = { id: `m-${crypto.randomUUID()}`, role: "user", parts: [{ type: "text", text }] };
  return fetch(`${server.url}/api/chat`, { method: "POST", headers: jsonHeaders(headers), body: JSON.stringify({ id: conversationId, message, ...extra }) });
}

/** The whole answer's chunks; blank blocks and the closing "[DONE]" are left out. */
export async function readChatStream(res: Response): Promise<ChatChunk[]> {
  return (await res.text())
    .split("\n\n")
    .map((block) => block.replace(/^data: /, "").trim())
    .filter((data) => data.startsWith("{"))
    .map((data) => JSON.parse(data) as ChatChunk);
}

/** The words the answer said. */
export const saidIn = (chunks: readonly ChatChunk[]): string => chunks.flatMap((c) => (c.type === "text-delta" ? [c.delta ?? ""] : [])).join("");

/** The last tool output of the answer, typed as the test expects it. */
export const lastToolOutput = <Output>(chunks: readonly ChatChunk[]): Output | undefined => chunks.filter((c) => c.type === "tool-output-available").at(-1)?.output as Output | undefined;

/** The first tool the answer called. */
export const firstToolName = (chunks: readonly ChatChunk[]): string | undefined => chunks.find((c) => c.type === "tool-input-start")?.toolName;

/** Each tool call's result, in the order the calls began. */
export function toolResults<Output = unknown>(chunks: readonly ChatChunk[]): ToolResult<Output>[] {
  const names = new Map(chunks.filter((c) => c.type === "tool-input-available").map((c) => [c.toolCallId, c.toolName ?? ""]));
  const results = new Map<string, ToolResult<Output>>();
  for (const chunk of chunks) {
    const toolName = names.get(chunk.toolCallId) ?? "";
    if (chunk.type === "tool-output-available") results.set(chunk.toolCallId ?? "", { toolName, output: chunk.output as Output });
    if (chunk.type === "tool-output-error") results.set(chunk.toolCallId ?? "", { toolName, ...(chunk.errorText === undefined ? {} : { errorText: chunk.errorText }) });
  }
  return [...results.values()];
}
