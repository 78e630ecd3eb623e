import { MemoryRouter } from "react-router";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { storeImage } from "../../lib/image-cache.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { ChatSession } from "./chat-session.tsx";
import { englishI18n, renderChat } from "./testing.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const urls = { original: "/o.png", preview: "/p.png", thumb: "/t.png", download: "/d.png" };
const ready = imageRecord("img-1", { status: "ready", prompt: "A cat chef", urls, creditsSpent: 3 });

function sse(chunks: unknown[]): Response {
  const body = [...chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`), "data: [DONE]\n\n"].join("");
  return new Response(body, { status: 200, headers: { "content-type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" } });
}

describe("ChatSession", () => {
  it("sends the typed message to /api/chat and renders the streamed answer with its tool card", async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, init });
        if (url === "/api/chat/conv-1/stream") return new Response(null, { status: 204 });
        if (url === "/api/chat")
          return sse([
            { type: "start", messageId: "a1" },
            { type: "text-start", id: "t1" },
            { type: "text-delta", id: "t1", delta: "On it: " },
            { type: "text-delta", id: "t1", delta: "a cat chef." },
            { type: "text-end", id: "t1" },
            { type: "tool-input-available", toolCallId: "call-1", toolName: "generateThumbnail", input: { prompt: "A cat chef" } },
            { type: "tool-output-available", toolCallId: "call-1", output: { images: [ready], creditsSpent: 3, creditsLeft: 17 } },
            { type: "finish" },
          ]);
        return new Response(JSON.stringify({ error: "Not found", code: "not_found:route" }), { status: 404 });
      }),
    );
    renderChat(<MemoryRouter><ChatSession conversationId="conv-1" initialMessages={[]} credits={20} resume /></MemoryRouter>, i18n);
    expect(screen.getByTestId("starter-prompts")).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url === "/api/chat/conv-1/stream")).toBe(true));

    const box = screen.getByRole("textbox", { name: "Message" });
    fireEvent.change(box, { target: { value: "A cat chef", selectionStart: 10 } });
    fireEvent.keyDown(box, { key: "Enter" });

    expect(await screen.findByText("On it: a cat chef.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("tool-card").getAttribute("data-state")).toBe("output-available"));
    expect(screen.getByText("Generated successfully")).toBeTruthy();
    expect(screen.getByTestId("chat-image").getAttribute("data-status")).toBe("ready");
    expect((box as HTMLTextAreaElement).value).toBe("");

    const post = calls.find((c) => c.url === "/api/chat");
    const body = JSON.parse(String(post?.init?.body)) as { id: string; message: { role: string; parts: unknown[] }; style: string; aspect: string; model: string };
    expect(body.id).toBe("conv-1");
    expect(body.message.role).toBe("user");
    expect(body.message.parts).toEqual([{ type: "text", text: "A cat chef" }]);
    expect(body).toMatchObject({ style: "realistic", aspect: "16:9", model: "studio" });
    expect(Object.keys(body)).not.toContain("messages");
  });

  it("puts a message the server refused back in the composer, out of the thread, with why in words for its error code", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/api/chat") return new Response(JSON.stringify({ error: "No credits", code: "insufficient_credits:generation" }), { status: 402 });
        return new Response(null, { status: 204 });
      }),
    );
    renderChat(<MemoryRouter><ChatSession conversationId="conv-2" initialMessages={[]} credits={20} resume /></MemoryRouter>, i18n);
    const box = screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "A cat chef", selectionStart: 10 } });
    fireEvent.keyDown(box, { key: "Enter" });
    const alert = await screen.findByTestId("not-sent");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toContain("Your message was not sent.");
    expect(alert.textContent).toContain("Not enough credits for this model.");
    await waitFor(() => expect(box.value).toBe("A cat chef"));
    expect(screen.queryByTestId("message")).toBeNull();
    expect(screen.getAllByRole("alert")).toHaveLength(1);
  });

  it("says a conversation busy in another tab, and a dropped connection, in their own words", async () => {
    let answer: () => Response = () => new Response(JSON.stringify({ error: "Busy", code: "conflict:chat_busy" }), { status: 409 });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/api/chat") return answer();
        return new Response(null, { status: 204 });
      }),
    );
    renderChat(<MemoryRouter><ChatSession conversationId="conv-4" initialMessages={[]} credits={20} resume={false} /></MemoryRouter>, i18n);
    const box = screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "first try", selectionStart: 9 } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect((await screen.findByTestId("not-sent")).textContent).toContain("An answer is still coming in this conversation.");
    await waitFor(() => expect(box.value).toBe("first try"));

    answer = () => {
      throw new TypeError("Failed to fetch");
    };
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(screen.getByTestId("not-sent").textContent).toContain("Thumbforge could not be reached."));
    await waitFor(() => expect(box.value).toBe("first try"));
  });

  it("says the answer failed when it breaks off after the message was taken, keeping the message in the thread", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        if (url === "/api/chat") return sse([{ type: "start", messageId: "a1" }, { type: "error", errorText: "The model is unavailable." }]);
        return new Response(null, { status: 204 });
      }),
    );
    renderChat(<MemoryRouter><ChatSession conversationId="conv-3" initialMessages={[]} credits={20} resume /></MemoryRouter>, i18n);
    fireEvent.click(screen.getAllByRole("button", { name: /thumbnail/i })[0] as HTMLElement);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The assistant could not answer.");
    expect(screen.queryByTestId("not-sent")).toBeNull();
    expect(screen.getAllByTestId("message")[0]?.getAttribute("data-role")).toBe("user");
  });

  it("shows the thread's newest ready image on the chips, live from the image cache, and sends a chip change as a message", async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, init });
        if (url === "/api/chat") return sse([{ type: "start", messageId: "a3" }, { type: "finish" }]);
        return new Response(JSON.stringify({ error: "Not found", code: "not_found:route" }), { status: 404 });
      }),
    );
    const made = imageRecord("img-1", { status: "ready", style: "cartoon", aspect: "1:1", model: "gpt-image", urls });
    const edited = imageRecord("img-2", { status: "running", style: "vintage", aspect: "1:1", model: "gpt-image", parentId: "img-1" });
    const failed = imageRecord("img-3", { status: "failed", style: "abstract", aspect: "9:16", model: "studio" });
    const initialMessages = [
      { id: "u1", role: "user" as const, parts: [{ type: "text" as const, text: "a cartoon cat" }] },
      { id: "a1", role: "assistant" as const, parts: [{ type: "tool-generateThumbnail" as const, toolCallId: "c1", state: "output-available" as const, input: { prompt: "a cartoon cat" }, output: { images: [made], creditsSpent: 6, creditsLeft: 14 } }] },
      { id: "u2", role: "user" as const, parts: [{ type: "text" as const, text: "vintage instead" }] },
      { id: "a2", role: "assistant" as const, parts: [{ type: "tool-editImage" as const, toolCallId: "c2", state: "output-available" as const, input: { instruction: "vintage instead" }, output: { images: [edited], creditsSpent: 6, creditsLeft: 8 } }] },
      { id: "u3", role: "user" as const, parts: [{ type: "text" as const, text: "abstract, shorts" }] },
      { id: "a3", role: "assistant" as const, parts: [{ type: "tool-generateThumbnail" as const, toolCallId: "c3", state: "output-available" as const, input: { prompt: "abstract" }, output: { images: [failed], creditsSpent: 0, creditsLeft: 8 } }] },
    ];
    const { client } = renderChat(<MemoryRouter><ChatSession conversationId="conv-5" initialMessages={initialMessages} credits={20} resume={false} /></MemoryRouter>, i18n);
    const chips = () => screen.getByRole("button", { name: /^Style, shape and model/ });
    // The edit is still running and the newest image failed: the current image is the first one.
    expect(chips().textContent).toContain("Cartoon · 1:1");
    act(() => {
      storeImage(client, { ...edited, status: "ready", urls }, true);
    });
    await waitFor(() => expect(chips().textContent).toContain("Vintage · 1:1"));

    const box = screen.getByRole("textbox", { name: "Message" }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "still typing", selectionStart: 12 } });
    fireEvent.click(chips());
    fireEvent.click(screen.getByTestId("aspect-9:16").querySelector("input") as HTMLInputElement);
    expect(screen.getByTestId("chip-change-cost").textContent).toBe("Costs 6 credits");
    fireEvent.click(screen.getByRole("button", { name: "Send change" }));
    await waitFor(() => expect(calls.some((c) => c.url === "/api/chat")).toBe(true));
    const body = JSON.parse(String(calls.find((c) => c.url === "/api/chat")?.init?.body)) as { message: { parts: unknown[] } };
    expect(body.message.parts).toEqual([{ type: "text", text: "Make it 9:16 vertical" }]);
    expect(body).toMatchObject({ style: "vintage", aspect: "9:16", model: "gpt-image" });
    expect(box.value).toBe("still typing");
  });
});

describe("ChatSession: an image picked with Edit", () => {
  const older = imageRecord("11111111-1111-4111-8111-111111111111", { status: "ready", prompt: "A cat chef", urls, model: "studio" });
  const newer = imageRecord("22222222-2222-4222-8222-222222222222", { status: "ready", prompt: "A cat chef", urls, model: "studio", parentId: older.id });
  const thread = [older, newer].map((image, i) => ({
    id: `a${i}`,
    role: "assistant" as const,
    parts: [{ type: "tool-editImage" as const, toolCallId: `c${i}`, state: "output-available" as const, input: { instruction: "x" }, output: { images: [image], creditsSpent: 1, creditsLeft: 10 } }],
  }));

  function stubChat(bodies: Record<string, unknown>[]) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/api/chat") {
          bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
          return sse([{ type: "start", messageId: "reply" }, { type: "finish" }]);
        }
        return new Response(null, { status: 204 });
      }),
    );
  }

  it("makes that image the one the next message changes, and sends its id once", async () => {
    const bodies: Record<string, unknown>[] = [];
    stubChat(bodies);
    renderChat(<MemoryRouter><ChatSession conversationId="conv-2" initialMessages={thread} credits={20} resume={false} /></MemoryRouter>, i18n);
    const [olderCard] = screen.getAllByTestId("tool-card");
    fireEvent.click(within(olderCard as HTMLElement).getByRole("button", { name: "Edit" }));
    expect(screen.getByTestId("editing-chip").textContent).toContain("Editing this image");

    const box = screen.getByRole("textbox", { name: "Message" });
    fireEvent.change(box, { target: { value: "make the headline red", selectionStart: 21 } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ imageId: older.id });
    expect(screen.queryByTestId("editing-chip")).toBeNull();
  });

  it("asks for one variant of a Studio image's own scene with its Variation button", async () => {
    const bodies: Record<string, unknown>[] = [];
    stubChat(bodies);
    renderChat(<MemoryRouter><ChatSession conversationId="conv-3" initialMessages={thread} credits={20} resume={false} /></MemoryRouter>, i18n);
    const [olderCard] = screen.getAllByTestId("tool-card");
    fireEvent.click(within(olderCard as HTMLElement).getByRole("button", { name: "Variation" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ imageId: older.id, message: { parts: [{ type: "text", text: "One more version of this one" }] } });
  });
});

describe("ChatSession's branches", () => {
  const thread = [
    { id: "u1", role: "user", parts: [{ type: "text", text: "make it red" }] },
    { id: "a1", role: "assistant", parts: [{ type: "text", text: "Red it is." }] },
  ];
  const otherBranch = [
    { id: "u0", role: "user", parts: [{ type: "text", text: "make it blue" }] },
    { id: "a0", role: "assistant", parts: [{ type: "text", text: "Blue it is." }] },
  ];

  it("switches with the arrows: the thread becomes the branch the server answers", async () => {
    const calls: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url, init });
        if (url === "/api/conversations/conv-b/branch")
          return new Response(JSON.stringify({ messages: otherBranch, branchPoints: [{ messageId: "u0", siblingIds: ["u0", "u1"], index: 0 }] }), { status: 200 });
        return new Response(null, { status: 204 });
      }),
    );
    renderChat(
      <MemoryRouter>
        <ChatSession conversationId="conv-b" initialMessages={thread as never} initialBranchPoints={[{ messageId: "u1", siblingIds: ["u0", "u1"], index: 1 }]} credits={20} resume={false} />
      </MemoryRouter>,
      i18n,
    );
    expect(screen.getByTestId("branch-switcher").textContent).toContain("2/2");
    fireEvent.click(screen.getByRole("button", { name: "Previous version" }));
    expect(await screen.findByText("Blue it is.")).toBeTruthy();
    expect(screen.queryByText("Red it is.")).toBeNull();
    expect(screen.getByTestId("branch-switcher").textContent).toContain("1/2");
    const put = calls.find((c) => c.url === "/api/conversations/conv-b/branch");
    expect(put?.init?.method).toBe("PUT");
    expect(JSON.parse(String(put?.init?.body))).toEqual({ messageId: "u0" });
  });

  it("sends an edit as a new message naming the one it replaces, and a regenerated answer by its id", async () => {
    const posts: Record<string, unknown>[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/api/chat") {
          posts.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
          return sse([{ type: "start", messageId: `a${posts.length + 1}` }, { type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: `Answer ${posts.length}.` }, { type: "text-end", id: "t" }, { type: "finish" }]);
        }
        if (url === "/api/conversations/conv-e/messages") return new Response(JSON.stringify({ messages: [], branchPoints: [] }), { status: 200 });
        return new Response(null, { status: 204 });
      }),
    );
    renderChat(<MemoryRouter><ChatSession conversationId="conv-e" initialMessages={thread as never} credits={20} resume={false} /></MemoryRouter>, i18n);
    fireEvent.click(screen.getByRole("button", { name: "Edit message" }));
    fireEvent.change(screen.getByLabelText("Edit your message"), { target: { value: "make it green" } });
    fireEvent.click(screen.getByRole("button", { name: "Save & send" }));
    expect(await screen.findByText("Answer 1.")).toBeTruthy();
    expect(screen.queryByText("make it red")).toBeNull();
    const edit = posts[0] as { editOf: string; message: { id: string; parts: unknown[] }; regenerate?: string };
    expect(edit.editOf).toBe("u1");
    expect(edit.message.id).not.toBe("u1");
    expect(edit.message.parts).toEqual([{ type: "text", text: "make it green" }]);

    await waitFor(() => expect((screen.getByRole("button", { name: "Regenerate" }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole("button", { name: "Regenerate" }));
    expect(await screen.findByText("Answer 2.")).toBeTruthy();
    expect(posts[1]).toMatchObject({ id: "conv-e", regenerate: "a2" });
    expect(posts[1]).not.toHaveProperty("message");
  });
});
