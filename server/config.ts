import { resolve } from "node:path";
import { z } from "zod";
import type { DbTimeouts } from "../db/open-db.ts";

// The one place that reads the environment (docs/product/platform.md). Everything else receives a typed Config.
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** A Discord id (a snowflake: 17 to 20 digits). */
const optionalSnowflake = optionalString.refine((v) => v === undefined || /^\d{17,20}$/.test(v), { message: "must be a Discord id (17 to 20 digits)" });

const optionalUrl = (protocols: string[]) =>
  optionalString.refine((v) => v === undefined || isUrl(v, protocols), {
    message: `must be a URL (${protocols.join(", ")})`,
  });

function modelId(fallback: string) {
  return z.string().trim().regex(/^[\w./:@-]+$/, "must be a provider model id").default(fallback);
}

function geminiModelId(fallback: string) {
  return modelId(fallback).refine((v) => v.startsWith("gemini-"), { message: "must be a Gemini image model id (gemini-…)" });
}

/**
 * Where providers deliver results and answer polls (results are fetched from allow-listed hosts only). BFL polls and
 * delivers from regional hosts; fal serves files from fal.media; Replicate from replicate.delivery. OpenAI and
 * Google answer inline (base64), so they need none.
 */
const defaultResultHosts = [
  "api.bfl.ai",
  "api.eu.bfl.ai",
  "api.us.bfl.ai",
  "api.eu1.bfl.ai",
  "api.us1.bfl.ai",
  "api.eu2.bfl.ai",
  "api.us2.bfl.ai",
  "delivery-eu1.bfl.ai",
  "delivery-us1.bfl.ai",
  "delivery-eu2.bfl.ai",
  "delivery-us2.bfl.ai",
  "fal.media",
  "v2.fal.media",
  "v3.fal.media",
  "v3b.fal.media",
  "replicate.delivery",
  "pbxt.replicate.delivery",
];

export interface CreditPack {
  id: string;
  credits: number;
  /** In the currency's minor unit (cents, paise). */
  price: number;
  currency: string;
}

const defaultCreditPacks = "starter:100:499:usd,creator:500:1999:usd,studio:1500:4999:usd,starter-inr:100:39900:inr,creator-inr:500:149900:inr";

/** `id:credits:price:currency` entries; undefined when one of them does not read. */
function parsePacks(value: string): CreditPack[] | undefined {
  const packs: CreditPack[] = [];
  for (const entry of value.split(",").map((p) => p.trim()).filter((p) => p !== "")) {
    const match = /^([a-z0-9][a-z0-9-]{0,31}):(\d{1,7}):(\d{1,9}):([a-z]{3})$/i.exec(entry);
    if (!match) return undefined;
    const [, id, credits, price, currency] = match as unknown as [string, string, string, string, string];
    if (Number(credits) < 1 || Number(price) < 1) return undefined;
    packs.push({ id: id.toLowerCase(), credits: Number(credits), price: Number(price), currency: currency.toLowerCase() });
  }
  return packs;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // What this process does: serve HTTP and sockets (web), run background jobs (worker), or both (all).
  ROLE: z.enum(["all", "web", "worker"]).default("all"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  PUBLIC_URL: optionalUrl(["http:", "https:"]),
  // Redis for what several nodes share beyond the database: chat answers being streamed.
  REDIS_URL: optionalUrl(["redis:", "rediss:"]),
  // S3-compatible storage for image bytes (docs/decisions/016-s3-storage.md); unset bucket: files under DATA_DIR/files.
  S3_BUCKET: optionalString.refine((v) => v === undefined || /^[a-z0-9][a-z0-9._-]{1,253}[a-z0-9]$/i.test(v), { message: "must be a bucket name (letters, digits, dots, hyphens; no slashes)" }),
  S3_ENDPOINT: optionalUrl(["http:", "https:"]),
  S3_REGION: z.string().trim().regex(/^[a-z0-9-]+$/, "must be a region name such as us-east-1 (auto for R2)").default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  // true | false; unset: true with S3_ENDPOINT (MinIO and most stand-ins want bucket-in-path), false for AWS itself.
  S3_FORCE_PATH_STYLE: optionalString
    .refine((v) => v === undefined || /^(true|false)$/i.test(v), { message: "must be true or false" })
    .transform((v) => (v === undefined ? undefined : v.toLowerCase() === "true")),
  // PostgreSQL timeouts: how long a request may wait for the database before the API answers 503.
  DB_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(5),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  DB_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DISCORD_INVITE_URL: z
    .string()
    .trim()
    .refine((v) => isUrl(v, ["http:", "https:"]), { message: "must be an http(s) URL" })
    .default("https://discord.gg/thumbforge"),
  SUPPORT_EMAIL: z.email({ message: "must be an e-mail address" }).default("support@thumbforge.app"),
  FEEDBACK_URL: z
    .string()
    .trim()
    .refine((v) => isUrl(v, ["http:", "https:"]), { message: "must be an http(s) URL" })
    .default("https://forms.gle/thumbforge-feedback"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Set: GET /metrics needs it as a bearer token, from anywhere (this machine too); unset: loopback connections only.
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || /^\S{24,}$/.test(v), { message: "must be at least 24 characters, with no spaces" }),
  JSON_BODY_LIMIT: z.string().regex(/^\d+(kb|mb)$/i, "must look like 100kb or 1mb").default("100kb"),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  // Slow or idle clients must not hold connections (and file descriptors) for long: see README, Reverse proxy.
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(10_000),
  HTTP_BODY_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  HTTP_UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(10_000).max(3_600_000).default(600_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(5_000),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(256),
  // How long a duplicate of a paid request still running waits for its answer before a 409 (0: at once, as Stripe).
  IDEMPOTENCY_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
  DISCORD_TOKEN: optionalString,
  // The community server the bot serves, where it greets new members, and the role the first accounts get.
  DISCORD_GUILD_ID: optionalSnowflake,
  DISCORD_WELCOME_CHANNEL_ID: optionalSnowflake,
  DISCORD_EARLY_BIRD_ROLE_ID: optionalSnowflake,
  // Where the bot posts community polls (A/B/C votes on a creator's images); unset, the web offers no poll.
  DISCORD_FEEDBACK_CHANNEL_ID: optionalSnowflake,
  WAITLIST_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, { message: "must be at least 32 characters" }),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  MAIL_FROM: z.string().trim().min(3).default("Thumbforge <no-reply@thumbforge.app>"),
  FREE_SIGNUP_CREDITS: z.coerce.number().int().min(0).default(10),
  // Free Plan: once per UTC day a balance below this is topped up to it (0 switches the allowance off).
  DAILY_FREE_CREDITS: z.coerce.number().int().min(0).max(1000).default(5),
  // Credit packs on the pricing screen: id:credits:price in minor units:currency, comma-separated.
  CREDIT_PACKS: z
    .string()
    .trim()
    .default(defaultCreditPacks)
    .refine(
      (v) => {
        const packs = parsePacks(v);
        return packs !== undefined && packs.length > 0 && new Set(packs.map((p) => p.id)).size === packs.length;
      },
      { message: "must be a comma list of id:credits:price-in-minor-units:currency with unique ids, e.g. starter:100:499:usd" },
    ),
  // The monthly Pro plan: credits granted with each paid month, and its price in minor units.
  PRO_PLAN_CREDITS: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  PRO_PLAN_PRICE: z.coerce.number().int().min(1).default(1499),
  // Stripe: both keys switch card payments on; the publishable key lets the browser show Stripe's card form.
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  // Unset: Stripe's API. Another base URL (a local stand-in) for tests and development.
  STRIPE_API_URL: optionalUrl(["http:", "https:"]),
  // Stripe Billing's Price (monthly, PRO_PLAN_PRICE in PRO_PLAN_CURRENCY) the Pro plan is sold as; unset: Pro not on sale.
  STRIPE_PRO_PRICE_ID: optionalString,
  // Razorpay (INR, UPI): key id, key secret and the webhook secret switch it on together.
  RAZORPAY_KEY_ID: optionalString,
  RAZORPAY_KEY_SECRET: optionalString,
  RAZORPAY_WEBHOOK_SECRET: optionalString,
  RAZORPAY_API_URL: optionalUrl(["http:", "https:"]),
  PRO_PLAN_CURRENCY: z.string().trim().regex(/^[a-z]{3}$/i, "must be a three-letter currency code").default("usd").transform((v) => v.toLowerCase()),
  OTP_SEND_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  // Background jobs (docs/decisions/012-job-runner.md).
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
  // Per-account upload limits: a burst from one account cannot fill the memory or the disk of a node.
  UPLOADS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(120),
  UPLOAD_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(16).default(2),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).default(500),
  // A feed check renders six sizes and reads them with OCR (about a second of CPU): cached ones are not counted.
  FEED_CHECKS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(120),
  // Votes on share pages come from visitors without accounts: counted per address (docs/product/sharing.md).
  SHARE_VOTES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(60),
  // Community polls (docs/product/community-votes.md): polls one account posts per hour, and Discord votes (first or
  // changed) per member and per server per minute.
  COMMUNITY_POLLS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(10),
  COMMUNITY_POLLS_PER_SERVER_PER_HOUR: z.coerce.number().int().min(1).default(60),
  POLL_VOTES_PER_MEMBER_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  POLL_VOTES_PER_SERVER_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // The search box asks as the user types (debounced): this bounds a script hammering the index, not a person.
  SEARCHES_PER_USER_PER_MINUTE: z.coerce.number().int().min(1).default(240),
  // A headline-only edit costs no credit but still renders: this bounds them (docs/decisions/038-headline-edits-are-free.md).
  FREE_EDITS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(300),
  // From your video (docs/product/videos.md): per-account upload limits, what the probe accepts, and decoding per worker.
  VIDEO_MAX_BYTES: z.coerce.number().int().min(1).default(2 * 1024 ** 3),
  VIDEO_UPLOADS_PER_DAY: z.coerce.number().int().min(1).default(20),
  VIDEO_FRAMES_PER_USER_PER_HOUR: z.coerce.number().int().min(1).default(120),
  VIDEO_STORAGE_QUOTA_BYTES: z.coerce.number().int().min(1).default(5 * 1024 ** 3),
  VIDEO_MAX_DURATION_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(360),
  VIDEO_MAX_PIXELS: z.coerce.number().int().min(1).default(7680 * 4320),
  VIDEO_MAX_STREAMS: z.coerce.number().int().min(1).max(256).default(16),
  // Frame finders one worker runs at once: each holds an FFmpeg process and a core.
  VIDEO_JOBS_PER_WORKER: z.coerce.number().int().min(1).max(16).default(1),
  // Image provider keys: each one makes its models available; without any, Studio alone serves.
  BFL_API_KEY: optionalString,
  FAL_KEY: optionalString,
  REPLICATE_API_TOKEN: optionalString,
  OPENAI_API_KEY: optionalString,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
  // Provider model ids live here because providers retire them; the labels users see are ours (contract/models.ts).
  BFL_KONTEXT_PRO_MODEL: modelId("flux-kontext-pro"),
  BFL_KONTEXT_MAX_MODEL: modelId("flux-kontext-max"),
  FAL_KONTEXT_PRO_MODEL: modelId("fal-ai/flux-pro/kontext"),
  FAL_KONTEXT_MAX_MODEL: modelId("fal-ai/flux-pro/kontext/max"),
  REPLICATE_KONTEXT_PRO_MODEL: modelId("black-forest-labs/flux-kontext-pro"),
  REPLICATE_KONTEXT_MAX_MODEL: modelId("black-forest-labs/flux-kontext-max"),
  OPENAI_IMAGE_MODEL: modelId("gpt-image-1"),
  // The chat's language model when OPENAI_API_KEY is set (any OpenAI-compatible server through OPENAI_BASE_URL).
  CHAT_MODEL: modelId("gpt-4.1-mini"),
  // Milliseconds between the offline assistant's streamed words (0: as fast as it can; a demo may slow it down).
  OFFLINE_ASSISTANT_DELAY_MS: z.coerce.number().int().min(0).max(1000).default(0),
  // A chat tool call that would spend more credits than this (or more than half the balance) waits for Approve / Deny.
  CHAT_CONFIRM_ABOVE_CREDITS: z.coerce.number().int().min(0).max(100_000).default(5),
  // @ai-sdk/google only runs Gemini image models: the Imagen API was shut down (its 4.0.49 changelog).
  GOOGLE_FLASH_IMAGE_MODEL: geminiModelId("gemini-3.1-flash-image"),
  GOOGLE_PRO_IMAGE_MODEL: geminiModelId("gemini-3-pro-image"),
  BFL_BASE_URL: optionalUrl(["http:", "https:"]),
  FAL_BASE_URL: optionalUrl(["http:", "https:"]),
  REPLICATE_BASE_URL: optionalUrl(["http:", "https:"]),
  OPENAI_BASE_URL: optionalUrl(["http:", "https:"]),
  GOOGLE_BASE_URL: optionalUrl(["http:", "https:"]),
  IMAGE_RESULT_HOSTS: z
    .string()
    .trim()
    .default(defaultResultHosts.join(","))
    .transform((v) => v.split(",").map((h) => h.trim()).filter((h) => h !== ""))
    .refine((hosts) => hosts.every(isResultHost), { message: "must be a comma list of host names (https) or http(s) origins" }),
  // What is said in a video (docs/product/videos.md, In the chat): an OpenAI-compatible /audio/transcriptions endpoint,
  // on when either the base URL or the key is set (a local Whisper server may need no key); unset, OpenAI's own.
  TRANSCRIPTION_BASE_URL: optionalUrl(["http:", "https:"]),
  TRANSCRIPTION_API_KEY: optionalString,
  TRANSCRIPTION_MODEL: modelId("whisper-1"),
  IMAGE_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(120_000),
  IMAGE_RESULT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  IMAGE_RESULT_MAX_BYTES: z.coerce.number().int().min(1024).max(100 * 1024 * 1024).default(20 * 1024 * 1024),
  // FFmpeg for "From your video"; unset: the static builds of the @ffmpeg-installer / @ffprobe-installer packages.
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
});

export type Env = z.infer<typeof envSchema>;

/**
 * The environment, checked and shaped into what the app reads. The Config type is inferred from here: a setting is
 * declared once, with its bounds and default, in envSchema above.
 */
const configSchema = envSchema
  .superRefine((e, ctx) => {
    // Embedded PGlite opens in one process only: a web node without a worker beside it would queue jobs nobody runs.
    if (e.ROLE !== "all" && !e.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["ROLE"], message: "web and worker need DATABASE_URL (PostgreSQL shared by every node); the embedded database runs ROLE=all" });
    }
    if (e.HTTP_BODY_TIMEOUT_MS > e.HTTP_UPLOAD_TIMEOUT_MS) {
      ctx.addIssue({ code: "custom", path: ["HTTP_BODY_TIMEOUT_MS"], message: "must not be longer than HTTP_UPLOAD_TIMEOUT_MS (uploads are the slowest bodies)" });
    }
    // Half a Stripe setup would take payments whose confirmations it cannot read (or the reverse): refuse it.
    if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
      ctx.addIssue({ code: "custom", path: [e.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"], message: "Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET" });
    }
    const razorpayKeys = [e.RAZORPAY_KEY_ID, e.RAZORPAY_KEY_SECRET, e.RAZORPAY_WEBHOOK_SECRET].filter(Boolean).length;
    if (razorpayKeys !== 0 && razorpayKeys !== 3) {
      ctx.addIssue({ code: "custom", path: ["RAZORPAY_KEY_ID"], message: "Razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together" });
    }
    // Half a key pair would quietly fall back to the SDK's credential chain: refuse it instead.
    if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: "custom", path: [e.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"], message: "S3 needs both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (the SDK's default credentials)" });
    }
    // S3 settings without a bucket would leave images on local disk while the operator believes they are in S3.
    const s3Settings = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const).filter((name) => e[name] !== undefined);
    if (!e.S3_BUCKET && s3Settings.length > 0) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `must be set when ${s3Settings.join(", ")} is set (S3 storage is on only with a bucket)` });
    }
    // The dev mailbox keeps sign-in codes readable on the server: fine on a laptop, never in production.
    if (e.NODE_ENV === "production" && !e.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "must be set when NODE_ENV=production (sign-in codes go out by mail; the dev mailbox is for development only)" });
    }
  })
  .transform((e) => ({
    env: e.NODE_ENV,
    role: e.ROLE,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    /** Where stored images live (DATA_DIR/files). */
    filesDir: resolve(e.DATA_DIR, "files"),
    /** Where upload bodies are streamed while they are checked (DATA_DIR/tmp/uploads), and the per-account limits. */
    uploads: {
      tempDir: resolve(e.DATA_DIR, "tmp", "uploads"),
      perUserPerHour: e.UPLOADS_PER_USER_PER_HOUR,
      concurrencyPerUser: e.UPLOAD_CONCURRENCY_PER_USER,
      quotaBytes: e.UPLOAD_QUOTA_MB * 1024 * 1024,
    },
    /** Background jobs one process runs at once, and how long a claim lasts without a heartbeat. */
    jobs: { concurrency: e.JOB_CONCURRENCY, leaseMs: e.JOB_LEASE_SECONDS * 1000 },
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    /** S3-compatible storage for image bytes, on when S3_BUCKET is set; else files under filesDir. */
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
        }
      : undefined,
    /** PostgreSQL connect, statement and idle timeouts (unused with PGlite). */
    databaseTimeouts: {
      connectTimeoutSeconds: e.DB_CONNECT_TIMEOUT_SECONDS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleTimeoutSeconds: e.DB_IDLE_TIMEOUT_SECONDS,
    } satisfies DbTimeouts,
    publicUrl: e.PUBLIC_URL,
    discordInviteUrl: e.DISCORD_INVITE_URL,
    supportEmail: e.SUPPORT_EMAIL,
    feedbackUrl: e.FEEDBACK_URL,
    logLevel: e.LOG_LEVEL,
    /** When set, /metrics answers whoever sends this bearer token, and no one else; unset, this machine only. */
    metricsToken: e.METRICS_TOKEN,
    jsonBodyLimit: e.JSON_BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    /**
     * The HTTP server's limits: time for a request's headers, for its body once the headers are in (uploads get
     * longer), how long an idle keep-alive connection stays open, and open connections per client address.
     */
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS,
      bodyTimeoutMs: e.HTTP_BODY_TIMEOUT_MS,
      uploadTimeoutMs: e.HTTP_UPLOAD_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
    },
    /** How long a request with an Idempotency-Key waits for the same request still running (docs/decisions/018-idempotency-keys.md). */
    idempotencyWaitMs: e.IDEMPOTENCY_WAIT_MS,
    /** The Discord bot (`npm run bot`): its token, community server, welcome channel and Early Bird role (else the role named "Early Bird"). */
    discord: { token: e.DISCORD_TOKEN, guildId: e.DISCORD_GUILD_ID, welcomeChannelId: e.DISCORD_WELCOME_CHANNEL_ID, earlyBirdRoleId: e.DISCORD_EARLY_BIRD_ROLE_ID, feedbackChannelId: e.DISCORD_FEEDBACK_CHANNEL_ID },
    /** Waitlist joins allowed per IP per 10 minutes. */
    waitlistLimitPerIp: e.WAITLIST_LIMIT_PER_IP,
    feedChecksPerUserPerHour: e.FEED_CHECKS_PER_USER_PER_HOUR,
    /** Votes (first or changed) one address may send to share pages per hour. */
    shareVotesPerIpPerHour: e.SHARE_VOTES_PER_IP_PER_HOUR,
    /** Community polls: posts per account per hour, Discord votes per member and per server per minute. */
    communityPolls: { perUserPerHour: e.COMMUNITY_POLLS_PER_USER_PER_HOUR, perServerPerHour: e.COMMUNITY_POLLS_PER_SERVER_PER_HOUR, votesPerMemberPerMinute: e.POLL_VOTES_PER_MEMBER_PER_MINUTE, votesPerServerPerMinute: e.POLL_VOTES_PER_SERVER_PER_MINUTE },
    /** Searches one account may make per minute (docs/product/search.md). */
    searchesPerUserPerMinute: e.SEARCHES_PER_USER_PER_MINUTE,
    /** Free (headline-only) edits one account may queue per hour. */
    freeEditsPerUserPerHour: e.FREE_EDITS_PER_USER_PER_HOUR,
    /** Videos: where tus keeps uploads while they arrive (DATA_DIR/tmp/videos), the per-account limits, the probe's limits. */
    videos: {
      uploadDir: resolve(e.DATA_DIR, "tmp", "videos"),
      /** Where a worker copies a video out of S3 for FFmpeg, one folder per job. */
      jobDir: resolve(e.DATA_DIR, "tmp", "video-jobs"),
      maxBytes: e.VIDEO_MAX_BYTES,
      uploadsPerDay: e.VIDEO_UPLOADS_PER_DAY,
      framesPerHour: e.VIDEO_FRAMES_PER_USER_PER_HOUR,
      quotaBytes: e.VIDEO_STORAGE_QUOTA_BYTES,
      limits: { maxDurationMs: e.VIDEO_MAX_DURATION_MINUTES * 60_000, maxPixels: e.VIDEO_MAX_PIXELS, maxStreams: e.VIDEO_MAX_STREAMS },
      jobsPerWorker: e.VIDEO_JOBS_PER_WORKER,
    },
    /** Key for one-time-code HMACs; when unset, start-up keeps a generated one in DATA_DIR. */
    authSecret: e.AUTH_SECRET,
    /** SMTP server for outgoing mail; without it mails go to the dev mailbox. */
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    freeSignupCredits: e.FREE_SIGNUP_CREDITS,
    dailyFreeCredits: e.DAILY_FREE_CREDITS,
    /** Stripe, on when both its secret key and webhook secret are set. */
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, publishableKey: e.STRIPE_PUBLISHABLE_KEY, apiUrl: e.STRIPE_API_URL, proPriceId: e.STRIPE_PRO_PRICE_ID }
        : undefined,
    /** Razorpay, on when its key id, key secret and webhook secret are all set. */
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET
        ? { keyId: e.RAZORPAY_KEY_ID, keySecret: e.RAZORPAY_KEY_SECRET, webhookSecret: e.RAZORPAY_WEBHOOK_SECRET, apiUrl: e.RAZORPAY_API_URL }
        : undefined,
    /** What the pricing screen sells (docs/product/payments.md). */
    pricing: {
      packs: parsePacks(e.CREDIT_PACKS) ?? [],
      pro: { credits: e.PRO_PLAN_CREDITS, price: e.PRO_PLAN_PRICE, currency: e.PRO_PLAN_CURRENCY },
    },
    /** One-time-code sends allowed per IP per 10 minutes. */
    otpSendLimitPerIp: e.OTP_SEND_LIMIT_PER_IP,
    /** Failed sign-ins (password or code) after which an IP waits out the 10-minute window. */
    loginFailureLimitPerIp: e.LOGIN_FAILURE_LIMIT_PER_IP,
    /** The chat's language model: OpenAI-compatible when a key is set, else the offline assistant. */
    chat: { openaiApiKey: e.OPENAI_API_KEY, openaiBaseUrl: e.OPENAI_BASE_URL, model: e.CHAT_MODEL, offlineDelayMs: e.OFFLINE_ASSISTANT_DELAY_MS, confirmAboveCredits: e.CHAT_CONFIRM_ABOVE_CREDITS },
    /** The transcription model the video headlines read what is said with; off when neither base URL nor key is set. */
    transcription: { baseUrl: e.TRANSCRIPTION_BASE_URL, apiKey: e.TRANSCRIPTION_API_KEY, model: e.TRANSCRIPTION_MODEL },
    /** Image providers: keys (unset ones leave their models listed but unavailable), model ids, endpoints, limits. */
    imageProviders: {
      keys: {
        bflApiKey: e.BFL_API_KEY,
        falKey: e.FAL_KEY,
        replicateApiToken: e.REPLICATE_API_TOKEN,
        openaiApiKey: e.OPENAI_API_KEY,
        googleGenerativeAiApiKey: e.GOOGLE_GENERATIVE_AI_API_KEY,
      },
      models: {
        bflKontextPro: e.BFL_KONTEXT_PRO_MODEL,
        bflKontextMax: e.BFL_KONTEXT_MAX_MODEL,
        falKontextPro: e.FAL_KONTEXT_PRO_MODEL,
        falKontextMax: e.FAL_KONTEXT_MAX_MODEL,
        replicateKontextPro: e.REPLICATE_KONTEXT_PRO_MODEL,
        replicateKontextMax: e.REPLICATE_KONTEXT_MAX_MODEL,
        openaiImage: e.OPENAI_IMAGE_MODEL,
        googleFlashImage: e.GOOGLE_FLASH_IMAGE_MODEL,
        googleProImage: e.GOOGLE_PRO_IMAGE_MODEL,
      },
      /** Unset: each AI SDK provider's own default endpoint. */
      baseUrls: { bfl: e.BFL_BASE_URL, fal: e.FAL_BASE_URL, replicate: e.REPLICATE_BASE_URL, openai: e.OPENAI_BASE_URL, google: e.GOOGLE_BASE_URL },
      /** Hosts results may be fetched from: bare hosts over https only; an entry with a scheme allows that origin. */
      resultHosts: e.IMAGE_RESULT_HOSTS,
      /** Longest one provider API request may take (generation itself can take a minute). */
      requestTimeoutMs: e.IMAGE_PROVIDER_TIMEOUT_MS,
      /** Longest a result download may take, and its largest size. */
      resultTimeoutMs: e.IMAGE_RESULT_TIMEOUT_MS,
      resultMaxBytes: e.IMAGE_RESULT_MAX_BYTES,
    },
    /** The FFmpeg programs the video engine runs; unset, the npm packages' builds (none: videos are not available). */
    ffmpeg: { ffmpegPath: e.FFMPEG_PATH, ffprobePath: e.FFPROBE_PATH },
  }));

export type Config = z.output<typeof configSchema> & { version: string };
export type ImageProviderSettings = Config["imageProviders"];
export type ImageProviderKeys = ImageProviderSettings["keys"];
export type ImageProviderModels = ImageProviderSettings["models"];
export type ImageProviderBaseUrls = ImageProviderSettings["baseUrls"];

/** Every setting the environment can hold, with its default: what README.md and .env.example must list. */
export const settingDefaults = (): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(envSchema.shape).map(([name, schema]) => [name, defaultOf(schema)]));

function defaultOf(schema: z.ZodType): string | undefined {
  const parsed = z.object({ v: schema }).safeParse({});
  if (!parsed.success || parsed.data.v === undefined) return undefined;
  const value = parsed.data.v;
  return Array.isArray(value) ? value.join(",") : String(value);
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env, version = "0.0.0"): Config {
  const parsed = configSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  return { ...parsed.data, version };
}

/** A bare host name (optionally with a port), or an http(s) origin with nothing after it. */
function isResultHost(value: string): boolean {
  if (value.includes("://")) {
    try {
      const url = new URL(value);
      return ["http:", "https:"].includes(url.protocol) && url.origin === value.replace(/\/$/, "");
    } catch {
      return false;
    }
  }
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i.test(value);
}

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * Settings that start but serve worse than they should, as one line each for the operator's log at start (never for a
 * visitor): without PUBLIC_URL a share link's preview image is a relative URL, which unfurlers ignore.
 */
export function startWarnings(config: Pick<Config, "isProduction" | "publicUrl">): string[] {
  return config.isProduction && !config.publicUrl
    ? ["PUBLIC_URL is not set: share links' previews (og:image) are relative URLs, which Discord, Slack and messengers ignore, and there is no sitemap"]
    : [];
}
