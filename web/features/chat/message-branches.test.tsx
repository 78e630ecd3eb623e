import { MemoryRouter } from "react-router";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ImageActions } from "./image-result.tsx";
import type { BranchActions } from "./message-branches.tsx";
import { MessageList } from "./message-list.tsx";
import { englishI18n, renderChat } from "./testing.tsx";
import type { ChatMessage } from "./types.ts";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(cleanup);

const actions: ImageActions = { onEdit: vi.fn(), onVariation: vi.fn(), canSend: true };
const thread = [
  { id: "u2", role: "user", parts: [{ type: "text", text: "make it red" }] },
  { id: "a2", role: "assistant", parts: [{ type: "text", text: "Red it is." }] },
] as ChatMessage[];

function branchActions(overrides: Partial<BranchActions> = {}): BranchActions {
  return {
    points: new Map([["u2", { messageId: "u2", siblingIds: ["u1", "u2", "u3"], index: 1 }]]),
    busy: false,
    onSwitch: vi.fn(),
    onEdit: vi.fn(),
    onRegenerate: vi.fn(),
    ...overrides,
  };
}

const render = (branches: BranchActions) => renderChat(<MemoryRouter><MessageList messages={thread} actions={actions} thinking={false} branches={branches} /></MemoryRouter>, i18n);

describe("MessageList's branches", () => {
  it("shows where a message stands among its versions, and each arrow switches to the one beside", () => {
    const branches = branchActions();
    render(branches);
    const arrows = screen.getByTestId("branch-switcher");
    expect(arrows.textContent).toContain("2/3");
    expect(within(arrows).getByLabelText("Version 2 of 3")).toBeTruthy();
    fireEvent.click(within(arrows).getByRole("button", { name: "Previous version" }));
    fireEvent.click(within(arrows).getByRole("button", { name: "Next version" }));
    expect(branches.onSwitch).toHaveBeenNthCalledWith(1, "u1");
    expect(branches.onSwitch).toHaveBeenNthCalledWith(2, "u3");
    // The answer has one version: no arrows, only Regenerate.
    expect(screen.getAllByTestId("branch-switcher")).toHaveLength(1);
  });

  it("stops at either end, and does nothing while an answer streams", () => {
    render(branchActions({ points: new Map([["u2", { messageId: "u2", siblingIds: ["u1", "u2"], index: 1 }]]) }));
    expect((screen.getByRole("button", { name: "Next version" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Previous version" }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    render(branchActions({ busy: true }));
    for (const name of ["Previous version", "Next version", "Edit message"]) expect((screen.getByRole("button", { name }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("edits a message in place: Save & send sends the new words as a version of it; Cancel leaves it", () => {
    const branches = branchActions();
    render(branches);
    fireEvent.click(screen.getByRole("button", { name: "Edit message" }));
    const box = screen.getByLabelText("Edit your message") as HTMLTextAreaElement;
    expect(box.value).toBe("make it red");
    fireEvent.change(box, { target: { value: "  make it blue " } });
    fireEvent.click(screen.getByRole("button", { name: "Save & send" }));
    expect(branches.onEdit).toHaveBeenCalledWith("u2", "make it blue");
    expect(screen.queryByTestId("edit-message")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Edit message" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("edit-message")).toBeNull();
    expect(screen.getByText("make it red")).toBeTruthy();
    expect(branches.onEdit).toHaveBeenCalledTimes(1);
  });

  it("regenerates an answer", () => {
    const branches = branchActions();
    render(branches);
    fireEvent.click(screen.getByRole("button", { name: "Regenerate" }));
    expect(branches.onRegenerate).toHaveBeenCalledWith("a2");
  });
});

describe("MessageList's branches from the keyboard", () => {
  it("puts the focus back on the pencil after Cancel, and keeps it on the arrows when the version changes", () => {
    const branches = branchActions();
    render(branches);
    fireEvent.click(screen.getByRole("button", { name: "Edit message" }));
    fireEvent.keyDown(screen.getByLabelText("Edit your message"), { key: "Escape" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Edit message" }));

    cleanup();

    const versions = ["make it red", "make it green", "make it blue"].map((text, i) => ({ id: `v${i}`, role: "user", parts: [{ type: "text", text }] }) as ChatMessage);
    function Switching() {
      const [shown, setShown] = useState(0);
      const message = versions[shown] as ChatMessage;
      const points = new Map([[message.id, { messageId: message.id, siblingIds: versions.map((v) => v.id), index: shown }]]);
      return (
        <MemoryRouter>
          <MessageList messages={[message]} actions={actions} thinking={false} branches={branchActions({ points, onSwitch: (id) => setShown(versions.findIndex((v) => v.id === id)) })} />
        </MemoryRouter>
      );
    }
    renderChat(<Switching />, i18n);
    const next = screen.getByRole("button", { name: "Next version" });
    next.focus();
    fireEvent.click(next);
    expect(screen.getByText("make it green")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Next version" }));
  });
});
