import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { openDb, type OpenDb } from "../db/open-db.ts";
import { type App, createApp } from "./app.ts";
import type { Config } from "./config.ts";
import { configureSharp } from "./images/sharp-settings.ts";
import type { Logger } from "./logger.ts";

export const packageVersion: string = (
  JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string }
).version;

export interface RunningServer extends App {
  port: number;
  database: OpenDb;
  stop(): Promise<void>;
}

/** Opens the database (PostgreSQL when configured, else PGlite in DATA_DIR/db), migrates, and listens. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  configureSharp();
  const database = await openDb(config.databaseUrl ? { url: config.databaseUrl, timeouts: config.databaseTimeouts } : { pgliteDir: join(config.dataDir, "db") });
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  const authSecret = config.authSecret ? undefined : keptAuthSecret(config.dataDir);
  const parts = createApp({ config, database, logger, ...(authSecret ? { authSecret } : {}) });
  await new Promise<void>((resolve, reject) => {
    parts.http.once("error", reject);
    parts.http.listen(config.port, config.host, () => resolve());
  });
  const port = (parts.http.address() as AddressInfo).port;
  await parts.startBackground();

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // Stop accepting, close sockets (io.close also closes the HTTP server), then the database.
      await parts.stopBackground();
      parts.http.closeIdleConnections();
      await new Promise<void>((resolve) => parts.io.close(() => resolve()));
      await database.close();
    })();
    return stopping;
  };
  return { ...parts, port, database, stop };
}

/**
 * Without AUTH_SECRET, a generated key kept in DATA_DIR/auth-secret (mode 0600), so pending sign-in codes survive a
 * restart. Several nodes must share AUTH_SECRET instead.
 */
function keptAuthSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, "auth-secret");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const key = new Uint8Array(32);
    crypto.getRandomValues(key);
    writeFileSync(file, Buffer.from(key).toString("hex"), { mode: 0o600, flag: "wx" });
  }
  return new Uint8Array(Buffer.from(readFileSync(file, "utf8").trim(), "hex"));
}
