import { describe, expect, it } from "vitest";
import { postgresMode } from "./on-postgres.ts";

describe("where concurrency tests run", () => {
  it("runs them on PostgreSQL, skips them without it, and fails them under CI=true without it", () => {
    expect(postgresMode({ TEST_DATABASE_URL: "postgres://127.0.0.1/x" })).toBe("run");
    expect(postgresMode({ TEST_DATABASE_URL: "postgres://127.0.0.1/x", CI: "true" })).toBe("run");
    expect(postgresMode({})).toBe("skip");
    expect(postgresMode({ CI: "false" })).toBe("skip");
    expect(postgresMode({ CI: "true" })).toBe("fail");
    expect(postgresMode({ CI: "true", TEST_DATABASE_URL: "" })).toBe("fail");
  });
});
