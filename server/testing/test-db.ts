import { inject } from "vitest";
import { type DbTimeouts, type OpenDb, openDb } from "../../db/open-db.ts";
import { createScratchDatabase } from "./scratch-database.ts";

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database on TEST_DATABASE_URL's server when
 * that is set (CI), copied from the run's migrated template, else an in-memory PGlite. `close()` drops what it made. On PostgreSQL, `via` connects through
 * another host and port (a proxy a test can cut) and `timeouts` replaces the defaults.
 */
export async function openTestDb(options: { via?: { host: string; port: number }; timeouts?: DbTimeouts } = {}): Promise<OpenDb> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDb({ memory: true });
    await database.migrate();
    return database;
  }
  // Copied from the template when the run made one; migrating below then finds nothing left to apply.
  const scratch = await createScratchDatabase(base, "tf_test", inject("templateDatabase") || undefined);
  const url = new URL(scratch.url);
  if (options.via) {
    url.hostname = options.via.host;
    url.port = String(options.via.port);
  }
  const database = await openDb({ url: url.href, ...(options.timeouts ? { timeouts: options.timeouts } : {}) });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
