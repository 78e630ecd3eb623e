import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { OpenDb } from "../../db/open-db.ts";
import { type AppDeps, createApp } from "../compose/app.ts";
import type { HttpDoor } from "../compose/http.ts";
import type { Services } from "../compose/services.ts";
import type { JobRunner } from "../jobs/runner.ts";
import { type Config, loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { openTestDb } from "./test-db.ts";

export interface TestServer extends Pick<HttpDoor, "app" | "http" | "io"> {
  url: string;
  database: OpenDb;
  config: Config;
  services: Services;
  jobs: JobRunner;
  close(): Promise<void>;
}

/** The real app (ROLE=all) on a real database and a real port 0; only what lies outside the machine is ever swapped. */
export async function startTestServer(
  options: { env?: Record<string, string>; deps?: Partial<AppDeps>; database?: OpenDb; host?: string } = {},
): Promise<TestServer> {
  // Stored files go to a temp folder of this server's own, removed on close.
  const dataDir = mkdtempSync(join(tmpdir(), "tf-test-"));
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir, ...options.env, ROLE: "all" }, "test");
  const database = options.database ?? (await openTestDb());
  const parts = createApp({ config, database, logger: createLogger(config), ...options.deps });
  if (!parts.web || !parts.worker) throw new Error("ROLE=all composes both doors");
  const { web, worker } = parts;
  await new Promise<void>((resolve) => web.http.listen(0, options.host ?? "127.0.0.1", resolve));
  const { port } = web.http.address() as AddressInfo;
  await parts.startBackground();
  return {
    app: web.app,
    http: web.http,
    io: web.io,
    services: parts.services,
    jobs: worker.jobs,
    url: `http://127.0.0.1:${port}`,
    database,
    config,
    close: async () => {
      await parts.stop();
      if (!options.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
