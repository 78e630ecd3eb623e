import { afterEach, describe, expect, it, vi } from "vitest";
import { SESSION_TOKEN_KEY } from "../../lib/session-token.ts";
import { createChatTransport } from "./transport.ts";
import type { ChatMessage } from "./types.ts";

afterEach(() => localStorage.clear());

const messages: ChatMessage[] = [
  { id: "m1", role: "user", parts: [{ type: "text", text: "First" }] },
  { id: "m2", role: "assistant", parts: [{ type: "text", text: "Sure" }] },
  { id: "m3", role: "user", parts: [{ type: "text", text: "Now a cat" }] },
];

describe("chat transport", () => {
  it("posts only the new message with the pickers' values, the session header and cookies", async () => {
    localStorage.setItem(SESSION_TOKEN_KEY, "tok-1");
    const fetchImpl = vi.fn(async () => new Response("data: [DONE]\n\n", { status: 200, headers: { "content-type": "text/event-stream" } }));
    const transport = createChatTransport(fetchImpl as unknown as typeof fetch);
    await transport.sendMessages({
      trigger: "submit-message",
      chatId: "conv-1",
      messageId: undefined,
      messages,
      abortSignal: undefined,
      body: { style: "cartoon", aspect: "1:1", model: "studio" },
    });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/chat");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect(new Headers(init.headers).get("x-session-token")).toBe("tok-1");
    expect(JSON.parse(String(init.body))).toEqual({ id: "conv-1", message: messages[2], style: "cartoon", aspect: "1:1", model: "studio" });
  });

  it("resumes at the conversation's stream URL, and a 204 means nothing to resume", async () => {
    const fetchImpl = vi.fn(async () => new Response(null, { status: 204 }));
    const transport = createChatTransport(fetchImpl as unknown as typeof fetch);
    expect(await transport.reconnectToStream({ chatId: "conv 1" })).toBeNull();
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/chat/conv%201/stream");
    expect(init.credentials).toBe("include");
  });

  it("goes on with an answer that waited for approval by posting only the user's answers", async () => {
    const fetchImpl = vi.fn(async () => new Response("data: [DONE]\n\n", { status: 200, headers: { "content-type": "text/event-stream" } }));
    const transport = createChatTransport(fetchImpl as unknown as typeof fetch);
    const waiting = {
      id: "m4",
      role: "assistant",
      parts: [
        { type: "text", text: "That costs 8 credits." },
        { type: "tool-generateThumbnail", toolCallId: "c1", state: "approval-responded", input: { prompt: "A cat" }, approval: { id: "ap-1", approved: false } },
      ],
    } as ChatMessage;
    await transport.sendMessages({ trigger: "submit-message", chatId: "conv-1", messageId: undefined, messages: [...messages, waiting], abortSignal: undefined, body: { model: "studio" } });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/chat/conv-1/approval");
    expect(JSON.parse(String(init.body))).toEqual({ approvals: [{ id: "ap-1", approved: false }] });
  });
});

