import type { ReactNode } from "react";

// docs/product/web-app.md (Toasts): one toast visible at a time; a dismissed toast is removed after 1,000,000 ms.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY = 1_000_000;
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = "default" | "destructive";

/** docs/product/web-app.md (Toasts): id, title, description, action, open, variant. */
export interface Toast {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  open: boolean;
  variant: ToastVariant;
}

export type ToastInput = Omit<Toast, "id" | "open" | "variant"> & { variant?: ToastVariant };

export interface ToastHandle {
  id: string;
  update(patch: Partial<ToastInput>): void;
  dismiss(): void;
}

type Listener = (toasts: readonly Toast[]) => void;

/** A small store with add, update, dismiss and remove; one per app, handed down by context. */
export class ToastStore {
  #toasts: Toast[] = [];
  #listeners = new Set<Listener>();
  #removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
  #counter = 0;

  get toasts(): readonly Toast[] {
    return this.#toasts;
  }

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): readonly Toast[] => this.#toasts;

  add = (input: ToastInput): ToastHandle => {
    this.#counter = (this.#counter + 1) % Number.MAX_SAFE_INTEGER;
    const id = String(this.#counter);
    const toast: Toast = { ...input, id, open: true, variant: input.variant ?? "default" };
    this.#set([toast, ...this.#toasts].slice(0, TOAST_LIMIT));
    return { id, update: (patch) => this.update(id, patch), dismiss: () => this.dismiss(id) };
  };

  update = (id: string, patch: Partial<ToastInput>): void => {
    this.#set(this.#toasts.map((t) => (t.id === id ? { ...t, ...patch, variant: patch.variant ?? t.variant } : t)));
  };

  /** Closes one toast (or all); it is removed from the list after TOAST_REMOVE_DELAY. */
  dismiss = (id?: string): void => {
    for (const t of this.#toasts) if (id === undefined || t.id === id) this.#scheduleRemoval(t.id);
    this.#set(this.#toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  };

  remove = (id?: string): void => {
    this.#set(id === undefined ? [] : this.#toasts.filter((t) => t.id !== id));
  };

  #scheduleRemoval(id: string): void {
    if (this.#removeTimers.has(id)) return;
    const timer = setTimeout(() => {
      this.#removeTimers.delete(id);
      this.remove(id);
    }, TOAST_REMOVE_DELAY);
    this.#removeTimers.set(id, timer);
  }

  #set(next: Toast[]): void {
    this.#toasts = next;
    for (const listener of this.#listeners) listener(next);
  }
}
