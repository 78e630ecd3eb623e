import { Toast as RadixToast } from "radix-ui";
import { createContext, type ReactNode, useContext, useMemo, useSyncExternalStore } from "react";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { useTranslation } from "react-i18next";
import { TOAST_DURATION, TOAST_SWIPE_THRESHOLD, type ToastStore } from "./toast-store.ts";

const ToastContext = createContext<ToastStore | null>(null);

export function ToastStoreProvider({ store, children }: { store: ToastStore; children: ReactNode }) {
  return <ToastContext value={store}>{children}</ToastContext>;
}

export function useToast() {
  const store = useContext(ToastContext);
  if (!store) throw new Error("useToast needs a ToastStoreProvider");
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo(() => ({ toasts, toast: store.add, dismiss: store.dismiss }), [store, toasts]);
}

/**
 * docs/product/web-app.md (Toasts): top on small screens, bottom right on larger ones; swipe right past 50 px, the
 * close button or Escape dismisses; F8 focuses the region.
 */
export function Toaster() {
  const { t } = useTranslation();
  const { toasts, dismiss } = useToast();
  // The region renders after hydration only: prerendered HTML then carries none of Radix's inline style
  // attributes, which the strict CSP (style-src 'self') would block.
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <RadixToast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} label={t("toast.region")}>
      {toasts.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          data-variant={item.variant}
          className={`toast group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-2xl border p-4 pr-10 shadow-xl ${
            item.variant === "destructive"
              ? "border-danger bg-danger text-on-danger"
              : "border-border bg-surface text-fg"
          }`}
        >
          <div className="grid gap-1">
            {item.title && <RadixToast.Title className="text-sm font-semibold">{item.title}</RadixToast.Title>}
            {item.description && (
              <RadixToast.Description className="text-sm opacity-95">{item.description}</RadixToast.Description>
            )}
          </div>
          {item.action}
          <RadixToast.Close
            aria-label={t("toast.close")}
            className="absolute top-2 right-2 rounded-md p-1.5 opacity-80 hover:opacity-100 focus-visible:opacity-100"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport
        label={t("toast.viewport")}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
      />
    </RadixToast.Provider>
  );
}
