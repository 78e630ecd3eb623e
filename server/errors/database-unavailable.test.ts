import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable.ts";
import { toAppError } from "./to-app-error.ts";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("database outages in the error handler", () => {
  it.each(["ECONNREFUSED", "CONNECT_TIMEOUT", "CONNECTION_ENDED", "CONNECTION_CLOSED", "57P01", "57P03", "08006", "57014"])(
    "%s is a 503 unavailable:database with Retry-After",
    (code) => {
      const err = toAppError(withCode(code, "terminating connection due to administrator command"));
      expect(err.status).toBe(503);
      expect(err.code).toBe("unavailable:database");
      expect(err.retryAfterSeconds).toBe(5);
      expect(err.message).not.toContain("administrator");
    },
  );

  it("looks through Drizzle's wrapper to the driver's error", () => {
    const wrapped = new DrizzleQueryError("select 1", [], withCode("CONNECT_TIMEOUT"));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(toAppError(wrapped).status).toBe(503);
  });

  it("leaves query errors that are bugs as 500", () => {
    expect(isDatabaseUnavailable(withCode("23505"))).toBe(false); // unique_violation
    expect(isDatabaseUnavailable(withCode("42P01"))).toBe(false); // undefined_table
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(toAppError(withCode("42P01")).status).toBe(500);
  });
});
