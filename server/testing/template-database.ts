import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import postgres from "postgres";
import { openDb } from "../../db/open-db.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PostgreSQL database each test file copies (CREATE DATABASE … TEMPLATE), or "" without PostgreSQL. */
    templateDatabase: string;
  }
}

/**
 * Vitest global setup: migrates one database per run on TEST_DATABASE_URL's server, so each test file copies it in a
 * fraction of a second instead of replaying every migration. The name is this run's own, so runs side by side on one
 * server never share or drop each other's template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    project.provide("templateDatabase", "");
    return async () => {};
  }
  const name = `tf_template_${randomBytes(4).toString("hex")}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  try {
    const database = await openDb({ url: url.href });
    try {
      await database.migrate();
    } finally {
      // A copy is refused while anyone is connected to the template.
      await database.close();
    }
  } catch (err) {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    throw err;
  }
  project.provide("templateDatabase", name);
  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
}
