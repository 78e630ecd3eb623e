import { resolve } from "node:path";
import { z } from "zod";

// The one place that reads the environment (DESIGN.md §1). Everything else receives a typed Config.
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const optionalUrl = (protocols: string[]) =>
  optionalString.refine((v) => v === undefined || isUrl(v, protocols), {
    message: `must be a URL (${protocols.join(", ")})`,
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalUrl(["postgres:", "postgresql:"]),
  PUBLIC_URL: optionalUrl(["http:", "https:"]),
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
  JSON_BODY_LIMIT: z.string().regex(/^\d+(kb|mb)$/i, "must look like 100kb or 1mb").default("100kb"),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  DISCORD_TOKEN: optionalString,
  WAITLIST_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  AUTH_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, { message: "must be at least 32 characters" }),
  SMTP_URL: optionalUrl(["smtp:", "smtps:"]),
  MAIL_FROM: z.string().trim().min(3).default("Thumbforge <no-reply@thumbforge.app>"),
  FREE_SIGNUP_CREDITS: z.coerce.number().int().min(0).default(10),
  OTP_SEND_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  // Generation jobs (issue 5, decision 008).
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(5).max(600).default(30),
  // Image provider keys (issue 5): each one makes its models available; without any, Studio alone serves.
  BFL_API_KEY: optionalString,
  FAL_KEY: optionalString,
  REPLICATE_API_TOKEN: optionalString,
  OPENAI_API_KEY: optionalString,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalString,
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  discordInviteUrl: string;
  supportEmail: string;
  feedbackUrl: string;
  logLevel: Env["LOG_LEVEL"];
  jsonBodyLimit: string;
  trustProxy: number;
  discordToken: string | undefined;
  /** Waitlist joins allowed per IP per 10 minutes. */
  waitlistLimitPerIp: number;
  /** Key for one-time-code HMACs; when unset, start-server keeps a generated one in DATA_DIR. */
  authSecret: string | undefined;
  /** SMTP server for outgoing mail; without it mails go to the dev mailbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  freeSignupCredits: number;
  /** One-time-code sends allowed per IP per 10 minutes. */
  otpSendLimitPerIp: number;
  /** Failed sign-ins (password or code) after which an IP waits out the 10-minute window. */
  loginFailureLimitPerIp: number;
  /** Where stored images live (DATA_DIR/files). */
  filesDir: string;
  /** Generation jobs one process runs at once, and how long a claim lasts without a heartbeat. */
  jobs: { concurrency: number; leaseMs: number };
  /** Image provider keys; unset ones leave their models listed but unavailable. */
  imageProviderKeys: ImageProviderKeys;
  version: string;
}

export interface ImageProviderKeys {
  bflApiKey: string | undefined;
  falKey: string | undefined;
  replicateApiToken: string | undefined;
  openaiApiKey: string | undefined;
  googleGenerativeAiApiKey: string | undefined;
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
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    filesDir: resolve(e.DATA_DIR, "files"),
    jobs: { concurrency: e.JOB_CONCURRENCY, leaseMs: e.JOB_LEASE_SECONDS * 1000 },
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    discordInviteUrl: e.DISCORD_INVITE_URL,
    supportEmail: e.SUPPORT_EMAIL,
    feedbackUrl: e.FEEDBACK_URL,
    logLevel: e.LOG_LEVEL,
    jsonBodyLimit: e.JSON_BODY_LIMIT,
    trustProxy: e.TRUST_PROXY,
    discordToken: e.DISCORD_TOKEN,
    waitlistLimitPerIp: e.WAITLIST_LIMIT_PER_IP,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    freeSignupCredits: e.FREE_SIGNUP_CREDITS,
    otpSendLimitPerIp: e.OTP_SEND_LIMIT_PER_IP,
    loginFailureLimitPerIp: e.LOGIN_FAILURE_LIMIT_PER_IP,
    imageProviderKeys: {
      bflApiKey: e.BFL_API_KEY,
      falKey: e.FAL_KEY,
      replicateApiToken: e.REPLICATE_API_TOKEN,
      openaiApiKey: e.OPENAI_API_KEY,
      googleGenerativeAiApiKey: e.GOOGLE_GENERATIVE_AI_API_KEY,
    },
    version,
  };
}

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
