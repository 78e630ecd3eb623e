import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDb } from "../db/open-db.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** An embedded database folder with every migration applied, that each spec's app starts from a copy of. */
    migratedPgliteDir: string;
  }
}

/**
 * Vitest global setup for the browser specs: migrates one embedded database per run, so each app a spec starts
 * copies a folder instead of replaying every migration on PGlite (seconds each on a busy machine). CI's smoke test
 * of `npm start` still migrates from nothing.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), "tf-e2e-db-"));
  try {
    const database = await openDb({ pgliteDir: join(dir, "db") });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  project.provide("migratedPgliteDir", join(dir, "db"));
  return () => rmSync(dir, { recursive: true, force: true });
}
