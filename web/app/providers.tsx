import type { i18n as I18n } from "i18next";
import type { createStore } from "jotai";
import { Provider as JotaiProvider } from "jotai";
import { type ReactNode, Suspense, useState } from "react";
import { I18nextProvider } from "react-i18next";
import type { PublicConfig } from "../../contract/public-config.ts";
import { FullScreenSpinner } from "../components/site/full-screen-spinner.tsx";
import { Toaster, ToastStoreProvider } from "../components/ui/toaster.tsx";
import { ToastStore } from "../components/ui/toast-store.ts";
import { PublicConfigContext } from "../lib/public-config-context.ts";

type Store = ReturnType<typeof createStore>;

/**
 * Every app-wide object is made here, once per mounted app: nothing lives in module globals. The query client
 * belongs to the signed-in area (web/app/app-layout.tsx), so marketing pages do not download it.
 */
export function Providers({
  i18n,
  config,
  store,
  children,
}: {
  i18n: I18n;
  config: PublicConfig;
  /** The jotai store, made by the caller so it can seed the auth state before the first render. */
  store: Store;
  children: ReactNode;
}) {
  const [toasts] = useState(() => new ToastStore());
  return (
    <I18nextProvider i18n={i18n}>
      <PublicConfigContext value={config}>
          <JotaiProvider store={store}>
            <ToastStoreProvider store={toasts}>
              <Suspense fallback={<FullScreenSpinner />}>
                {children}
                <Toaster />
              </Suspense>
            </ToastStoreProvider>
          </JotaiProvider>
      </PublicConfigContext>
    </I18nextProvider>
  );
}
