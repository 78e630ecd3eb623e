import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Conversation } from "../../../contract/chat.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { ChatScreen } from "./chat-screen.tsx";
import { englishI18n, renderChat } from "./testing.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const created: Conversation = { id: "conv-new", title: "", createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() };

function Location() {
  return <p data-testid="location">{useLocation().search}</p>;
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("ChatScreen", () => {
  it("the first message of a new chat creates the conversation, opens it and sends the message there", async () => {
    const calls: { url: string; method: string; body?: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? "GET";
        calls.push({ url, method, body: typeof init?.body === "string" ? init.body : undefined });
        if (url === "/api/conversations" && method === "GET") return json({ conversations: [], nextCursor: null });
        if (url === "/api/conversations" && method === "POST") return json({ conversation: created }, 201);
        if (url === "/api/conversations/conv-new/messages") return json({ messages: [] });
        if (url === "/api/chat") return new Response("data: [DONE]\n\n", { headers: { "content-type": "text/event-stream" } });
        return new Response(null, { status: 204 });
      }),
    );
    renderChat(
      <MemoryRouter initialEntries={["/app"]}>
        <ChatScreen credits={10} />
        <Location />
      </MemoryRouter>,
      i18n,
    );
    expect((await screen.findAllByText("No conversations yet")).length).toBeGreaterThan(0);
    const box = screen.getByRole("textbox", { name: "Message" });
    fireEvent.change(box, { target: { value: "A neon chef", selectionStart: 11 } });
    fireEvent.keyDown(box, { key: "Enter" });

    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("?c=conv-new"));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/chat")).toBe(true));
    const post = calls.find((c) => c.url === "/api/chat");
    expect(JSON.parse(post?.body ?? "{}")).toMatchObject({ id: "conv-new", message: { role: "user", parts: [{ type: "text", text: "A neon chef" }] } });
    expect(calls.filter((c) => c.url === "/api/conversations" && c.method === "POST")).toHaveLength(1);
    // A conversation opened to send its first message does not also try to resume one.
    expect(calls.some((c) => c.url === "/api/chat/conv-new/stream")).toBe(false);
  });

  it("opened from the gallery's Use in chat, attaches that image, drops it from the URL, and sends it with the first message", async () => {
    const id = "0b9d7c1e-1234-4abc-8def-1234567890ab";
    const urls = { original: `/api/images/${id}/original`, preview: "/p", thumb: "/t", download: "/d" };
    const calls: { url: string; method: string; body?: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? "GET";
        calls.push({ url, method, body: typeof init?.body === "string" ? init.body : undefined });
        if (url === `/api/images/${id}`) return json({ image: { ...imageRecord(id, { status: "ready", prompt: "Neon chef", urls }) } });
        if (url === "/api/conversations" && method === "GET") return json({ conversations: [], nextCursor: null });
        if (url === "/api/conversations" && method === "POST") return json({ conversation: created }, 201);
        if (url === "/api/conversations/conv-new/messages") return json({ messages: [] });
        if (url === "/api/chat") return new Response("data: [DONE]\n\n", { headers: { "content-type": "text/event-stream" } });
        return new Response(null, { status: 204 });
      }),
    );
    renderChat(
      <MemoryRouter initialEntries={[`/app?attach=${id}`]}>
        <ChatScreen credits={10} />
        <Location />
      </MemoryRouter>,
      i18n,
    );
    const chip = await screen.findByTestId("attachment-chip");
    await waitFor(() => expect(chip.textContent).toContain("Neon chef"));
    expect(screen.getByTestId("location").textContent).toBe("");
    const box = screen.getByRole("textbox", { name: "Message" });
    fireEvent.change(box, { target: { value: "make the headline yellow", selectionStart: 24 } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(calls.some((c) => c.url === "/api/chat")).toBe(true));
    expect(JSON.parse(calls.find((c) => c.url === "/api/chat")?.body ?? "{}")).toMatchObject({ attachmentImageId: id });
  });
});
