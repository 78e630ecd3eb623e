import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import type { Language } from "../../contract/languages.ts";
import { isAcceptableHost } from "../http/host-header.ts";
import { type Encoding, memoized, preferredEncoding } from "./negotiate.ts";
import { pageLanguage } from "./page-language.ts";
import { isNotModified, type PageVariant, type PublicPages } from "./page-variants.ts";

export interface PageDoorDeps {
  pages: PublicPages;
  /** The headers Express's security middleware sets on every answer, read once (server/http/security-headers.ts). */
  securityHeaders: Readonly<Record<string, string>>;
  /** Counts the answer as Express's metrics middleware would. */
  observe(method: string, status: number, seconds: number): void;
}

interface Prepared {
  page: PageVariant;
  headers: Record<Encoding, OutgoingHttpHeaders>;
  notModified: OutgoingHttpHeaders;
}

/**
 * Answers GET and HEAD for the web app's pages before Express sees the request: the page, its language and coding
 * are chosen from maps made at start, and the answer goes out with the same security headers. Request ids, the
 * request log, sessions and the API's routers have nothing to do for a static page. Returns false, leaving the request
 * to Express, for anything else: other methods and paths, a path spelt differently (`/Landing`, `/landing/`), or an
 * invalid Host (Express answers 400).
 */
export function createPageDoor(deps: PageDoorDeps): (req: IncomingMessage, res: ServerResponse) => boolean {
  const prepare = (page: PageVariant): Prepared => ({
    page,
    headers: Object.fromEntries(Object.entries(page.headers).map(([encoding, headers]) => [encoding, { ...deps.securityHeaders, ...headers }])) as Record<
      Encoding,
      OutgoingHttpHeaders
    >,
    notModified: { ...deps.securityHeaders, ...page.notModified },
  });
  const prepared = new Map<string, Record<Language, Prepared>>(
    [...deps.pages.exact].map(([path, byLanguage]) => [
      path,
      Object.fromEntries(Object.entries(byLanguage).map(([language, page]) => [language, prepare(page)])) as Record<Language, Prepared>,
    ]),
  );
  const encodingFor = memoized(preferredEncoding);

  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const byLanguage = prepared.get(query === -1 ? url : url.slice(0, query));
    if (!byLanguage) return false;
    if (!isAcceptableHost(req)) return false;
    const started = performance.now();
    const chosen = byLanguage[pageLanguage(req.headers)];
    if (isNotModified(req.headers, chosen.page)) {
      res.writeHead(304, chosen.notModified).end();
    } else {
      const encoding = encodingFor(req.headers["accept-encoding"]);
      // Node sends no body for HEAD.
      res.writeHead(200, chosen.headers[encoding]).end(chosen.page.bodies[encoding]);
    }
    deps.observe(req.method, res.statusCode, (performance.now() - started) / 1000);
    return true;
  };
}
