import type { i18n as I18n } from "i18next";
import { createStore } from "jotai";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Root } from "./app/root.tsx";
import { namespacesFor } from "./app/route-meta.ts";
import { authAtom, stateFromStorage } from "./lib/auth-state.ts";
import { createI18n } from "./lib/i18n.ts";
import { readPublicConfig } from "./lib/public-config.ts";
import { isLanguage } from "../contract/languages.ts";
import { chosenLanguage, pageLanguage } from "./lib/stored-language.ts";

/** Resolves once the route has committed with its handlers attached (AppRoutes marks <html data-interactive>). */
function whenInteractive(): Promise<void> {
  const html = document.documentElement;
  return new Promise((resolve) => {
    if (html.dataset.interactive) return resolve();
    const observer = new MutationObserver(() => {
      if (!html.dataset.interactive) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(html, { attributes: true, attributeFilter: ["data-interactive"] });
  });
}

/**
 * Starts React: hydrates a prerendered page in the language it was served in (scripts/prerender.ts writes one
 * per language) or renders any other path afresh in the visitor's language. Answers the i18n instance once the
 * page is interactive; web/main.tsx then switches a prerendered page to a language picked since, in place,
 * which keeps what they already typed.
 */
export async function boot(): Promise<I18n> {
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from index.html");
  const prerenderedIn = container.dataset.prerendered;
  const prerendered = isLanguage(prerenderedIn);
  const i18n = await createI18n(prerendered ? prerenderedIn : (chosenLanguage() ?? pageLanguage()));
  // Load this route's words before the first render, so a prerendered page hydrates instead of flashing a spinner.
  await i18n.loadNamespaces(namespacesFor(window.location.pathname));

  const store = createStore();
  store.set(authAtom, stateFromStorage());
  const app = <Root i18n={i18n} config={readPublicConfig()} store={store} router={(routes) => <BrowserRouter>{routes}</BrowserRouter>} />;
  const interactive = whenInteractive();
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
  await interactive;
  return i18n;
}
