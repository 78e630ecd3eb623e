import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TOAST_REMOVE_DELAY, ToastStore } from "./toast-store.ts";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("ToastStore", () => {
  it("keeps one toast at a time, newest first", () => {
    const store = new ToastStore();
    store.add({ title: "first" });
    store.add({ title: "second", variant: "destructive" });
    expect(store.toasts).toHaveLength(1);
    expect(store.toasts[0]).toMatchObject({ title: "second", variant: "destructive", open: true });
  });

  it("updates a toast in place", () => {
    const store = new ToastStore();
    const handle = store.add({ title: "Generating image..." });
    handle.update({ title: "Generated successfully" });
    expect(store.toasts[0]).toMatchObject({ id: handle.id, title: "Generated successfully", variant: "default" });
  });

  it("closes on dismiss and removes after 1,000,000 ms", () => {
    const store = new ToastStore();
    const handle = store.add({ title: "bye" });
    handle.dismiss();
    expect(store.toasts[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(store.toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.toasts).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });

  it("tells subscribers about every change", () => {
    const store = new ToastStore();
    const seen: number[] = [];
    const unsubscribe = store.subscribe((toasts) => seen.push(toasts.length));
    store.add({ title: "a" });
    store.remove();
    unsubscribe();
    store.add({ title: "b" });
    expect(seen).toEqual([1, 0]);
  });
});
