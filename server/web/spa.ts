import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import compression from "compression";
import express, { Router } from "express";
import { AppError } from "../errors/app-error.ts";
import { isClientRoute } from "../../contract/client-routes.ts";
import { isLanguage, type Language, languages } from "../../contract/languages.ts";
import { PUBLIC_CONFIG_META, PUBLIC_CONFIG_TOKENS, type PublicConfig } from "../../contract/public-config.ts";
import { LANGUAGE_VARY, pageLanguage, withHtmlLang } from "./page-language.ts";

function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

/**
 * An HTML page with the public config written into a meta tag (so the page needs no inline script) and, in
 * prerendered markup, the build's placeholders replaced by the configured values.
 */
export function renderIndexHtml(template: string, config: PublicConfig): string {
  const meta = `<meta name="${PUBLIC_CONFIG_META}" content="${escapeAttribute(JSON.stringify(config))}">`;
  let html = template.replace("</head>", `${meta}</head>`);
  for (const [key, token] of Object.entries(PUBLIC_CONFIG_TOKENS)) {
    html = html.replaceAll(token, escapeAttribute(config[key as keyof typeof PUBLIC_CONFIG_TOKENS]));
  }
  return html;
}

/**
 * Prerendered public pages by path and language (scripts/prerender.ts writes prerendered/<language>/<page>.html);
 * other paths get the plain shell.
 */
function loadPrerendered(webDir: string, config: PublicConfig): Map<string, Map<Language, string>> {
  const pages = new Map<string, Map<Language, string>>();
  const root = join(webDir, "prerendered");
  if (!existsSync(root)) return pages;
  for (const language of readdirSync(root)) {
    if (!isLanguage(language)) continue;
    for (const file of readdirSync(join(root, language))) {
      if (!file.endsWith(".html")) continue;
      const path = file === "index.html" ? "/" : `/${file.slice(0, -".html".length)}`;
      const variants = pages.get(path) ?? new Map<Language, string>();
      variants.set(language, renderIndexHtml(readFileSync(join(root, language, file), "utf8"), config));
      pages.set(path, variants);
    }
  }
  return pages;
}

/** Public pages worth indexing; the app behind sign-in is not. */
export const sitemapPaths = ["/", "/landing", "/terms-of-service", "/privacy-policy", "/refund-policy"];

export function sitemapXml(origin: string): string {
  const urls = sitemapPaths.map((path) => `  <url><loc>${new URL(path, origin).href}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** The Sitemap line needs an absolute URL, so it is there only when PUBLIC_URL gives the origin. */
export function robotsTxt(publicUrl: string | undefined): string {
  const lines = ["User-agent: *", "Allow: /", "Disallow: /api/", "Disallow: /dev/", "Disallow: /app"];
  if (publicUrl) lines.push(`Sitemap: ${new URL("/sitemap.xml", publicUrl).href}`);
  return `${lines.join("\n")}\n`;
}

/**
 * Serves the built SPA: hashed assets cached forever, everything else revalidated, and index.html for any
 * non-API path so client routes (and the 404 card) work on reload. Compression lives here only: streaming
 * API answers must never pass through it (it buffers them).
 */
export function spaRoutes(deps: { webDir: string; publicConfig: PublicConfig; publicUrl: string | undefined }): Router {
  const router = Router();
  // Absolute URLs come from PUBLIC_URL only: these answers are cached publicly, so one built from a request's Host
  // would let anyone plant their own origin in a shared cache. Without PUBLIC_URL there is no sitemap (it must
  // list absolute URLs) and robots.txt has no Sitemap line.
  const robots = robotsTxt(deps.publicUrl);
  router.get("/robots.txt", (_req, res) => {
    res.type("text/plain").set("Cache-Control", "public, max-age=3600").send(robots);
  });

  const sitemap = deps.publicUrl ? sitemapXml(deps.publicUrl) : undefined;
  router.get("/sitemap.xml", (_req, res, next) => {
    if (!sitemap) return next(new AppError("not_found:sitemap", "There is no sitemap on this server."));
    res.type("application/xml").set("Cache-Control", "public, max-age=3600").send(sitemap);
  });

  const indexPath = join(deps.webDir, "index.html");
  if (!existsSync(indexPath)) {
    router.get("/{*splat}", (req, res, next) => {
      if (req.path.startsWith("/api/")) return next();
      res
        .status(503)
        .type("text/plain")
        .send("The web app is not built yet. Run `npm run build` (npm start does it for you).\n");
    });
    return router;
  }

  const indexHtml = renderIndexHtml(readFileSync(indexPath, "utf8"), deps.publicConfig);
  const prerendered = loadPrerendered(deps.webDir, deps.publicConfig);
  const staticCompression = compression();
  router.use(
    "/assets",
    staticCompression,
    express.static(join(deps.webDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      fallthrough: false,
    }),
  );
  router.use(
    staticCompression,
    express.static(deps.webDir, { index: false, redirect: false, maxAge: "1h", setHeaders: (res) => res.setHeader("Vary", "Accept-Encoding") }),
  );
  // The pages are fixed for the life of the process: tag each once instead of hashing it on every request
  // (Express's own ETags are off, server/app.ts).
  const tagged = (html: string) => ({ html, etag: `W/"${createHash("sha1").update(html).digest("base64url")}"` });
  // Every page comes in each language, chosen before the first paint (server/web/page-language.ts): a
  // prerendered public page in its own words, the plain shell with `<html lang>` set for React to start in.
  const index = new Map(languages.map((language) => [language, tagged(withHtmlLang(indexHtml, language))]));
  const pages = new Map(
    [...prerendered].map(([path, variants]) => [path, new Map([...variants].map(([language, html]) => [language, tagged(html)]))]),
  );
  router.get("/{*splat}", staticCompression, (req, res, next) => {
    if (req.path.startsWith("/api/") || req.path === "/api") return next();
    const language = pageLanguage(req);
    // A path the web app has no page for gets the shell, which shows the 404 card, with status 404.
    const known = isClientRoute(req.path);
    const variants = known ? pages.get(req.path) : undefined;
    const page = variants?.get(language) ?? variants?.get("en") ?? index.get(language);
    if (!page) return next();
    res
      .status(known ? 200 : 404)
      .type("html")
      .set({ "Cache-Control": "no-cache", ETag: page.etag, Vary: `Accept-Encoding, ${LANGUAGE_VARY}` });
    if (known && req.fresh) res.status(304).end();
    else res.send(page.html);
  });
  return router;
}
