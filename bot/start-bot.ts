import { openDb, type OpenDb } from "../db/open-db.ts";
import { hearOtherNodesWithoutSockets } from "../server/compose/hear-other-nodes.ts";
import { createServices, type Services } from "../server/compose/services.ts";
import { configureSharp } from "../server/compose/sharp-settings.ts";
import type { Config } from "../server/config.ts";
import type { EngineSet } from "../server/generation/engine.ts";
import type { Logger } from "../server/logger.ts";

export interface BotParts {
  services: Services;
  database: OpenDb;
  stop(): Promise<void>;
}

/**
 * The bot's door: the same services the web app runs on, over the same database, with no HTTP server and no sockets.
 * Its hub hears what the other nodes publish (an image finished by the app's worker), for the post job.
 * The database is the app's: the bot never migrates it, so it starts only against a database the app has set up.
 */
export async function startBot(config: Config, logger: Logger, database?: OpenDb, options: { engines?: EngineSet } = {}): Promise<BotParts> {
  // A process of its own that may render (it runs the generation worker over PGlite): the same decoders as the app.
  configureSharp();
  const db = database ?? (await openDb(config.databaseUrl ? { url: config.databaseUrl, timeouts: config.databaseTimeouts } : { pgliteDir: `${config.dataDir}/db` }));
  const services = createServices({ config, database: db, logger, ...(options.engines ? { engines: options.engines } : {}) });
  // The post job waits for events of images the app's worker makes in another process.
  const hearing = await hearOtherNodesWithoutSockets(services);
  return {
    services,
    database: db,
    async stop() {
      await hearing?.close();
      await services.close();
      if (!database) await db.close();
    },
  };
}
