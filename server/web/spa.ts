import { join } from "node:path";
import compression from "compression";
import express, { Router } from "express";
import { AppError } from "../errors/app-error.ts";
import { memoized, preferredEncoding } from "./negotiate.ts";
import { pageLanguage } from "./page-language.ts";
import { isNotModified, type PublicPages } from "./page-variants.ts";

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
 * non-API path so client routes (and the 404 card) work on reload. The pages go out in the coding made at start
 * (server/web/page-variants.ts); on-the-fly compression is for the other static files only: streaming API answers
 * must never pass through it (it buffers them). The web app's exact page paths usually never get here: the page door
 * (server/web/page-door.ts) answers them before Express.
 */
export function spaRoutes(deps: { webDir: string; pages: PublicPages | undefined; publicUrl: string | undefined }): Router {
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

  const pages = deps.pages;
  if (!pages) {
    router.get("/{*splat}", (req, res, next) => {
      if (req.path.startsWith("/api/")) return next();
      res
        .status(503)
        .type("text/plain")
        .send("The web app is not built yet. Run `npm run build` (npm start does it for you).\n");
    });
    return router;
  }

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
  const encodingFor = memoized(preferredEncoding);
  router.get("/{*splat}", (req, res, next) => {
    if (req.path.startsWith("/api/") || req.path === "/api") return next();
    // Every page comes in each language, chosen before the first paint (server/web/page-language.ts).
    const { page, status } = pages.lookup(req.path, pageLanguage(req.headers));
    if (status === 200 && isNotModified(req.headers, page)) {
      res.status(304).set(page.notModified).end();
      return;
    }
    const encoding = encodingFor(req.headers["accept-encoding"]);
    res.status(status).set(page.headers[encoding]).end(page.bodies[encoding]);
  });
  return router;
}
