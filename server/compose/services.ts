import { join } from "node:path";
import type { OpenDb } from "../../db/open-db.ts";
import { createAuthService } from "../auth/service.ts";
import { createSessionStore } from "../auth/session-store.ts";
import { createSessions } from "../auth/sessions.ts";
import { createAuthStore } from "../auth/store.ts";
import type { Config } from "../config.ts";
import type { LanguageModel } from "ai";
import { createLiveStreams, type LiveStreams } from "../chat/live-streams.ts";
import { chatModelFor } from "../chat/model.ts";
import { createOfflineAssistant } from "../chat/offline/offline-assistant.ts";
import { createChatService } from "../chat/service.ts";
import type { FeedChecker } from "../chat/tools/check-image.ts";
import { createChatToolSet } from "../chat/tools/tool-set.ts";
import { createImageWaiter } from "../chat/tools/wait-for-images.ts";
import { createDraftWaiter } from "../chat/tools/wait-for-draft.ts";
import { createChatTurns } from "../chat/turns.ts";
import { createChatStore } from "../chat/store.ts";
import { createCreditsService } from "../credits/service.ts";
import { pricingFor } from "../payments/pricing.ts";
import { createRefundService } from "../payments/refunds.ts";
import { createPaymentService } from "../payments/service.ts";
import { createRazorpayGateway } from "../payments/razorpay-gateway.ts";
import { createStripeGateway } from "../payments/stripe-gateway.ts";
import type { EngineSet, ImageEngine } from "../generation/engine.ts";
import { editJob, editJobHandler } from "../generation/edit-job.ts";
import { generateJob, generateJobHandler } from "../generation/generate-job.ts";
import { createProviderEngines } from "../generation/providers/provider-engines.ts";
import { createModelRegistry } from "../generation/registry.ts";
import { createGenerationService } from "../generation/service.ts";
import { swapJob, swapJobHandler } from "../generation/swap-job.ts";
import { createPackService } from "../images/pack-service.ts";
import { createComparisonService } from "../comparisons/service.ts";
import { createWinnerNote } from "../chat/winner-note.ts";
import { createImageService } from "../images/service.ts";
import { createImageLifecycle } from "../images/lifecycle.ts";
import { createImageStore } from "../images/store.ts";
import type { RegisteredJobHandler } from "../jobs/job-type.ts";
import { createIdempotencyService } from "../idempotency/service.ts";
import { createJobQueue } from "../jobs/queue.ts";
import type { Logger } from "../logger.ts";
import { createDevMailbox, createSmtpMailer, type Mailer } from "../mail/mailer.ts";
import { createDevMailStore } from "../mail/store.ts";
import { createMetrics, type Metrics } from "../metrics/metrics.ts";
import { personaDraftJob } from "../personas/draft-job-type.ts";
import { personaDraftJobHandler, type PortraitRenderer } from "../personas/draft-job.ts";
import { createPersonaService } from "../personas/service.ts";
import { createPersonaStore } from "../personas/store.ts";
import { createRateLimiter } from "../rate-limit/service.ts";
import { createRateLimitStore } from "../rate-limit/store.ts";
import { createRealtimeHub } from "../realtime/publisher.ts";
import { createLocalDiskStorage } from "../storage/local-disk.ts";
import { createS3Storage } from "../storage/s3.ts";
import type { Storage } from "../storage/storage.ts";
import { createStudioEngine, type StudioEngine } from "../studio/engine.ts";
import { createEditorService } from "../editor/service.ts";
import { createExportService } from "../editor/export-service.ts";
import { createRenderPool } from "../editor/render-pool.ts";
import { createExportRenderer } from "../studio/export-renderer.ts";
import { createFeedCheckService } from "../feed-check/service.ts";
import { createSearchService } from "../search/service.ts";
import { createSearchStore } from "../search/store.ts";
import { createOcrEngine } from "../feed-check/engine.ts";
import { createFeedCheckStore } from "../feed-check/store.ts";
import { promptHeadline, sceneFacts } from "../feed-check/scene-facts.ts";
import { createDiscordService } from "../discord/service.ts";
import { createShareService } from "../shares/service.ts";
import { createCommunityPollService } from "../community-polls/service.ts";
import { createShareStore } from "../shares/store.ts";
import { createSubjectExtractor, type SubjectExtractor } from "../subjects/engine.ts";
import { createSwapWorkerPool } from "../subjects/inpaint-pool.ts";
import { createSubjectSwapper } from "../subjects/replace.ts";
import type { VideoEngine } from "../videos/engine.ts";
import { createFfmpegEngine } from "../videos/ffmpeg-engine.ts";
import { findFramesJobHandler } from "../videos/find-frames-job.ts";
import { frameJobHandler } from "../videos/frame-job.ts";
import { createSubjectScorer } from "../videos/subject-score.ts";
import { createStyleKitService } from "../style-kits/service.ts";
import { styleKitLearning } from "./style-kit-learning.ts";
import { createVideoService, videoFrameJob, videoFramesJob } from "../videos/service.ts";
import { createUploadFiles } from "../videos/upload-files.ts";
import { createVideoHeadlines } from "../videos/headlines-service.ts";
import { createTranscriber } from "../videos/transcribe.ts";
import { createWaitlistService } from "../waitlist/service.ts";
import { createWaitlistStore } from "../waitlist/store.ts";

export interface ServiceDeps {
  config: Config;
  database: OpenDb;
  logger: Logger;
  clock?: () => number;
  /** Key for one-time-code HMACs; start-up passes AUTH_SECRET or the one kept in DATA_DIR. */
  authSecret?: Uint8Array;
  /** Outgoing mail; by default SMTP when SMTP_URL is set, else the dev mailbox. */
  mailer?: Mailer;
  /** Image bytes; by default the S3 bucket when S3_BUCKET is set, else files under DATA_DIR/files. */
  storage?: Storage;
  /** Engines by model id; by default Studio plus every provider whose key is set. */
  engines?: EngineSet;
  /** The chat's language model; by default CHAT_MODEL when OPENAI_API_KEY is set, else the offline assistant. */
  chatModel?: () => LanguageModel;
  /** Subject extraction; by default ISNet on this machine's CPU, loaded on first use. */
  subjectExtractor?: SubjectExtractor;
  /** Where chat answers being streamed are kept; by default this process (start-up passes Redis when REDIS_URL is set). */
  liveStreams?: LiveStreams;
  /** This process's metrics; by default a registry of its own (one per process: /metrics reads it). */
  metrics?: Metrics;
  /** The feed check the chat's checkImage tool runs; by default server/feed-check's service on this database. */
  feedCheck?: FeedChecker;
  /** The video decoder; by default FFmpeg as a child process (unavailable when no build is installed). */
  videoEngine?: VideoEngine;
}

/**
 * Every capability's service on one database, with no HTTP server and no sockets: the web door (createHttp), the
 * job worker (createWorker), the Discord bot and scripts all start here. Nothing here listens or starts timers.
 */
export function createServices(deps: ServiceDeps) {
  const { config, database, logger } = deps;
  const clock = deps.clock ?? Date.now;
  const db = database.db;

  const realtime = createRealtimeHub({ logger });
  const metrics = deps.metrics ?? createMetrics({ logger });
  const rateLimitStore = createRateLimitStore(database);
  const rateLimiter = createRateLimiter({ store: rateLimitStore, clock });
  const devMailStore = createDevMailStore(db);
  const mailer =
    deps.mailer ??
    (config.smtpUrl ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom }) : createDevMailbox({ store: devMailStore, logger, clock }));
  // Every node reads and writes the same bucket when S3 is on; bytes are still served by the node after the owner check.
  const storage = deps.storage ?? (config.s3 ? createS3Storage(config.s3) : createLocalDiskStorage(config.filesDir));
  const engines = deps.engines ?? defaultEngines(config);
  const registry = createModelRegistry(config.imageProviders.keys);
  // Every kind of background work a service may queue; createWorker must bring a handler for each.
  const queue = createJobQueue([generateJob, editJob, swapJob, personaDraftJob]);
  // Every job that decodes a video (the frame finder, a picked frame) has a queue of its own: the worker runs it with a
  // runner of VIDEO_JOBS_PER_WORKER slots, so one worker decodes one video at a time by default.
  const videoQueue = createJobQueue([videoFramesJob, videoFrameJob]);
  metrics.countJobsWith(async () => [...(await queue.depth(db)), ...(await videoQueue.depth(db))]);

  const sessions = createSessions({ store: createSessionStore(db), clock });
  const credits = createCreditsService({ db, freeSignupCredits: config.freeSignupCredits, dailyFreeCredits: config.dailyFreeCredits, realtime, clock });
  const imageStore = createImageStore(db);
  const lifecycle = createImageLifecycle({ db, realtime, credits });
  const images = createImageService({ store: imageStore, storage, logger, clock, rateLimiter, uploadLimits: config.uploads, lifecycle });
  // Sessions and images this node keeps a few seconds for byte requests: forgotten as soon as any node ends or deletes them.
  realtime.listen((message) => {
    if (message.type === "disconnect") sessions.forget(message.sessionIds);
    else if (message.event === "image:deleted") images.forgetImages([message.payload.imageId]);
  });
  const packs = createPackService({ store: imageStore, storage });
  const communityPolls = createCommunityPollService({
    db,
    storage,
    realtime,
    rateLimiter,
    discord: { guildId: config.discord.guildId, feedbackChannelId: config.discord.feedbackChannelId },
    rules: {
      post: { name: "community-poll", limit: config.communityPolls.perUserPerHour, windowMs: 3600_000 },
      serverPost: { name: "community-poll-server", limit: config.communityPolls.perServerPerHour, windowMs: 3600_000 },
      memberVote: { name: "poll-vote-member", limit: config.communityPolls.votesPerMemberPerMinute, windowMs: 60_000 },
      serverVote: { name: "poll-vote-server", limit: config.communityPolls.votesPerServerPerMinute, windowMs: 60_000 },
    },
    clock,
    logger,
  });
  const shares = createShareService({
    store: createShareStore(db),
    storage,
    realtime,
    rateLimiter,
    voteRule: { name: "share-vote", limit: config.shareVotesPerIpPerHour, windowMs: 3600_000 },
    clock,
    // A page's vote is part of the owner's open polls on the same images too.
    afterVote: (ownerId, imageId, previousImageId) => void communityPolls.webVoteOn(ownerId, imageId, previousImageId).catch((err: unknown) => logger.warn({ err }, "could not announce a poll's web vote")),
  });
  const personaStore = createPersonaStore(db);
  const personas = createPersonaService({ db, store: personaStore, storage, images, queue, realtime });
  // One model and one swap worker per process, each loaded on first use.
  const subjectExtractor = deps.subjectExtractor ?? createSubjectExtractor({ logger, modelCacheDir: join(config.dataDir, "models") });
  const swapPool = createSwapWorkerPool();
  // One OCR worker thread per language, started by the first check (or style kit) that needs it.
  const ocr = createOcrEngine();
  const styleKits = createStyleKitService({ db, images, rateLimiter, logger, learn: styleKitLearning(ocr) });
  const generation = createGenerationService({ registry, engines, personas, images, credits, queue, metrics, rateLimiter, styleKits, freeEditsPerHour: config.freeEditsPerUserPerHour });
  const auth = createAuthService({
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
  });
  const feedCheck = createFeedCheckService({
    images,
    packs,
    generation,
    store: createFeedCheckStore(db),
    ocr,
    rateLimiter,
    limitPerHour: config.feedChecksPerUserPerHour,
    clock,
  });
  const chat = createChatService({ store: createChatStore(db) });
  const search = createSearchService({ store: createSearchStore(db), images, personas, rateLimiter, perMinute: config.searchesPerUserPerMinute });
  const waitForImages = createImageWaiter({ images, realtime });
  const waitForDraft = createDraftWaiter({ personas, realtime });
  const offlineAssistant = createOfflineAssistant({ streamDelayMs: config.chat.offlineDelayMs });
  const live = deps.liveStreams ?? createLiveStreams();
  const comparisons = createComparisonService({
    db,
    generation,
    images,
    // The headline a Studio image shows is its scene's (an edit may have changed it); a provider's is its prompt's quote.
    headlineOf: async (userId, image) => sceneFacts((await images.editSource(userId, image.id)).scene)?.headline?.text ?? promptHeadline(image.prompt),
    conversationOwned: chat.owned,
    announceWinner: createWinnerNote({ chat, live, credits }),
  });
  const chatTurns = createChatTurns({
    chat,
    model: deps.chatModel ?? chatModelFor(config.chat, () => offlineAssistant),
    tools: (ctx) => createChatToolSet({ generation, personas, credits, waitForImages, waitForDraft, images, feedCheck: deps.feedCheck ?? feedCheck, videos, videoHeadlines, comparisons, styleKits }, ctx),
    spend: { generation, images, credits, comparisons, confirmAboveCredits: config.chat.confirmAboveCredits },
    live,
    logger,
  });
  const waitlist = createWaitlistService({
    store: createWaitlistStore(database),
    rateLimiter,
    rule: { name: "waitlist-ip", limit: config.waitlistLimitPerIp, windowMs: 10 * 60_000 },
    clock,
    logger,
  });
  const discord = createDiscordService({ db, auth, credits, waitlist, clock });
  const videoEngine = deps.videoEngine ?? createFfmpegEngine(config.ffmpeg);
  const videoUploads = createUploadFiles(config.videos.uploadDir);
  const videos = createVideoService({
    db,
    storage,
    engine: videoEngine,
    uploads: videoUploads,
    videoQueue,
    queue,
    images,
    realtime,
    rateLimiter,
    settings: config.videos,
    clock,
    logger,
  });
  // Headlines from what is said: the chat's model writes them when one is configured (not the offline assistant).
  const videoHeadlines = createVideoHeadlines({
    store: videos.store,
    storage,
    engine: videoEngine,
    transcriber: createTranscriber(config.transcription, logger),
    model: config.chat.openaiApiKey ? chatModelFor(config.chat, () => offlineAssistant)() : undefined,
    jobDir: config.videos.jobDir,
    clock,
    logger,
  });

  const pricingSettings = { packs: config.pricing.packs, pro: config.pricing.pro, dailyFreeCredits: config.dailyFreeCredits };
  const stripe = config.stripe ? createStripeGateway(config.stripe) : undefined;
  const razorpay = config.razorpay ? createRazorpayGateway(config.razorpay) : undefined;
  const pricing = () =>
    pricingFor(pricingSettings, {
      // The browser takes card details only in Stripe's own form, which needs the publishable key.
      ...(config.stripe?.publishableKey ? { stripe: { publishableKey: config.stripe.publishableKey, subscriptions: config.stripe.proPriceId !== undefined } } : {}),
      ...(config.razorpay ? { razorpay: { keyId: config.razorpay.keyId } } : {}),
    });
  const payments = createPaymentService({
    db,
    credits,
    packs: config.pricing.packs,
    pro: { ...config.pricing.pro, priceId: config.stripe?.proPriceId },
    stripe,
    razorpay,
    logger,
    clock,
  });
  const refunds = createRefundService({ db, credits, stripe, logger, clock });
  const idempotency = createIdempotencyService({ db, clock, waitMs: config.idempotencyWaitMs });

  /** How the worker runs each kind of job queued above. */
  const imageJobs = { engines, images, personas, credits, metrics, styleKits };
  const studio = engines.get("studio");
  const renderPortrait: PortraitRenderer = async ({ cutout, name, role, seed, signal }) => {
    if (!studio) throw new Error("the Studio engine is missing");
    return (await studio.generate({ prompt: `"${name}"`, style: portraitStyles[role], aspect: "1:1", personas: [{ name, png: cutout }], seed, signal })).png;
  };
  // The editor takes the Studio's scenes apart and draws its text; an engine set without a full Studio gets its own.
  const editorStudio = studio && "editorLayers" in studio ? (studio as StudioEngine) : createStudioEngine();
  // The editor's renders and the exports' share one pool: both draw full-size pictures on this process.
  const renders = createRenderPool();
  const editor = createEditorService({ images, personas, studio: editorStudio, logger, renders });
  const exportRenderer = createExportRenderer();
  const imageExports = createExportService({ images, personas, studio: editorStudio, renders, rateLimiter, renderLarge: exportRenderer.render });
  const jobHandlers: readonly RegisteredJobHandler[] = [
    generateJobHandler(imageJobs),
    editJobHandler(imageJobs),
    swapJobHandler(imageJobs, createSubjectSwapper({ extractor: subjectExtractor, pool: swapPool })),
    personaDraftJobHandler({ store: personaStore, images, storage, realtime, cutouts: subjectExtractor, renderPortrait }),
  ];
  const videoJobHandlers: readonly RegisteredJobHandler[] = [
    frameJobHandler({ db, storage, engine: videoEngine, images, jobDir: config.videos.jobDir }),
    // The subjects model (loaded on first use) tells a frame with one clear subject from a crowded or empty one.
    findFramesJobHandler({ db, storage, engine: videoEngine, realtime, logger, jobDir: config.videos.jobDir, subjectScore: createSubjectScorer(subjectExtractor) }),
  ];

  return {
    config,
    pricing,
    payments,
    refunds,
    idempotency,
    database,
    logger,
    clock,
    metrics,
    realtime,
    rateLimiter,
    rateLimitStore,
    mailer,
    devMailStore,
    storage,
    engines,
    registry,
    queue,
    jobHandlers,
    videoQueue,
    videoJobHandlers,
    sessions,
    auth,
    credits,
    images,
    packs,
    shares,
    communityPolls,
    personas,
    generation,
    comparisons,
    editor,
    imageExports,
    feedCheck,
    search,
    styleKits,
    chat,
    chatTurns,
    waitlist,
    discord,
    videos,
    videoUploads,
    videoHeadlines,
    /** Closes what the services opened (the SMTP pool, Redis, the subject model, swap and OCR workers); the database belongs to whoever opened it. */
    async close(): Promise<void> {
      mailer.close();
      if (!deps.metrics) metrics.close();
      await Promise.all([live.close(), swapPool.close(), subjectExtractor.close(), exportRenderer.close(), ocr.close()]);
    },
  };
}

export type Services = ReturnType<typeof createServices>;

/** A persona's picture takes its look from the persona's role. */
const portraitStyles = { artist: "cartoon", photographer: "realistic", designer: "abstract" } as const;

/** Studio always; each provider model whose key is set. */
function defaultEngines(config: Config): EngineSet {
  const studio = createStudioEngine();
  return new Map<string, ImageEngine>([["studio", studio], ...createProviderEngines(config.imageProviders, { studio })]);
}

/** AUTH_SECRET when set; else a per-process key (tests), so codes never verify across restarts by accident. */
function authSecretBytes(secret: string | undefined): Uint8Array {
  if (secret) return new TextEncoder().encode(secret);
  const key = new Uint8Array(32);
  crypto.getRandomValues(key);
  return key;
}
