import type { Server as HttpServer } from "node:http";
import express, { Router } from "express";
import { type CachedCheck, createCachedCheck } from "../health/cached-check.ts";
import { healthRoutes } from "../health/routes.ts";
import { apiNotFound, errorHandler } from "../http/error-handler.ts";
import { createHttpServer } from "../http/http-server.ts";
import { metricsRoutes } from "../metrics/routes.ts";
import type { Services } from "./services.ts";

/**
 * What operators call on every node: liveness, readiness and metrics. Probes come often and need no body parsing,
 * session or log line, so each door mounts these before any of that. `reachability` is the one database check a
 * second at most, shared by readiness and (on a web node) the database gate.
 */
export function operatorRoutes(services: Services): { router: Router; reachability: CachedCheck } {
  const { config, database, clock } = services;
  const reachability = createCachedCheck(() => database.ping(), { ttlMs: 1000, clock });
  const router = Router();
  router.use(healthRoutes({ database, reachability, version: config.version, startedAt: clock(), clock }));
  // For operators (this machine, or METRICS_TOKEN); everyone else meets the 404 of any unknown path.
  router.use(metricsRoutes({ metrics: services.metrics, token: config.metricsToken }));
  return { router, reachability };
}

export interface ProbeDoor {
  http: HttpServer;
  close(): Promise<void>;
}

/** A worker's only door: liveness, readiness and metrics for whoever runs it. It serves no site, API or sockets. */
export function createProbeHttp(services: Services): ProbeDoor {
  const app = express();
  app.disable("x-powered-by");
  app.use(operatorRoutes(services).router);
  app.use(apiNotFound);
  app.use(errorHandler);
  const http = createHttpServer(app, services.config.http);
  return {
    http,
    close: () =>
      new Promise<void>((resolve) => {
        if (!http.listening) return resolve();
        http.close(() => resolve());
        http.closeIdleConnections();
      }),
  };
}
