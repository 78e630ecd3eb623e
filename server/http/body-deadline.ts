import type { IncomingMessage } from "node:http";
import type { RequestHandler } from "express";

export const hasBody = (req: Pick<IncomingMessage, "headers">): boolean =>
  req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0");

/**
 * Whether a request goes to one of `paths` as Express routes it: case-insensitive, a trailing slash allowed, so
 * `/API/Upload-Temp-Image/` is the upload route too. A path ending in `/*` takes every path below it (a tus upload's
 * own URL, `/api/videos/uploads/<id>`).
 */
export function pathMatcher(paths: readonly string[]): (req: { path: string }) => boolean {
  const set = new Set(paths.filter((p) => !p.endsWith("/*")).map((p) => p.toLowerCase()));
  const prefixes = paths.filter((p) => p.endsWith("/*")).map((p) => p.slice(0, -1).toLowerCase());
  return (req) => {
    const path = req.path.toLowerCase().replace(/\/+$/, "");
    return set.has(path) || prefixes.some((prefix) => path.startsWith(prefix) && path.length > prefix.length);
  };
}

/**
 * A request's body must arrive within `bodyTimeoutMs` of its headers (`uploadTimeoutMs` on the upload paths, so a
 * 20 MB photo on a slow line still makes it). Node's own `requestTimeout` is one number for every route, so it is
 * set to the upload's and this shortens it everywhere else: a client trickling a body byte by byte cannot hold a
 * connection for the upload's ten minutes on a route that takes 100 kB of JSON. Past the deadline the answer is
 * Node's own, a 408 with the connection closed.
 */
export function bodyDeadline(options: { bodyTimeoutMs: number; uploadTimeoutMs: number; uploadPaths: readonly string[] }): RequestHandler {
  const isUpload = pathMatcher(options.uploadPaths);
  return (req, res, next) => {
    if (req.complete || !hasBody(req)) return next();
    const ms = isUpload(req) ? options.uploadTimeoutMs : options.bodyTimeoutMs;
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      res.status(408).set("Connection", "close").end(() => req.socket.destroy());
    }, ms);
    timer.unref();
    res.once("close", () => clearTimeout(timer));
    next();
  };
}
