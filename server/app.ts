import { createServer, type Server as HttpServer } from "node:http";
import { fileURLToPath } from "node:url";
import express, { type Express } from "express";
import helmet from "helmet";
import type { OpenDb } from "../db/open-db.ts";
import { createAuthMiddleware } from "./auth/middleware.ts";
import { authRoutes } from "./auth/routes.ts";
import { createAuthService } from "./auth/service.ts";
import { createSessionStore } from "./auth/session-store.ts";
import { createSessions } from "./auth/sessions.ts";
import { createAuthStore } from "./auth/store.ts";
import type { Config } from "./config.ts";
import { createCreditsService } from "./credits/service.ts";
import { createCachedCheck } from "./health/cached-check.ts";
import { databaseGate, databaseGateObserver } from "./health/database-gate.ts";
import { healthRoutes } from "./health/routes.ts";
import { creditsRoutes } from "./credits/routes.ts";
import type { ImageEngine } from "./images/engine.ts";
import { createStudioEngine } from "./images/engines/studio.ts";
import { createGenerationService, type EngineSet } from "./images/generation-service.ts";
import { createJobWorker, type JobSettings, type JobWorker } from "./images/job-worker.ts";
import { createProviderEngines } from "./images/providers/provider-engines.ts";
import { createModelRegistry } from "./images/registry.ts";
import { imageRoutes } from "./images/routes.ts";
import { createImageService } from "./images/service.ts";
import { createImageStore } from "./images/store.ts";
import { createPersonaService } from "./personas/service.ts";
import { createPersonaStore } from "./personas/store.ts";
import { createLocalDiskStorage } from "./storage/local-disk.ts";
import type { Storage } from "./storage/storage.ts";
import { startHousekeeping } from "./housekeeping.ts";
import { apiNotFound, errorHandler } from "./http/error-handler.ts";
import { rejectMalformedHost } from "./http/host-header.ts";
import { requestLog } from "./http/request-log.ts";
import type { Logger } from "./logger.ts";
import { createDevMailbox, createSmtpMailer, type Mailer } from "./mail/mailer.ts";
import { devMailboxRoutes } from "./mail/routes.ts";
import { createDevMailStore } from "./mail/store.ts";
import { createRateLimiter } from "./rate-limit/service.ts";
import { createRateLimitStore } from "./rate-limit/store.ts";
import { createRealtime, type SocketServer } from "./realtime/realtime.ts";
import { authenticateSockets } from "./realtime/socket-auth.ts";
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
  /** Key for one-time-code HMACs; start-server passes AUTH_SECRET or the one kept in DATA_DIR. */
  authSecret?: Uint8Array;
  /** Outgoing mail; by default SMTP when SMTP_URL is set, else the dev mailbox. */
  mailer?: Mailer;
  /** Image bytes; by default files under DATA_DIR/files. */
  storage?: Storage;
  /** Engines by model id; by default Studio plus every provider whose key is set. */
  engines?: EngineSet;
  /** Job timing overrides (tests shorten the lease). */
  jobSettings?: Partial<JobSettings>;
}

export interface App {
  app: Express;
  http: HttpServer;
  io: SocketServer;
  jobs: JobWorker;
  /** "dev-mailbox" when mail is kept for /dev/mailbox instead of sent. */
  mailKind: Mailer["kind"];
  /** Starts background work (jobs, housekeeping); call once the server listens. */
  startBackground(): Promise<void>;
  /** Stops background work; call before closing the database. */
  stopBackground(): Promise<void>;
}

const defaultWebDir = fileURLToPath(new URL("../dist/web", import.meta.url));

/** Builds the whole server from its parts; nothing here reads the environment or opens connections. */
export function createApp(deps: AppDeps): App {
  const { config, database, logger } = deps;
  const clock = deps.clock ?? Date.now;
  const app = express();
  const http = createServer(app);
  const io = createSocketServer(http);
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // No hashing of every API answer (the waitlist is the hot path); the HTML pages carry ETags made once
  // (server/web/spa.ts) and static files get theirs from express.static.
  app.set("etag", false);
  app.use(rejectMalformedHost);

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

  // Probes come often and need no body parsing, session or log line: answered before any of that runs.
  // One database check a second at most, shared by readiness probes and the gate below.
  const reachability = createCachedCheck(() => database.ping(), { ttlMs: 1000, clock });
  app.use(healthRoutes({ database, reachability, version: config.version, startedAt: clock(), clock }));

  // Health probes and static files would drown the log; API calls are what an operator reads.
  app.use(requestLog(logger, { ignore: (url) => !url.startsWith("/api/") || url.startsWith("/api/health") }));

  // A remote database can go away; the embedded one lives and dies with this process.
  if (database.kind === "postgres") app.use("/api", databaseGate(reachability));
  app.use("/api", express.json({ limit: config.jsonBodyLimit }));

  const db = database.db;
  const rateLimitStore = createRateLimitStore(database);
  const rateLimiter = createRateLimiter({ store: rateLimitStore, clock });

  const realtime = createRealtime(io);
  const sessions = createSessions({ store: createSessionStore(db), clock });
  const authMiddleware = createAuthMiddleware({ sessions, isProduction: config.isProduction, publicUrl: config.publicUrl });
  authenticateSockets(io, { sessions, cookieName: authMiddleware.cookieName, publicUrl: config.publicUrl });
  const devMailStore = createDevMailStore(db);
  const mailer =
    deps.mailer ??
    (config.smtpUrl
      ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom })
      : createDevMailbox({ store: devMailStore, logger, clock }));
  const credits = createCreditsService({ db, freeSignupCredits: config.freeSignupCredits, realtime });
  const storage = deps.storage ?? createLocalDiskStorage(config.filesDir);
  const engines = deps.engines ?? defaultEngines(config);
  const images = createImageService({ store: createImageStore(db), storage, logger, clock, rateLimiter, uploadLimits: config.uploads });
  const personas = createPersonaService({ store: createPersonaStore(db), storage });
  const jobs = createJobWorker({
    db,
    engines,
    images,
    personas,
    credits,
    realtime,
    logger,
    settings: { concurrency: config.jobs.concurrency, leaseMs: config.jobs.leaseMs, pollMs: 1000, soleProcess: database.kind === "pglite", ...deps.jobSettings },
  });
  const registry = createModelRegistry(config.imageProviders.keys);
  // Customers only read "not available"; the operator reads here which setting switches each model on.
  for (const model of registry.disabled()) logger.info({ model: model.id, enabledBy: model.settings }, `${model.label} is off: set ${model.settings.join(" or ")} to offer it`);
  const generation = createGenerationService({
    db,
    registry,
    engines,
    personas,
    images,
    credits,
    realtime,
    wakeWorker: jobs.wake,
  });
  app.use("/api", authMiddleware.sameOriginForCookies);

  app.use(
    waitlistRoutes({
      service: createWaitlistService({
        store: createWaitlistStore(database),
        rateLimiter,
        rule: { name: "waitlist-ip", limit: config.waitlistLimitPerIp, windowMs: 10 * 60_000 },
        clock,
        logger,
      }),
    }),
  );
  app.use(imageRoutes({ registry, auth: authMiddleware, images, generation, uploadTempDir: config.uploads.tempDir }));
  app.use(creditsRoutes({ service: credits, auth: authMiddleware }));

  app.use(
    authRoutes({
      service: createAuthService({
        store: createAuthStore(db),
        sessions,
        credits,
        mailer,
        rateLimiter,
        realtime,
        otpKey: deps.authSecret ?? authSecretBytes(config.authSecret),
        clock,
        logger,
        limits: { otpSendsPerIp: config.otpSendLimitPerIp, failuresPerIp: config.loginFailureLimitPerIp },
      }),
      auth: authMiddleware,
      isProduction: config.isProduction,
    }),
  );
  // The dev mailbox exists only where no real mail goes out, and never in production.
  if (!config.isProduction && mailer.kind === "dev-mailbox") app.use(devMailboxRoutes({ store: devMailStore }));

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
  if (database.kind === "postgres") app.use("/api", databaseGateObserver(reachability));
  app.use(errorHandler);

  http.once("close", () => mailer.close());
  let stopHousekeeping: (() => void) | undefined;
  return {
    app,
    http,
    io,
    jobs,
    mailKind: mailer.kind,
    async startBackground() {
      await jobs.start();
      stopHousekeeping = startHousekeeping({ images, rateLimits: rateLimitStore, logger, clock, uploadTempDir: config.uploads.tempDir });
    },
    async stopBackground() {
      stopHousekeeping?.();
      await jobs.stop();
    },
  };
}

/** Studio always; each provider model whose key is set (docs/product/images.md, Models). */
function defaultEngines(config: Config): EngineSet {
  return new Map<string, ImageEngine>([["studio", createStudioEngine()], ...createProviderEngines(config.imageProviders)]);
}

/** AUTH_SECRET when set; else a per-process key (tests), so codes never verify across restarts by accident. */
function authSecretBytes(secret: string | undefined): Uint8Array {
  if (secret) return new TextEncoder().encode(secret);
  const key = new Uint8Array(32);
  crypto.getRandomValues(key);
  return key;
}
