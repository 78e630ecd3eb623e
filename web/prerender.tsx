// Build-time entry (vite build --ssr): renders the public pages to HTML so they paint before any script runs.
import { createStore } from "jotai";
import { I18nextProvider } from "react-i18next";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { type Language, languages } from "../contract/languages.ts";
import { PUBLIC_CONFIG_TOKENS, type PublicConfig } from "../contract/public-config.ts";
import { Root } from "./app/root.tsx";
import { namespacesFor, routeMeta } from "./app/route-meta.ts";
import { ShellPending } from "./app/shell-pending.tsx";
import { authAtom } from "./lib/auth-state.ts";
import { createI18n } from "./lib/i18n.ts";

const configTokens: PublicConfig = { ...PUBLIC_CONFIG_TOKENS, version: "0.0.0-prerender" };

export const prerenderPaths = Object.keys(routeMeta);

/**
 * The signed-in screens a visitor may open first (a reload, a bookmark): the modules and words each needs before its
 * first paint, which the build turns into preload links in the page the server sends for it (scripts/prerender.ts).
 * The modules are the lazy routes of web/app/app-routes.tsx.
 */
const appScreenModules: Record<string, string[]> = {
  "/login": ["app/app-layout.tsx", "routes/login.tsx"],
  "/app": ["app/app-layout.tsx", "app/app-shell.tsx", "routes/app-home.tsx"],
  "/app/personas": ["app/app-layout.tsx", "app/app-shell.tsx", "routes/personas.tsx"],
  "/app/gallery": ["app/app-layout.tsx", "app/app-shell.tsx", "routes/gallery.tsx"],
  "/app/video": ["app/app-layout.tsx", "app/app-shell.tsx", "routes/video.tsx"],
  "/app/credits": ["app/app-layout.tsx", "app/app-shell.tsx", "routes/credits.tsx"],
  "/app/pricing": ["app/app-layout.tsx", "app/app-shell.tsx", "routes/pricing.tsx"],
};
export const appScreens = Object.entries(appScreenModules).map(([path, modules]) => ({
  path,
  modules: ["boot.tsx", ...modules],
  namespaces: namespacesFor(path),
}));
export const prerenderLanguages = languages;

export async function render(path: string, language: Language): Promise<{ html: string; title: string; description: string }> {
  const meta = routeMeta[path];
  if (!meta) throw new Error(`no route meta for ${path}`);
  const i18n = await createI18n(language);
  await i18n.loadNamespaces(meta.namespaces);
  const store = createStore();
  store.set(authAtom, { status: "unauthenticated", user: null });
  const { prelude } = await prerender(
    <Root i18n={i18n} config={configTokens} store={store} router={(routes) => <StaticRouter location={path}>{routes}</StaticRouter>} />,
  );
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
  const vars = { supportEmail: configTokens.supportEmail };
  // Legal titles are bare document names; the brand is appended as the pages themselves do.
  const title = meta.title.startsWith("legal:") ? `${i18n.t(meta.title)} — Thumbforge` : i18n.t(meta.title);
  return { html, title, description: i18n.t(meta.description, vars) };
}

/**
 * A signed-in screen's header and loading state as they look before the server has said who the user is: the same
 * for everyone, so the server can put it in the page it sends (server/web/page-variants.ts) and it paints before
 * any script runs; React replaces it on its first render.
 */
export async function renderAppShell(path: string, language: Language): Promise<string> {
  const i18n = await createI18n(language);
  await i18n.loadNamespaces(["common", "app"]);
  const { prelude } = await prerender(
    <I18nextProvider i18n={i18n}>
      <StaticRouter location={path}>
        <ShellPending />
      </StaticRouter>
    </I18nextProvider>,
  );
  return new Response(prelude as ReadableStream<Uint8Array>).text();
}
