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
  it("the first message of a new chat makes the conversation under a new id, then the URL names it", async () => {
    const calls: { url: string; method: string; body?: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? "GET";
        calls.push({ url, method, body: typeof init?.body === "string" ? init.body : undefined });
        if (url === "/api/conversations" && method === "GET") return json({ conversations: [], nextCursor: null });
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

    await waitFor(() => expect(calls.some((c) => c.url === "/api/chat")).toBe(true));
    const post = JSON.parse(calls.find((c) => c.url === "/api/chat")?.body ?? "{}") as { id: string };
    expect(post).toMatchObject({ message: { role: "user", parts: [{ type: "text", text: "A neon chef" }] } });
    expect(post.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`?c=${post.id}`));
    // Nothing is made before the message, and a new chat has nothing to resume.
    expect(calls.filter((c) => c.url === "/api/conversations" && c.method === "POST")).toHaveLength(0);
    expect(calls.some((c) => c.url.endsWith("/stream"))).toBe(false);
  });

  it("New chat switches at once: a message sent right after it goes to a new conversation, not the one that was open", async () => {
    const calls: { url: string; method: string; body?: string }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? "GET";
        calls.push({ url, method, body: typeof init?.body === "string" ? init.body : undefined });
        if (url === "/api/conversations" && method === "GET") return json({ conversations: [{ ...created, id: "conv-old", title: "Old chat" }], nextCursor: null });
        if (url === "/api/conversations/conv-old/messages") return json({ messages: [{ id: "u1", role: "user", parts: [{ type: "text", text: "earlier" }] }] });
        if (url === "/api/chat") return new Response("data: [DONE]\n\n", { headers: { "content-type": "text/event-stream" } });
        return new Response(null, { status: 204 });
      }),
    );
    renderChat(
      <MemoryRouter initialEntries={["/app?c=conv-old"]}>
        <ChatScreen credits={10} />
        <Location />
      </MemoryRouter>,
      i18n,
    );
    await screen.findByText("earlier");
    fireEvent.click(screen.getAllByRole("button", { name: "New chat" })[0] as HTMLElement);
    const box = screen.getByRole("textbox", { name: "Message" });
    fireEvent.change(box, { target: { value: "A neon chef", selectionStart: 11 } });
    fireEvent.keyDown(box, { key: "Enter" });

    await waitFor(() => expect(calls.some((c) => c.url === "/api/chat")).toBe(true));
    const post = JSON.parse(calls.find((c) => c.url === "/api/chat")?.body ?? "{}") as { id: string };
    expect(post.id).not.toBe("conv-old");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`?c=${post.id}`));
    expect(screen.getByTestId("thread").textContent).toContain("A neon chef");
    expect(screen.getByTestId("thread").textContent).not.toContain("earlier");
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
