import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { openDb, type OpenDb } from "../../db/open-db.ts";
import type { Config } from "../config.ts";
import { configureSharp } from "./sharp-settings.ts";
import type { Logger } from "../logger.ts";
import { createRedisLiveStreams } from "../chat/redis-live-streams.ts";
import { openCrossNodeRealtime } from "../realtime/cross-node.ts";
import { type App, createApp } from "./app.ts";

export { packageVersion } from "./package-version.ts";

export interface RunningNode extends App {
  /** The port HTTP listens on: the site's, or a worker's health probes. */
  port: number;
  database: OpenDb;
  /** Stops background work, closes sockets and HTTP, then the database. */
  stop(): Promise<void>;
}

/** Opens the database (PostgreSQL when configured, else PGlite in DATA_DIR/db), migrates, and starts this node's role. */
export async function startNode(config: Config, logger: Logger): Promise<RunningNode> {
  configureSharp();
  const database = await openDb(config.databaseUrl ? { url: config.databaseUrl, timeouts: config.databaseTimeouts } : { pgliteDir: join(config.dataDir, "db") });
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  const authSecret = config.authSecret ? undefined : keptAuthSecret(config.dataDir);
  const liveStreams = config.redisUrl ? await createRedisLiveStreams({ url: config.redisUrl, logger }) : undefined;
  const crossNode = await openCrossNodeRealtime({ databaseUrl: config.databaseUrl, redisUrl: config.redisUrl, logger });
  const app = createApp({ config, database, logger, crossNode, ...(authSecret ? { authSecret } : {}), ...(liveStreams ? { liveStreams } : {}) });
  const { http } = app;
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(config.port, config.host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  await app.startBackground();

  let closing: Promise<void> | undefined;
  return {
    ...app,
    port,
    database,
    stop: () => {
      closing ??= app
        .stop()
        .then(() => crossNode?.close())
        .then(() => database.close());
      return closing;
    },
  };
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
