// After `vite build` and `vite build --ssr web/prerender.tsx`: writes dist/web/prerendered/<language>/<page>.html,
// the built index.html with the page's markup, title, description and `<html lang>` in that language, so a visitor
// reads their own language from the first paint (the server picks the variant, server/web/page-language.ts).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const webDir = join(root, "dist/web");
const entry = pathToFileURL(join(root, "dist/prerender/prerender.js")).href;
const { render, renderAppShell, prerenderPaths, prerenderLanguages, appScreens } = (await import(entry)) as {
  render(path: string, language: string): Promise<{ html: string; title: string; description: string }>;
  renderAppShell(path: string, language: string): Promise<string>;
  prerenderPaths: string[];
  prerenderLanguages: readonly string[];
  appScreens: { path: string; modules: string[]; namespaces: string[] }[];
};

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

export function prerenderedFileName(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}.html`;
}

const template = readFileSync(join(webDir, "index.html"), "utf8");
for (const language of prerenderLanguages) {
  mkdirSync(join(webDir, "prerendered", language), { recursive: true });
  for (const path of prerenderPaths) {
    const page = await render(path, language);
    const html = template
      .replace('<html lang="en">', `<html lang="${language}">`)
      .replace(/<title>.*?<\/title>/s, `<title>${escapeHtml(page.title)}</title>`)
      .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(page.description)}"`)
      .replace(/<meta property="og:title" content="[^"]*"/, `<meta property="og:title" content="${escapeHtml(page.title)}"`)
      .replace(/<meta property="og:description" content="[^"]*"/, `<meta property="og:description" content="${escapeHtml(page.description)}"`)
      .replace('<div id="root"></div>', `<div id="root" data-prerendered="${language}">${page.html}</div>`);
    writeFileSync(join(webDir, "prerendered", language, prerenderedFileName(path)), html);
  }
}
console.log(`Prerendered ${prerenderPaths.length} pages in ${prerenderLanguages.length} languages.`);

// Without preloads a signed-in screen's chunks arrive one level of imports at a time (the entry, React, the layout,
// the screen, its words), each level a round trip and a parse. The server puts these links in the page it sends for
// each screen and language (server/web/page-variants.ts), so they are all fetched at once.
type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
const manifest = JSON.parse(readFileSync(join(webDir, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
function chunkFiles(keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    // The entry is the page's own script tag already.
    if (!chunk || chunk.isEntry || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest: update appScreens in web/prerender.tsx`);
    visit(key);
  }
  return [...files];
}
const preloads = Object.fromEntries(
  appScreens.map(({ path, modules, namespaces }) => [
    path,
    Object.fromEntries(prerenderLanguages.map((language) => [language, chunkFiles([...modules, ...namespaces.map((ns) => `locales/${language}/${ns}.json`)])])),
  ]),
);
writeFileSync(join(webDir, "preloads.json"), `${JSON.stringify(preloads)}\n`);

// The signed-in screens' header and loading state, the same for every user, which the server puts in each screen's
// page (server/web/page-variants.ts, appShellFileName) so it paints before React has loaded.
for (const language of prerenderLanguages) {
  mkdirSync(join(webDir, "app-shells", language), { recursive: true });
  for (const { path } of appScreens) {
    if (!path.startsWith("/app")) continue;
    writeFileSync(join(webDir, "app-shells", language, `${encodeURIComponent(path)}.html`), await renderAppShell(path, language));
  }
}
