import { createServer, type RequestListener, type Server } from "node:http";
import type { Config } from "../config.ts";

/**
 * Node's HTTP server with the timeouts of `config.http`. Node's `requestTimeout` is one number for every route, so it
 * is the upload's (after the headers) and `bodyDeadline` shortens it for the others. Node checks both timeouts on
 * a timer (30 s by default): once a second, so a half-sent request goes within a second of its deadline.
 */
export function createHttpServer(app: RequestListener, limits: Config["http"]): Server {
  return createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.headersTimeoutMs + limits.uploadTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: 1000,
    },
    app,
  );
}
