import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, renderHook } from "@testing-library/react";
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ToastStoreProvider } from "../../components/ui/toaster.tsx";
import { ToastStore } from "../../components/ui/toast-store.ts";
import { englishI18n } from "../../testing/english-i18n.ts";
import { imageRecord } from "../../testing/image-fixture.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { UNDO_MS, useUndoDelete } from "./use-undo-delete.tsx";

let i18n: Awaited<ReturnType<typeof englishI18n>>;
beforeAll(async () => {
  i18n = await englishI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function setup() {
  const store = new ToastStore();
  const remove = vi.fn(async (_id: string) => {});
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <ToastStoreProvider store={store}>{children}</ToastStoreProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  const hook = renderHook(() => useUndoDelete(remove), { wrapper });
  /** Clicks the Undo button the toast carries. */
  const undo = () => {
    const action = store.toasts[0]?.action;
    if (!isValidElement(action)) throw new Error("no Undo in the toast");
    const view = render(action as ReactElement);
    act(() => view.getByRole("button", { name: "Undo" }).click());
  };
  return { store, remove, hook, undo };
}

describe("useUndoDelete", () => {
  it("hides the image at once and sends nothing when Undo is pressed inside the window", () => {
    vi.useFakeTimers();
    const { store, remove, hook, undo } = setup();
    act(() => hook.result.current.request(imageRecord("img-1", { status: "ready" })));
    expect(hook.result.current.hidden.has("img-1")).toBe(true);
    expect(store.toasts[0]?.title).toBe("Image deleted");
    undo();
    expect(hook.result.current.hidden.has("img-1")).toBe(false);
    act(() => vi.advanceTimersByTime(UNDO_MS * 2));
    expect(remove).not.toHaveBeenCalled();
  });

  it("sends the deletion once the window closes, and at once when the screen goes away", () => {
    vi.useFakeTimers();
    const { remove, hook } = setup();
    act(() => hook.result.current.request(imageRecord("img-1", { status: "ready" })));
    act(() => vi.advanceTimersByTime(UNDO_MS - 1));
    expect(remove).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(remove).toHaveBeenCalledWith("img-1");
    act(() => hook.result.current.request(imageRecord("img-2", { status: "ready" })));
    hook.unmount();
    expect(remove).toHaveBeenCalledWith("img-2");
    expect(remove).toHaveBeenCalledTimes(2);
  });
});
