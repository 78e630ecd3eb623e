import type { Server as HttpServer } from "node:http";
import { fileURLToPath } from "node:url";
import express, { type Express } from "express";
import { PERSONA_UPLOAD_PATH } from "../../contract/personas.ts";
import { VIDEO_UPLOADS_PATH } from "../../contract/videos.ts";
import { createAuthMiddleware } from "../auth/middleware.ts";
import { authRoutes } from "../auth/routes.ts";
import { authenticateSockets } from "../auth/socket-auth.ts";
import { chatRoutes, conversationRoutes } from "../chat/routes.ts";
import { creditsRoutes } from "../credits/routes.ts";
import { generationRoutes } from "../generation/routes.ts";
import { databaseGate, databaseGateObserver } from "../health/database-gate.ts";
import { apiNotFound, errorHandler } from "../http/error-handler.ts";
import { bodyDeadline } from "../http/body-deadline.ts";
import { capConnectionsPerAddress, capRequestsPerClient } from "../http/connection-limits.ts";
import { refuseUndecodedEncoding } from "../http/content-encoding.ts";
import { rejectMalformedHost } from "../http/host-header.ts";
import { createHttpServer } from "../http/http-server.ts";
import { permissionsPolicy } from "../http/permissions-policy.ts";
import { headersSetBy, paymentFrameOrigins, securityHeaders } from "../http/security-headers.ts";
import { requestLog } from "../http/request-log.ts";
import { createSocketServer, hearOtherNodes, type SocketServer, socketDeliverer } from "../http/socket-server.ts";
import { editorRoutes } from "../editor/routes.ts";
import { feedCheckRoutes } from "../feed-check/routes.ts";
import { packRoutes } from "../images/pack-routes.ts";
import { comparisonRoutes } from "../comparisons/routes.ts";
import { communityPollRoutes } from "../community-polls/routes.ts";
import { imageRoutes } from "../images/routes.ts";
import { personaRoutes } from "../personas/routes.ts";
import { searchRoutes } from "../search/routes.ts";
import { styleKitRoutes } from "../style-kits/routes.ts";
import { devMailboxRoutes } from "../mail/routes.ts";
import { idempotencyMiddleware } from "../idempotency/middleware.ts";
import { fixedRouteTimer, httpMetrics } from "../metrics/http-metrics.ts";
import { openApiRoutes } from "../openapi/routes.ts";
import { paymentRoutes } from "../payments/routes.ts";
import type { CrossNodeRealtime } from "../realtime/cross-node.ts";
import { sharePrivacyHeaders, urlWithoutShareToken } from "../shares/public-paths.ts";
import { shareRoutes } from "../shares/routes.ts";
import { videoRoutes } from "../videos/routes.ts";
import { videoHeadlinesRoutes } from "../videos/headlines-routes.ts";
import { videoUploadRoutes } from "../videos/tus-routes.ts";
import { waitlistRoutes } from "../waitlist/routes.ts";
import { createPageDoor } from "../web/page-door.ts";
import { pageLanguage } from "../web/page-language.ts";
import { loadPublicPages } from "../web/page-variants.ts";
import { spaRoutes } from "../web/spa.ts";
import { operatorRoutes } from "./probe-http.ts";
import type { Services } from "./services.ts";

export interface HttpOptions {
  /** Where the built SPA lives; defaults to dist/web beside the project. */
  webDir?: string;
  /** Carries socket events between nodes; without it, sockets are this process's alone. */
  crossNode?: CrossNodeRealtime | undefined;
}

export interface HttpDoor {
  app: Express;
  http: HttpServer;
  io: SocketServer;
  /** Stops delivering realtime messages and closes every socket and the HTTP server. */
  close(): Promise<void>;
}

const defaultWebDir = fileURLToPath(new URL("../../dist/web", import.meta.url));
// The routes that take an upload's body: they alone get HTTP_UPLOAD_TIMEOUT_MS, and they decode no Content-Encoding.
const uploadPaths = ["/api/upload-temp-image", PERSONA_UPLOAD_PATH, VIDEO_UPLOADS_PATH, `${VIDEO_UPLOADS_PATH}/*`];

/**
 * The web door: Express routers and the Socket.IO server over the services. Each router parses its own body (JSON
 * where it takes JSON, a stream for uploads), so a streaming answer or a raw webhook body needs no exception here.
 */
export function createHttp(services: Services, options: HttpOptions = {}): HttpDoor {
  const { config, database, logger } = services;
  const app = express();
  const security = securityHeaders(config);
  const permissions = permissionsPolicy(paymentFrameOrigins(config));
  const publicConfig = { discordInviteUrl: config.discordInviteUrl, supportEmail: config.supportEmail, feedbackUrl: config.feedbackUrl, version: config.version };
  const webDir = options.webDir ?? defaultWebDir;
  const pages = loadPublicPages(webDir, publicConfig);
  // The web app's pages are answered before Express: a visitor's first request costs a map lookup (decision 006).
  const pageDoor = pages
    ? createPageDoor({
        pages,
        securityHeaders: { ...headersSetBy(security), ...headersSetBy(permissions) },
        // Under the label Express's catch-all gave them, so a dashboard's series carries on.
        observe: fixedRouteTimer(services.metrics, "/{*splat}"),
      })
    : undefined;
  const http = createHttpServer((req, res) => {
    if (!pageDoor?.(req, res)) app(req, res);
  }, config.http);
  const io = createSocketServer(http, options.crossNode);
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const refused = () => services.metrics.connectionRefused();
  // Without trusted proxies the peer is the client: its connections are capped as they arrive. Behind proxies the
  // peers are the proxies, so the cap counts each forwarded client's requests instead (below).
  if (config.trustProxy === 0) capConnectionsPerAddress(http, config.http.maxConnectionsPerIp, refused);
  // No hashing of every API answer (the waitlist is the hot path); the HTML pages carry ETags made once
  // (server/web/page-variants.ts) and static files get theirs from express.static.
  app.set("etag", false);
  // First, so every answer is timed, whichever part gives it.
  app.use(httpMetrics(services.metrics));
  app.use(rejectMalformedHost);
  app.use(bodyDeadline({ bodyTimeoutMs: config.http.bodyTimeoutMs, uploadTimeoutMs: config.http.uploadTimeoutMs, uploadPaths }));
  app.use(security);
  app.use(permissions);
  if (config.trustProxy > 0) app.use(capRequestsPerClient(config.http.maxConnectionsPerIp, refused));
  app.use(refuseUndecodedEncoding(uploadPaths));

  const operator = operatorRoutes(services);
  const { reachability } = operator;
  app.use(operator.router);
  // The API's description needs no database either.
  app.use(openApiRoutes({ version: config.version }));
  // This process's sockets: with a cross-node adapter each node counts its own.
  services.metrics.countSocketsWith(() => io.of("/").sockets.size);
  // Health probes and static files would drown the log; API calls are what an operator reads.
  // Before the log and the database gate, so even their answers to a share's path are private and not indexed.
  app.use(sharePrivacyHeaders);
  app.use(requestLog(logger, { ignore: (url) => !url.startsWith("/api/") || url.startsWith("/api/health"), loggedUrl: urlWithoutShareToken }));
  // A remote database can go away; the embedded one lives and dies with this process.
  if (database.kind === "postgres") app.use("/api", databaseGate(reachability));

  const auth = createAuthMiddleware({ sessions: services.sessions, isProduction: config.isProduction, publicUrl: config.publicUrl });
  authenticateSockets(io, { sessions: services.sessions, cookieName: auth.cookieName, publicUrl: config.publicUrl, logger });
  const stopDelivering = services.realtime.subscribe(socketDeliverer(io, options.crossNode !== undefined));
  if (options.crossNode) hearOtherNodes(io, services.realtime, options.crossNode);
  const jsonBody = express.json({ limit: config.jsonBodyLimit });
  // One guard for every paid or money-moving POST: the same Idempotency-Key and request is charged once.
  const idempotent = idempotencyMiddleware({ service: services.idempotency, userOf: async (req, res) => (await auth.resolve(req, res))?.user.id, logger });

  app.use("/api", auth.sameOriginForCookies);
  app.use(waitlistRoutes({ service: services.waitlist, jsonBody }));
  app.use(generationRoutes({ registry: services.registry, auth, generation: services.generation, jsonBody, idempotent }));
  // Before the image routes: their /api/images/:id/:variant would take /api/images/:id/layers (and /check, /fix).
  app.use(editorRoutes({ auth, editor: services.editor, exports: services.imageExports, idempotent }));
  app.use(feedCheckRoutes({ auth, feedCheck: services.feedCheck, jsonBody, idempotent }));
  app.use(imageRoutes({ auth, images: services.images, uploadTempDir: config.uploads.tempDir, jsonBody }));
  app.use(packRoutes({ auth, packs: services.packs }));
  app.use(comparisonRoutes({ auth, comparisons: services.comparisons, jsonBody, idempotent }));
  app.use(communityPollRoutes({ auth, polls: services.communityPolls, jsonBody, idempotent }));
  // Share pages (/s/:token) and their image bytes are answered here, before the web app's catch-all.
  app.use(
    shareRoutes({
      auth,
      shares: services.shares,
      jsonBody,
      isProduction: config.isProduction,
      publicUrl: config.publicUrl,
      shellHtml: (language) => pages?.lookup("/s/share", language).page.bodies.identity.toString("utf8"),
      languageOf: pageLanguage,
    }),
  );
  app.use(styleKitRoutes({ auth, styleKits: services.styleKits, jsonBody, idempotent }));
  app.use(personaRoutes({ auth, personas: services.personas, storage: services.storage, jsonBody, idempotent }));
  // The upload first: /api/videos/:id would take /api/videos/uploads.
  app.use(videoUploadRoutes({ auth, videos: services.videos, uploads: services.videoUploads, maxBytes: config.videos.maxBytes, logger }));
  app.use(videoRoutes({ auth, videos: services.videos, jsonBody }));
  app.use(videoHeadlinesRoutes({ auth, headlines: services.videoHeadlines, jsonBody }));
  app.use(creditsRoutes({ service: services.credits, auth }));
  app.use(paymentRoutes({ pricing: services.pricing, payments: services.payments, refunds: services.refunds, auth, jsonBody, idempotent }));
  app.use(conversationRoutes({ auth, chat: services.chat, jsonBody }));
  app.use(searchRoutes({ auth, search: services.search }));
  app.use(chatRoutes({ auth, turns: services.chatTurns, jsonBody }));
  app.use(authRoutes({ service: services.auth, auth, isProduction: config.isProduction, jsonBody }));
  // The dev mailbox exists only where no real mail goes out, and never in production.
  if (!config.isProduction && services.mailer.kind === "dev-mailbox") app.use(devMailboxRoutes({ store: services.devMailStore }));

  app.use("/api", apiNotFound);
  app.use(
    spaRoutes({ webDir, pages, publicUrl: config.publicUrl }),
  );
  if (database.kind === "postgres") app.use("/api", databaseGateObserver(reachability));
  app.use(errorHandler);

  return {
    app,
    http,
    io,
    close: async () => {
      stopDelivering();
      http.closeIdleConnections();
      // io.close also closes the HTTP server.
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
}
