import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

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
});
