import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from "node:http";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { clientRoutes, isClientRoute } from "../../contract/client-routes.ts";
import { defaultLanguage, isLanguage, type Language, languages } from "../../contract/languages.ts";
import { PUBLIC_CONFIG_META, PUBLIC_CONFIG_TOKENS, type PublicConfig } from "../../contract/public-config.ts";
import { type Encoding, encodings } from "./negotiate.ts";
import { LANGUAGE_VARY, withHtmlLang } from "./page-language.ts";

/** One page in one language: its bytes in every coding, and the headers each answer carries. */
export interface PageVariant {
  /** Weak: the codings of one variant are the same page, so a 304 holds whichever the cache keeps. */
  etag: string;
  bodies: Record<Encoding, Buffer>;
  /** Content type, length and coding, validator, caching and Vary, per coding. */
  headers: Record<Encoding, OutgoingHttpHeaders>;
  /** What a 304 repeats (RFC 9110 §15.4.5): validator, caching and Vary. */
  notModified: OutgoingHttpHeaders;
}

export interface PublicPages {
  /** Exact paths the web app has a page for (no parameters), each in every language; the door serves these. */
  exact: ReadonlyMap<string, Record<Language, PageVariant>>;
  /** Any path: its page (prerendered, else the shell) and status; a path the web app does not know gets the 404 card. */
  lookup(path: string, language: Language): { page: PageVariant; status: 200 | 404 };
}

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

/**
 * Brotli at quality 5: a page is a few kB either way (well inside the first round trip), and quality 11 would take
 * ~20× longer at every start for ~10% fewer bytes (decision 006).
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };

function variantOf(html: string): PageVariant {
  const identity = Buffer.from(html);
  const bodies: Record<Encoding, Buffer> = { identity, gzip: gzipSync(identity, { level: 9 }), br: brotliCompressSync(identity, BROTLI) };
  const etag = `W/"${createHash("sha1").update(identity).digest("base64url")}"`;
  const notModified = { "cache-control": "no-cache", etag, vary: `Accept-Encoding, ${LANGUAGE_VARY}` };
  const headers = Object.fromEntries(
    encodings.map((encoding) => [
      encoding,
      {
        "content-type": "text/html; charset=utf-8",
        "content-length": bodies[encoding].length,
        ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
        ...notModified,
      },
    ]),
  ) as Record<Encoding, OutgoingHttpHeaders>;
  return { etag, bodies, headers, notModified };
}

/** A build's chunk, the only thing a preload link may name. */
const CHUNK = /^\/assets\/[\w.-]+\.js$/;

/**
 * The chunks each signed-in screen needs before its first paint, per language, as the build lists them
 * (scripts/prerender.ts writes preloads.json); none when the build has no list.
 */
function loadPreloads(webDir: string): Map<string, Partial<Record<Language, string[]>>> {
  const file = join(webDir, "preloads.json");
  const preloads = new Map<string, Partial<Record<Language, string[]>>>();
  if (!existsSync(file)) return preloads;
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (typeof parsed !== "object" || parsed === null) return preloads;
  for (const [path, byLanguage] of Object.entries(parsed)) {
    if (typeof byLanguage !== "object" || byLanguage === null) continue;
    const lists: Partial<Record<Language, string[]>> = {};
    for (const [language, files] of Object.entries(byLanguage as Record<string, unknown>)) {
      if (isLanguage(language) && Array.isArray(files)) lists[language] = files.filter((f): f is string => typeof f === "string" && CHUNK.test(f));
    }
    preloads.set(path, lists);
  }
  return preloads;
}

/** The shell with its screen's chunks fetched at once instead of one level of imports at a time. */
function withPreloads(html: string, files: readonly string[] | undefined): string {
  if (!files?.length) return html;
  return html.replace("</head>", `${files.map((file) => `<link rel="modulepreload" href="${file}">`).join("")}</head>`);
}

/**
 * A signed-in screen's header and loading state in a language, as the build rendered it (scripts/prerender.ts), put
 * in the page's empty root so it paints before any script runs; React's first render replaces it. Marked so the
 * entry script can take it away at once for a visitor who is not signed in.
 */
function withAppShell(html: string, webDir: string, path: string, language: Language): string {
  const file = join(webDir, "app-shells", language, `${encodeURIComponent(path)}.html`);
  if (!existsSync(file)) return html;
  return html.replace('<div id="root"></div>', () => `<div id="root" data-app-shell="">${readFileSync(file, "utf8")}</div>`);
}

/**
 * Every page of the web app in every language and coding, made once at start (the pages are fixed for the life of
 * the process): a request only chooses one. Undefined when the web app is not built.
 */
export function loadPublicPages(webDir: string, config: PublicConfig): PublicPages | undefined {
  const indexPath = join(webDir, "index.html");
  if (!existsSync(indexPath)) return undefined;
  const indexHtml = renderIndexHtml(readFileSync(indexPath, "utf8"), config);
  // The plain shell with `<html lang>` set, which React starts in (server/web/page-language.ts).
  const shell = Object.fromEntries(languages.map((language) => [language, variantOf(withHtmlLang(indexHtml, language))])) as Record<Language, PageVariant>;
  const prerendered = new Map<string, Record<Language, PageVariant>>();
  for (const [path, byLanguage] of loadPrerendered(webDir, config)) {
    const made = new Map([...byLanguage].map(([language, html]) => [language, variantOf(html)]));
    // A page not prerendered in a language falls back to its English markup, else to the shell.
    const fallback = (language: Language) => made.get(language) ?? made.get(defaultLanguage) ?? shell[language];
    prerendered.set(path, Object.fromEntries(languages.map((language) => [language, fallback(language)])) as Record<Language, PageVariant>);
  }
  // Signed-in screens (never prerendered): the shell, with the screen's chunks preloaded.
  for (const [path, lists] of loadPreloads(webDir)) {
    if (prerendered.has(path) || !isClientRoute(path)) continue;
    const screen = languages.map((language) => [
      language,
      variantOf(withAppShell(withPreloads(withHtmlLang(indexHtml, language), lists[language]), webDir, path, language)),
    ]);
    prerendered.set(path, Object.fromEntries(screen) as Record<Language, PageVariant>);
  }
  const exact = new Map<string, Record<Language, PageVariant>>();
  for (const path of Object.values(clientRoutes)) {
    if (!path.includes(":")) exact.set(path, prerendered.get(path) ?? shell);
  }
  return {
    exact,
    lookup(path, language) {
      // A path the web app has no page for gets the shell, which shows the 404 card, with status 404.
      if (!isClientRoute(path)) return { page: shell[language], status: 404 };
      return { page: (prerendered.get(path) ?? shell)[language], status: 200 };
    },
  };
}

/** If-None-Match against the page's validator, compared weakly (RFC 9110 §13.1.2), as Express's `req.fresh` does. */
export function isNotModified(headers: IncomingHttpHeaders, page: PageVariant): boolean {
  const ifNoneMatch = headers["if-none-match"];
  if (!ifNoneMatch) return false;
  // A client asking for an end-to-end reload gets the page.
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers["cache-control"] ?? "")) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = page.etag.slice(2);
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return (trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed) === opaque;
  });
}
