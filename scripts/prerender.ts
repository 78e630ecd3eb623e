// After `vite build` and `vite build --ssr web/prerender.tsx`: writes dist/web/prerendered/<page>.html, the
// built index.html with the page's markup, title and description already in it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const webDir = join(root, "dist/web");
const entry = pathToFileURL(join(root, "dist/prerender/prerender.js")).href;
const { render, prerenderPaths } = (await import(entry)) as {
  render(path: string): Promise<{ html: string; title: string; description: string }>;
  prerenderPaths: string[];
};

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

export function prerenderedFileName(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}.html`;
}

const template = readFileSync(join(webDir, "index.html"), "utf8");
mkdirSync(join(webDir, "prerendered"), { recursive: true });
for (const path of prerenderPaths) {
  const page = await render(path);
  const html = template
    .replace(/<title>.*?<\/title>/s, `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${escapeHtml(page.description)}"`)
    .replace(/<meta property="og:title" content="[^"]*"/, `<meta property="og:title" content="${escapeHtml(page.title)}"`)
    .replace(/<meta property="og:description" content="[^"]*"/, `<meta property="og:description" content="${escapeHtml(page.description)}"`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="en">${page.html}</div>`);
  writeFileSync(join(webDir, "prerendered", prerenderedFileName(path)), html);
}
console.log(`Prerendered ${prerenderPaths.length} pages.`);
