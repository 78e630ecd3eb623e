import type { i18n as I18n } from "i18next";
import type { createStore } from "jotai";
import { StrictMode, type ReactNode } from "react";
import type { PublicConfig } from "../../contract/public-config.ts";
import { AppRoutes } from "./app-routes.tsx";
import { Providers } from "./providers.tsx";

/** The whole app under a router of the caller's choice: BrowserRouter in the browser, StaticRouter at build time. */
export function Root(props: {
  i18n: I18n;
  config: PublicConfig;
  store: ReturnType<typeof createStore>;
  router: (children: ReactNode) => ReactNode;
}) {
  return (
    <StrictMode>
      <Providers i18n={props.i18n} config={props.config} store={props.store}>
        {props.router(<AppRoutes />)}
      </Providers>
    </StrictMode>
  );
}
