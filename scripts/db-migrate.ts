import { join } from "node:path";
import { loadConfig } from "../server/config.ts";
import { openDb } from "../db/open-db.ts";

const config = loadConfig();
const database = await openDb(config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: join(config.dataDir, "db") });
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
