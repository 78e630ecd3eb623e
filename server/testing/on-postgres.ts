import { describe, it } from "vitest";

type Mode = "run" | "skip" | "fail";

/**
 * Tests that only mean something on a real service: they run when its variable is set; without it they skip with
 * the reason in the test name and a console warning, and under CI=true they fail instead.
 */
function needing(variable: string, reason: string, kind: string) {
  const mode = (env: NodeJS.ProcessEnv = process.env): Mode => (env[variable] ? "run" : env.CI === "true" ? "fail" : "skip");
  const warnSkipped = (name: string) => console.warn(`\n⚠ SKIPPED ${kind} "${name}": ${reason}\n`);
  const fail = (name: string): never => {
    throw new Error(`"${name}" ${reason}. Failing because CI=true.`);
  };
  return {
    mode,
    it(name: string, fn: () => Promise<void>, timeout?: number): void {
      const current = mode();
      if (current === "run") it(name, fn, timeout);
      else if (current === "fail") it(`${name} [${reason}]`, () => fail(name));
      else {
        warnSkipped(name);
        it.skip(`${name} [skipped: ${reason}]`, fn);
      }
    },
    describe(name: string, fn: () => void): void {
      const current = mode();
      if (current === "run") describe(name, fn);
      else if (current === "fail") describe(name, () => it(`[${reason}]`, () => fail(name)));
      else {
        warnSkipped(name);
        describe.skip(`${name} [skipped: ${reason}]`, fn);
      }
    },
  };
}

// Concurrency tests (races, double spends, job claims) need a real PostgreSQL: PGlite runs one query at a time, so a
// racy implementation passes there.
const postgres = needing("TEST_DATABASE_URL", "needs PostgreSQL: set TEST_DATABASE_URL (PGlite runs one query at a time and hides races)", "concurrency test");
// What several nodes share through Redis needs a Redis server (CI runs one on 127.0.0.1:6379).
const redis = needing("TEST_REDIS_URL", "needs Redis: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)", "Redis test");

export const postgresMode = postgres.mode;
/** `it` for a test whose claim only holds under real concurrency. */
export const itOnPostgres = postgres.it;
/** `describe` for a block whose every test needs real concurrency. */
export const describeOnPostgres = postgres.describe;
/** `describe` for a block that needs Redis (and the PostgreSQL nodes share). */
export function describeOnRedisAndPostgres(name: string, fn: () => void): void {
  postgres.describe(name, () => redis.describe(name, fn));
}
