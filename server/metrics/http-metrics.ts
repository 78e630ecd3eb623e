import type { Request, RequestHandler } from "express";
import type { Metrics } from "./metrics.ts";

/**
 * The route a request is counted under: the Express pattern that answered it (`/api/images/:id/:variant`), never its
 * URL, so ids and query strings cannot grow the series without bound. API paths no route took are `unmatched`;
 * other paths no route took (the web app's static files) are `spa`.
 */
export function routeLabel(req: Pick<Request, "route" | "baseUrl" | "originalUrl">): string {
  const pattern: unknown = req.route?.path;
  if (typeof pattern === "string") return `${req.baseUrl}${pattern}`;
  return req.originalUrl === "/api" || req.originalUrl.startsWith("/api/") || req.originalUrl.startsWith("/api?") ? "unmatched" : "spa";
}

/** Times every response into `http_request_duration_seconds`; mounted first, so it sees what any later part answers. */
export function httpMetrics(metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once("finish", () => {
      metrics.httpRequestDuration.observe({ method: req.method, route: routeLabel(req), status_code: String(res.statusCode) }, (performance.now() - started) / 1000);
    });
    next();
  };
}

/**
 * Times answers given outside Express under one route label; each method and status's series is looked up once, not
 * hashed from its labels on every answer.
 */
export function fixedRouteTimer(metrics: Metrics, route: string): (method: string, status: number, seconds: number) => void {
  const series = new Map<string, ReturnType<Metrics["httpRequestDuration"]["labels"]>>();
  return (method, status, seconds) => {
    const key = `${method} ${status}`;
    let one = series.get(key);
    if (!one) series.set(key, (one = metrics.httpRequestDuration.labels({ method, route, status_code: String(status) })));
    one.observe(seconds);
  };
}
