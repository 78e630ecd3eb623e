import type { RequestHandler } from "express";
import type { Logger } from "../logger.ts";

declare module "node:http" {
  interface IncomingMessage {
    /** This request's logger, bound to its id, method and URL. */
    log: Logger;
  }
}

/**
 * One line per API call when it ends (errors at error, 4xx at warn), and `req.log` for handlers. Replaces pino-http,
 * which binds and redacts the whole request into a child logger on every request, logged or not: on the waitlist
 * hot path that cost more than the query itself. Here the child logger is made only when something logs.
 */
export function requestLog(logger: Logger, options: { ignore: (url: string) => boolean }): RequestHandler {
  let lastId = 0;
  return (req, res, next) => {
    const id = ++lastId;
    const context = () => ({ id, method: req.method, url: req.originalUrl, remoteAddress: req.ip });
    let child: Logger | undefined;
    Object.defineProperty(req, "log", { configurable: true, get: () => (child ??= logger.child({ req: context() })) });
    if (options.ignore(req.url)) return next();
    const started = performance.now();
    res.once("finish", () => {
      // 503 is an outage someone already logged (a database that went away), not a bug in this request.
      const level = res.statusCode >= 500 && res.statusCode !== 503 ? "error" : res.statusCode >= 400 ? "warn" : "info";
      if (!logger.isLevelEnabled(level)) return;
      const responseTime = Math.round(performance.now() - started);
      logger[level]({ req: context(), res: { statusCode: res.statusCode }, responseTime }, "request completed");
    });
    next();
  };
}
