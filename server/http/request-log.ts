import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger } from "../logger.ts";
import { runInContext } from "../request-context.ts";

declare module "node:http" {
  interface IncomingMessage {
    /** This request's logger, bound to its id (`requestId`), method and URL. */
    log: Logger;
  }
}

/**
 * An id a proxy or client sent along is kept only when it looks like one: short, and nothing a log reader could
 * mistake for structure. Anything else is replaced, never echoed.
 */
const WELL_FORMED_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** A random id per request (unique across nodes, unlike a per-process counter), or the caller's when well formed. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && WELL_FORMED_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * `loggedUrl` is what a URL is logged as (a share link's token replaced by `:token`): a live secret never reaches the log.
 * One line per API call when it ends (errors at error, 4xx at warn), and `req.log` for handlers. Replaces pino-http,
 * which binds and redacts the whole request into a child logger on every request, logged or not: on the waitlist
 * hot path that cost more than the query itself. Here the child logger is made only when something logs.
 * The request runs inside its id's context, so the jobs it queues and the events it sends carry the id.
 */
export function requestLog(logger: Logger, options: { ignore: (url: string) => boolean; loggedUrl?: (url: string) => string }): RequestHandler {
  const loggedUrl = options.loggedUrl ?? ((url: string) => url);
  return (req, res, next) => {
    const id = requestIdFor(req.get("x-request-id"));
    res.setHeader("X-Request-Id", id);
    const context = () => ({ method: req.method, url: loggedUrl(req.originalUrl), remoteAddress: req.ip });
    let child: Logger | undefined;
    Object.defineProperty(req, "log", { configurable: true, get: () => (child ??= logger.child({ requestId: id, req: context() })) });
    if (!options.ignore(req.url)) {
      const started = performance.now();
      res.once("finish", () => {
        // 503 is an outage someone already logged (a database that went away), not a bug in this request.
        const level = res.statusCode >= 500 && res.statusCode !== 503 ? "error" : res.statusCode >= 400 ? "warn" : "info";
        if (!logger.isLevelEnabled(level)) return;
        const responseTime = Math.round(performance.now() - started);
        logger[level]({ requestId: id, req: context(), res: { statusCode: res.statusCode }, responseTime }, "request completed");
      });
    }
    runInContext({ requestId: id }, next);
  };
}
