import { createServer, type Server as HttpServer } from "node:http";
import { fileURLToPath } from "node:url";
import express, { type Express } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { Server as SocketServer } from "socket.io";
import type { OpenDb } from "../db/open-db.ts";
import type { Config } from "./config.ts";
import { healthRoutes } from "./health/routes.ts";
import { apiNotFound, errorHandler } from "./http/error-handler.ts";
import type { Logger } from "./logger.ts";
import { createRateLimiter } from "./rate-limit/service.ts";
import { createRateLimitStore } from "./rate-limit/store.ts";
import { createSocketServer } from "./realtime/socket-server.ts";
import { waitlistRoutes } from "./waitlist/routes.ts";
import { createWaitlistService } from "./waitlist/service.ts";
import { createWaitlistStore } from "./waitlist/store.ts";
import { spaRoutes } from "./web/spa.ts";

export interface AppDeps {
  config: Config;
  database: OpenDb;
  logger: Logger;
  /** Where the built SPA lives; defaults to dist/web beside the project. */
  webDir?: string;
  clock?: () => number;
}

export interface App {
  app: Express;
  http: HttpServer;
  io: SocketServer;
}

const defaultWebDir = fileURLToPath(new URL("../dist/web", import.meta.url));

/** Builds the whole server from its parts; nothing here reads the environment or opens connections. */
export function createApp(deps: AppDeps): App {
  const { config, database, logger } = deps;
  const clock = deps.clock ?? Date.now;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);

  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", "blob:"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: config.isProduction,
      crossOriginEmbedderPolicy: false,
    }),
  );

  app.use(
    pinoHttp({
      logger,
      // Health probes and static files would drown the log; API calls are what an operator reads.
      autoLogging: { ignore: (req) => !req.url?.startsWith("/api/") || req.url.startsWith("/api/health") },
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info"),
    }),
  );

  app.use("/api", express.json({ limit: config.jsonBodyLimit }));

  const db = database.db;
  const rateLimiter = createRateLimiter({ store: createRateLimitStore(db), clock });

  app.use(healthRoutes({ database, version: config.version, startedAt: clock() }));
  app.use(
    waitlistRoutes({
      service: createWaitlistService({ store: createWaitlistStore(db), logger }),
      rateLimiter,
      perIpRule: { name: "waitlist-ip", limit: config.waitlistLimitPerIp, windowMs: 10 * 60_000 },
    }),
  );

  app.use("/api", apiNotFound);
  app.use(
    spaRoutes({
      webDir: deps.webDir ?? defaultWebDir,
      publicUrl: config.publicUrl,
      publicConfig: {
        discordInviteUrl: config.discordInviteUrl,
        supportEmail: config.supportEmail,
        feedbackUrl: config.feedbackUrl,
        version: config.version,
      },
    }),
  );
  app.use(errorHandler);

  const http = createServer(app);
  const io = createSocketServer(http);
  return { app, http, io };
}
