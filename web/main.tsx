import { createStore } from "jotai";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Root } from "./app/root.tsx";
import { namespacesFor } from "./app/route-meta.ts";
import { authAtom, stateFromStorage } from "./lib/auth-state.ts";
import { createI18n } from "./lib/i18n.ts";
import { readPublicConfig } from "./lib/public-config.ts";
import "./styles.css";

const i18n = await createI18n();
// Load this route's words before the first render, so a prerendered page hydrates instead of flashing a spinner.
await i18n.loadNamespaces(namespacesFor(window.location.pathname));

const store = createStore();
store.set(authAtom, stateFromStorage());

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

const app = <Root i18n={i18n} config={readPublicConfig()} store={store} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;

// Prerendered pages are English (scripts/prerender.ts); in another language the page is rendered afresh.
if (container.dataset.prerendered === "en" && i18n.resolvedLanguage === "en") hydrateRoot(container, app);
else createRoot(container).render(app);
