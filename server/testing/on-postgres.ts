import { describe, it } from "vitest";

/**
 * Concurrency tests (races, double spends, job claims) need a real PostgreSQL: PGlite runs one query at a time,
 * so a racy implementation passes there. These wrappers run the test only when TEST_DATABASE_URL is set; without
 * it they skip with the reason in the test name and a console warning, and under CI=true they fail instead.
 */
const reason = "needs PostgreSQL: set TEST_DATABASE_URL (PGlite runs one query at a time and hides races)";

type Mode = "run" | "skip" | "fail";

export function postgresMode(env: NodeJS.ProcessEnv = process.env): Mode {
  if (env.TEST_DATABASE_URL) return "run";
  return env.CI === "true" ? "fail" : "skip";
}

function warnSkipped(name: string): void {
  console.warn(`\n⚠ SKIPPED concurrency test "${name}": ${reason}\n`);
}

function failWithoutPostgres(name: string): never {
  throw new Error(`"${name}" ${reason}. Failing because CI=true.`);
}

/** `it` for a test whose claim only holds under real concurrency. */
export function itOnPostgres(name: string, fn: () => Promise<void>, timeout?: number): void {
  const mode = postgresMode();
  if (mode === "run") it(name, fn, timeout);
  else if (mode === "fail") it(`${name} [${reason}]`, () => failWithoutPostgres(name));
  else {
    warnSkipped(name);
    it.skip(`${name} [skipped: ${reason}]`, fn);
  }
}

/** `describe` for a block whose every test needs real concurrency. */
export function describeOnPostgres(name: string, fn: () => void): void {
  const mode = postgresMode();
  if (mode === "run") describe(name, fn);
  else if (mode === "fail") describe(name, () => it(`[${reason}]`, () => failWithoutPostgres(name)));
  else {
    warnSkipped(name);
    describe.skip(`${name} [skipped: ${reason}]`, fn);
  }
}
