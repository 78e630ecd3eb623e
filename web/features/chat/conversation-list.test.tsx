import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Conversation } from "../../../contract/chat.ts";
import { ConversationList, type ConversationListProps } from "./conversation-list.tsx";
import { englishI18n, renderChat } from "./testing.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(cleanup);

const now = Date.parse("2026-11-23T12:00:00Z");
const conversations: Conversation[] = [
  { id: "c1", title: "Cooking ideas", createdAt: "2026-11-23T11:59:40Z", updatedAt: "2026-11-23T11:59:40Z" },
  { id: "c2", title: "Gaming channel", createdAt: "2026-11-23T08:00:00Z", updatedAt: "2026-11-23T09:00:00Z" },
  { id: "c3", title: "", createdAt: "2026-11-20T08:00:00Z", updatedAt: "2026-11-21T11:00:00Z" },
];

function setup(props: Partial<ConversationListProps> = {}) {
  const handlers = {
    onRetry: vi.fn(),
    onSelect: vi.fn(),
    onNew: vi.fn(),
    onRename: vi.fn(async () => {}),
    onDelete: vi.fn(async () => {}),
  };
  renderChat(
    <ConversationList conversations={conversations} loading={false} failed={false} selectedId="c2" now={now} {...handlers} {...props} />,
    i18n,
  );
  return handlers;
}

async function openAction(title: string, action: string) {
  const trigger = screen.getByRole("button", { name: `Actions for ${title}` });
  // Radix menus open on pointer down (or keyboard), not on click.
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: "mouse" });
  fireEvent.click(await screen.findByRole("menuitem", { name: action }));
}

describe("ConversationList", () => {
  it("says so when there are no conversations, and New chat starts one", () => {
    const { onNew } = setup({ conversations: [] });
    expect(screen.getByText("No conversations yet")).toBeTruthy();
    expect(screen.getByText("Start a new chat to begin")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New chat" }));
    expect(onNew).toHaveBeenCalledOnce();
  });

  it("shows a loading state, then a failure with Retry", () => {
    setup({ conversations: undefined, loading: true });
    expect(screen.getByRole("status", { name: "Loading conversations…" })).toBeTruthy();
    expect(screen.queryByText("No conversations yet")).toBeNull();
    cleanup();
    const { onRetry } = setup({ conversations: undefined, failed: true });
    expect(screen.getByRole("alert").textContent).toContain("The conversations could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("lists titles newest first with relative times and marks the open one", () => {
    const { onSelect } = setup();
    const items = screen.getAllByTestId("conversation");
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Cooking ideas"),
      expect.stringContaining("Gaming channel"),
      expect.stringContaining("New conversation"),
    ]);
    expect(items[0]?.textContent).toContain("Just now");
    expect(items[1]?.textContent).toContain("3h ago");
    expect(items[2]?.textContent).toContain("2d ago");
    expect(within(items[1] as HTMLElement).getByRole("button", { name: /^Gaming channel/ }).getAttribute("aria-current")).toBe("page");
    fireEvent.click(within(items[0] as HTMLElement).getByRole("button", { name: /^Cooking ideas/ }));
    expect(onSelect).toHaveBeenCalledWith("c1");
  });

  it("renames through a dialog with the trimmed title", async () => {
    const { onRename } = setup();
    await openAction("Cooking ideas", "Rename");
    const dialog = await screen.findByRole("dialog", { name: "Rename conversation" });
    const input = within(dialog).getByLabelText("Title") as HTMLInputElement;
    expect(input.value).toBe("Cooking ideas");
    fireEvent.change(input, { target: { value: "   " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Enter a title.")).toBeTruthy();
    expect(onRename).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: "  Pasta week  " } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Save" })));
    expect(onRename).toHaveBeenCalledWith("c1", "Pasta week");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("deletes only after the confirm dialog, and says when it failed", async () => {
    const onDelete = vi.fn().mockRejectedValueOnce(new Error("500: boom")).mockResolvedValueOnce(undefined);
    setup({ onDelete });
    await openAction("Gaming channel", "Delete");
    const dialog = await screen.findByRole("dialog", { name: "Delete this conversation?" });
    expect(onDelete).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Delete" })));
    expect(within(dialog).getByRole("alert").textContent).toContain("could not be deleted");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Delete" })));
    expect(onDelete).toHaveBeenCalledTimes(2);
    expect(onDelete).toHaveBeenLastCalledWith("c2");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
