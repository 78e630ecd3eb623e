import { randomBytes } from "node:crypto";
import postgres from "postgres";

export interface ScratchDatabase {
  url: string;
  /** Drops the database, closing whatever connections are still on it. */
  drop(): Promise<void>;
}

/**
 * A new database on the PostgreSQL server at `serverUrl`, for processes a test or a bench starts on it: empty, or a
 * copy of `template` (a migrated one, see template-database.ts).
 */
export async function createScratchDatabase(serverUrl: string, prefix: string, template?: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
