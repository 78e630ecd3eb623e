import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, settingDefaults, startWarnings } from "./config.ts";

describe("loadConfig", () => {
  it("works with no configuration at all (embedded defaults)", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
  });

  it("refuses bad values and names every bad variable", () => {
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SUPPORT_EMAIL: "nope" });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as ConfigError).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("SUPPORT_EMAIL");
    }
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ DATABASE_URL: "" }).databaseUrl).toBeUndefined();
  });

  it("reads the account settings and refuses bad ones", () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ freeSignupCredits: 10, otpSendLimitPerIp: 20, loginFailureLimitPerIp: 10, smtpUrl: undefined, authSecret: undefined });
    expect(loadConfig({ SMTP_URL: "smtps://u:p@mail.example.com:465", FREE_SIGNUP_CREDITS: "0" })).toMatchObject({
      smtpUrl: "smtps://u:p@mail.example.com:465",
      freeSignupCredits: 0,
    });
    try {
      loadConfig({ AUTH_SECRET: "short", SMTP_URL: "http://mail.example.com", FREE_SIGNUP_CREDITS: "-1" });
      expect.unreachable();
    } catch (err) {
      const message = (err as ConfigError).message;
      for (const name of ["AUTH_SECRET", "SMTP_URL", "FREE_SIGNUP_CREDITS"]) expect(message).toContain(name);
    }
  });

  it("reads the database timeouts and refuses bad ones", () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({ connectTimeoutSeconds: 5, statementTimeoutMs: 15_000, idleTimeoutSeconds: 60 });
    expect(loadConfig({ DB_CONNECT_TIMEOUT_SECONDS: "2", DB_STATEMENT_TIMEOUT_MS: "0", DB_IDLE_TIMEOUT_SECONDS: "30" }).databaseTimeouts).toEqual({
      connectTimeoutSeconds: 2,
      statementTimeoutMs: 0,
      idleTimeoutSeconds: 30,
    });
    try {
      loadConfig({ DB_CONNECT_TIMEOUT_SECONDS: "0", DB_STATEMENT_TIMEOUT_MS: "-5", DB_IDLE_TIMEOUT_SECONDS: "soon" });
      expect.unreachable();
    } catch (err) {
      const message = (err as ConfigError).message;
      for (const name of ["DB_CONNECT_TIMEOUT_SECONDS", "DB_STATEMENT_TIMEOUT_MS", "DB_IDLE_TIMEOUT_SECONDS"]) expect(message).toContain(name);
    }
  });

  it("reads the image provider settings with their defaults", () => {
    const { imageProviders } = loadConfig({});
    expect(imageProviders.keys).toEqual({
      bflApiKey: undefined,
      falKey: undefined,
      replicateApiToken: undefined,
      openaiApiKey: undefined,
      googleGenerativeAiApiKey: undefined,
    });
    expect(imageProviders.models).toMatchObject({
      bflKontextPro: "flux-kontext-pro",
      falKontextMax: "fal-ai/flux-pro/kontext/max",
      replicateKontextPro: "black-forest-labs/flux-kontext-pro",
      openaiImage: "gpt-image-1",
      googleFlashImage: "gemini-3.1-flash-image",
    });
    expect(imageProviders.baseUrls.openai).toBeUndefined();
    expect(imageProviders.resultHosts).toEqual(expect.arrayContaining(["fal.media", "replicate.delivery", "delivery-eu1.bfl.ai"]));
    expect(imageProviders).toMatchObject({ requestTimeoutMs: 120_000, resultTimeoutMs: 30_000, resultMaxBytes: 20 * 1024 * 1024 });

    const custom = loadConfig({
      OPENAI_IMAGE_MODEL: "gpt-image-1.5",
      BFL_BASE_URL: "https://api.eu.bfl.ai/v1",
      IMAGE_RESULT_HOSTS: " cdn.example.com , http://127.0.0.1:8080 ",
      IMAGE_RESULT_TIMEOUT_MS: "5000",
    }).imageProviders;
    expect(custom.models.openaiImage).toBe("gpt-image-1.5");
    expect(custom.baseUrls.bfl).toBe("https://api.eu.bfl.ai/v1");
    expect(custom.resultHosts).toEqual(["cdn.example.com", "http://127.0.0.1:8080"]);
    expect(custom.resultTimeoutMs).toBe(5000);
  });

  it("refuses bad image provider settings, naming each", () => {
    try {
      loadConfig({
        GOOGLE_PRO_IMAGE_MODEL: "imagen-4.0-generate-001",
        OPENAI_BASE_URL: "ftp://example.com",
        IMAGE_RESULT_HOSTS: "fal.media,https://cdn.example.com/path",
        IMAGE_RESULT_MAX_BYTES: "-1",
        FAL_KONTEXT_PRO_MODEL: "fal ai kontext",
      });
      expect.unreachable();
    } catch (err) {
      const message = (err as ConfigError).message;
      for (const name of ["GOOGLE_PRO_IMAGE_MODEL", "OPENAI_BASE_URL", "IMAGE_RESULT_HOSTS", "IMAGE_RESULT_MAX_BYTES", "FAL_KONTEXT_PRO_MODEL"]) {
        expect(message).toContain(name);
      }
    }
  });
  it("splits roles only on a shared PostgreSQL", () => {
    expect(() => loadConfig({ ROLE: "worker" })).toThrow(/ROLE: web and worker need DATABASE_URL/);
    expect(loadConfig({ ROLE: "web", DATABASE_URL: "postgres://db.example.com/thumbforge" }).role).toBe("web");
    expect(loadConfig({}).role).toBe("all");
  });

  it("warns the operator at start of production without PUBLIC_URL (share previews would be relative), and only then", () => {
    const production = { NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com:587" };
    expect(startWarnings(loadConfig(production))).toEqual([expect.stringMatching(/^PUBLIC_URL is not set: .*og:image/)]);
    expect(startWarnings(loadConfig({ ...production, PUBLIC_URL: "https://thumbs.example" }))).toEqual([]);
    expect(startWarnings(loadConfig({}))).toEqual([]);
  });

  it("refuses production without SMTP_URL, naming the setting", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/SMTP_URL: must be set when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com:587" }).isProduction).toBe(true);
  });

  it("reads credit packs and the Pro plan, and names a pack list that does not read", () => {
    const config = loadConfig({ CREDIT_PACKS: " a:10:100:USD , b-2:20:250:inr ", PRO_PLAN_CURRENCY: "INR" });
    expect(config.pricing.packs).toEqual([
      { id: "a", credits: 10, price: 100, currency: "usd" },
      { id: "b-2", credits: 20, price: 250, currency: "inr" },
    ]);
    expect(config.pricing.pro.currency).toBe("inr");
    expect(loadConfig({}).pricing.packs.length).toBeGreaterThan(0);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_WEBHOOK_SECRET: Stripe needs both/);
    expect(loadConfig({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" }).stripe).toMatchObject({ secretKey: "sk_test_1" });
    for (const bad of ["a:10:100", "a:0:100:usd", "a:10:100:usd,a:20:200:usd", "", "a:10:1.5:usd"]) {
      expect(() => loadConfig({ CREDIT_PACKS: bad }), bad).toThrow(/CREDIT_PACKS: must be a comma list/);
    }
  });

  it("reads S3 storage settings: off without a bucket, path style by default only with an endpoint", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ S3_BUCKET: "thumbs" }).s3).toEqual({ bucket: "thumbs", region: "us-east-1", endpoint: undefined, forcePathStyle: false, credentials: undefined });
    expect(
      loadConfig({ S3_BUCKET: "thumbs", S3_ENDPOINT: "http://127.0.0.1:9000", S3_REGION: "auto", S3_ACCESS_KEY_ID: "AKIA1", S3_SECRET_ACCESS_KEY: "secret1" }).s3,
    ).toEqual({ bucket: "thumbs", region: "auto", endpoint: "http://127.0.0.1:9000", forcePathStyle: true, credentials: { accessKeyId: "AKIA1", secretAccessKey: "secret1" } });
    expect(loadConfig({ S3_BUCKET: "thumbs", S3_ENDPOINT: "https://acct.r2.cloudflarestorage.com", S3_FORCE_PATH_STYLE: "false" }).s3?.forcePathStyle).toBe(false);
    expect(loadConfig({ S3_BUCKET: "thumbs", S3_FORCE_PATH_STYLE: "TRUE" }).s3?.forcePathStyle).toBe(true);
  });

  it("refuses half an S3 key pair, a bad endpoint and S3 settings without a bucket, naming each", () => {
    expect(() => loadConfig({ S3_BUCKET: "thumbs", S3_ACCESS_KEY_ID: "AKIA1" })).toThrow(/S3_SECRET_ACCESS_KEY: S3 needs both/);
    expect(() => loadConfig({ S3_BUCKET: "thumbs", S3_SECRET_ACCESS_KEY: "secret1" })).toThrow(/S3_ACCESS_KEY_ID: S3 needs both/);
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET: must be set when S3_ENDPOINT is set/);
    try {
      loadConfig({ S3_BUCKET: "a/b", S3_ENDPOINT: "minio:9000", S3_REGION: "US East", S3_FORCE_PATH_STYLE: "yes" });
      expect.unreachable();
    } catch (err) {
      const message = (err as ConfigError).message;
      for (const name of ["S3_BUCKET", "S3_ENDPOINT", "S3_REGION", "S3_FORCE_PATH_STYLE"]) expect(message).toContain(`${name}:`);
    }
  });

  it("is declared once: README.md and .env.example list every setting, with the schema's default", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const example = readFileSync(new URL("../.env.example", import.meta.url), "utf8");
    const exampleValues = new Map(
      example
        .split("\n")
        .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
        .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)] as const),
    );
    const defaults = settingDefaults();
    expect([...exampleValues.keys()].sort()).toEqual(Object.keys(defaults).sort());
    for (const [name, fallback] of Object.entries(defaults)) {
      expect(exampleValues.get(name), name).toBe(fallback ?? "");
      const row = readme.split("\n").find((line) => line.startsWith("|") && line.split("|")[1]?.includes(`\`${name}\``));
      expect(row, `README.md settings table row for ${name}`).toBeDefined();
      const [names, documented] = (row ?? "").split("|").slice(1, 3);
      // A row of one setting shows its default exactly; rows that group settings list their defaults in order.
      if (fallback !== undefined && names?.split(",").length === 1 && name !== "IMAGE_RESULT_HOSTS") expect(documented?.trim(), name).toBe(`\`${fallback}\``);
    }
  });
});
