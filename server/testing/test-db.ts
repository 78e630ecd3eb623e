import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type OpenDb, openDb } from "../../db/open-db.ts";

/**
 * A fresh, migrated database for one test file: a new PostgreSQL database on TEST_DATABASE_URL's server when
 * that is set (CI), else an in-memory PGlite. `close()` drops what it made.
 */
export async function openTestDb(): Promise<OpenDb> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDb({ memory: true });
    await database.migrate();
    return database;
  }
  const name = `tf_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDb({ url: url.href });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
