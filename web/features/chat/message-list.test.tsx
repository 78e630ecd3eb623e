import { MemoryRouter } from "react-router";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImageActions } from "./image-result.tsx";
import { MessageList } from "./message-list.tsx";
import { englishI18n, renderChat } from "./testing.tsx";
import type { ChatMessage } from "./types.ts";

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
