import { MemoryRouter } from "react-router";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type ChatToolName, chatToolNames } from "../../../contract/chat.ts";
import type { ImageActions } from "./image-result.tsx";
import { MessageList } from "./message-list.tsx";
import { englishI18n, renderChat } from "./testing.tsx";
import type { ChatMessage, ChatToolPart } from "./types.ts";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(cleanup);

const actions: ImageActions = { onEdit: vi.fn(), onVariation: vi.fn(), canSend: true };
const question = { id: "q", role: "user", parts: [{ type: "text", text: "say something" }] } as ChatMessage;
const silent = { id: "a", role: "assistant", parts: [{ type: "step-start" }] } as unknown as ChatMessage;

describe("MessageList", () => {
  it("shows the thinking dots, not an empty answer, while an answer has said nothing yet", () => {
    renderChat(<MemoryRouter><MessageList messages={[question, silent]} actions={actions} thinking /></MemoryRouter>, i18n);
    expect(screen.getByRole("status").textContent).toContain("Thinking…");
    expect(screen.queryByText("Stopped before any reply.")).toBeNull();
    expect(screen.getAllByTestId("message")).toHaveLength(1);
  });

  it("says an answer stopped before its first word was stopped, instead of an empty bubble", () => {
    renderChat(<MemoryRouter><MessageList messages={[question, silent]} actions={actions} thinking={false} /></MemoryRouter>, i18n);
    expect(screen.getByText("Stopped before any reply.")).toBeTruthy();
    expect(screen.queryByRole("status")).toBeNull();
  });
});

/** A call of each of the contract's tools, its input just in. */
const calls: { [Name in ChatToolName]: ChatToolPart<Name> } = {
  generateThumbnail: { type: "tool-generateThumbnail", toolCallId: "c1", state: "input-available", input: { prompt: "A cat chef" } },
  generatePack: { type: "tool-generatePack", toolCallId: "c2", state: "input-available", input: { prompt: "100 days of coding" } },
  editImage: { type: "tool-editImage", toolCallId: "c3", state: "input-available", input: { instruction: "Bigger text" } },
  varyImage: { type: "tool-varyImage", toolCallId: "c6", state: "input-available", input: { instruction: "Three versions" } },
  replaceSubject: { type: "tool-replaceSubject", toolCallId: "c4", state: "input-available", input: { personaHandle: "alex" } },
  listPersonas: { type: "tool-listPersonas", toolCallId: "c5", state: "input-available", input: {} },
  pickImage: { type: "tool-pickImage", toolCallId: "c6", state: "input-available", input: { move: "undo" } },
  setTitle: { type: "tool-setTitle", toolCallId: "c7", state: "input-available", input: { title: "I tried 100 days of coding" } },
  checkImage: { type: "tool-checkImage", toolCallId: "c7", state: "input-available", input: {} },
  videoFrame: { type: "tool-videoFrame", toolCallId: "c8", state: "input-available", input: { moment: "1:05" } },
  videoHeadlines: { type: "tool-videoHeadlines", toolCallId: "c9", state: "input-available", input: { at: "2:31" } },
  personaFromFrame: { type: "tool-personaFromFrame", toolCallId: "c10", state: "input-available", input: { handle: "me" } },
  compareModels: { type: "tool-compareModels", toolCallId: "c14", state: "input-available", input: {} },
};

describe("MessageList's tool cards", () => {
  it("shows a card for a call of every tool of the contract", () => {
    const answer: ChatMessage = { id: "a", role: "assistant", parts: chatToolNames.map((name) => calls[name]) };
    renderChat(<MemoryRouter><MessageList messages={[question, answer]} actions={actions} thinking={false} /></MemoryRouter>, i18n);
    const cards = screen.getAllByTestId("tool-card").map((card) => card.getAttribute("data-tool"));
    expect(cards).toEqual(chatToolNames.map((name) => `tool-${name}`));
  });

  it("shows a persona made from a frame with its cut-out and the handle to use next", () => {
    const persona = { id: "p1", name: "Maya Lens", handle: "me", role: "artist" as const, description: "", createdAt: "2026-11-27T00:00:00.000Z", urls: { image: null, cutout: "/api/personas/p1/cutout", thumb: "/api/personas/p1/thumb" } };
    const made: ChatToolPart<"personaFromFrame"> = { type: "tool-personaFromFrame", toolCallId: "c11", state: "output-available", input: { handle: "me" }, output: { persona, imageId: "f1" } };
    renderChat(<MemoryRouter><MessageList messages={[question, { id: "a", role: "assistant", parts: [made] }]} actions={actions} thinking={false} /></MemoryRouter>, i18n);
    const card = screen.getByTestId("tool-card");
    expect(card.textContent).toContain("@me");
    expect(card.textContent).toContain("Use @me in your next message.");
    expect(screen.getByRole("img", { name: "Maya Lens" }).getAttribute("src")).toBe("/api/personas/p1/cutout");
  });

  it("claims no failed generation when no frame of the video could be taken (the answer's words say why)", () => {
    const failed = { type: "tool-videoFrame", toolCallId: "c12", state: "output-error", input: { moment: "best" }, errorText: "[conflict:video_analysing] Still finding frames." } as unknown as ChatToolPart<"videoFrame">;
    const image = { type: "tool-generateThumbnail", toolCallId: "c13", state: "output-error", input: { prompt: "x" }, errorText: "boom" } as unknown as ChatToolPart<"generateThumbnail">;
    renderChat(<MemoryRouter><MessageList messages={[question, { id: "a", role: "assistant", parts: [failed, { type: "text", text: "I'm still finding the best frames of your video." }] }]} actions={actions} thinking={false} /></MemoryRouter>, i18n);
    expect(screen.queryByText("Generation failed")).toBeNull();
    expect(screen.getByText("I'm still finding the best frames of your video.")).toBeTruthy();
    cleanup();
    // A generation that failed still says so.
    renderChat(<MemoryRouter><MessageList messages={[question, { id: "a", role: "assistant", parts: [image] }]} actions={actions} thinking={false} /></MemoryRouter>, i18n);
    expect(screen.getByText("Generation failed")).toBeTruthy();
  });

  it("shows nothing for a stored call of a tool the contract no longer has", () => {
    const stale = { id: "a", role: "assistant", parts: [{ type: "text", text: "Here." }, { type: "tool-archiveImage", toolCallId: "c9", state: "input-available", input: {} }] } as unknown as ChatMessage;
    renderChat(<MemoryRouter><MessageList messages={[question, stale]} actions={actions} thinking={false} /></MemoryRouter>, i18n);
    expect(screen.getByText("Here.")).toBeTruthy();
    expect(screen.queryByTestId("tool-card")).toBeNull();
  });
});
