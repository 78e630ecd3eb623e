import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/app-routes.tsx";
import { Providers } from "./app/providers.tsx";
import { createI18n } from "./lib/i18n.ts";
import { readPublicConfig } from "./lib/public-config.ts";
import "./styles.css";

const i18n = await createI18n();
const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

createRoot(root).render(
  <StrictMode>
    <Providers i18n={i18n} config={readPublicConfig()}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
