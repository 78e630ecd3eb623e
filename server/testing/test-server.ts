import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OpenDb } from "../../db/open-db.ts";
import { type App, type AppDeps, createApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { openTestDb } from "./test-db.ts";

export interface TestServer extends App {
  url: string;
  database: OpenDb;
  config: Config;
  close(): Promise<void>;
}

/** The real app on a real database and a real port 0; only what lies outside the machine is ever swapped. */
export async function startTestServer(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps>; database?: OpenDb; host?: string } = {},
): Promise<TestServer> {
  // Stored files go to a temp folder of this server's own, removed on close.
  const dataDir = mkdtempSync(join(tmpdir(), "tf-test-"));
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...options.env }, "test");
  const database = options.database ?? (await openTestDb());
  const parts = createApp({ config, database, logger: createLogger(config), ...options.deps });
  await new Promise<void>((resolve) => parts.http.listen(0, options.host ?? "127.0.0.1", resolve));
  const { port } = parts.http.address() as AddressInfo;
  await parts.startBackground();
  return {
    ...parts,
    url: `http://127.0.0.1:${port}`,
    database,
    config,
    close: async () => {
      await parts.stopBackground();
      await new Promise<void>((resolve) => parts.io.close(() => resolve()));
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
