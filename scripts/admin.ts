import { join } from "node:path";
import { openDb } from "../db/open-db.ts";
import { createCreditsService } from "../server/credits/service.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { AppError } from "../server/errors/app-error.ts";
import { createLogger } from "../server/logger.ts";
import { REFUNDS_USAGE, runRefundsCommand } from "../server/payments/admin-refunds.ts";
import { createRefundService } from "../server/payments/refunds.ts";
import { createStripeGateway } from "../server/payments/stripe-gateway.ts";

// Support's commands, run beside the app on its database: `npm run admin -- refunds list|approve|reject`. With the
// embedded database (no DATABASE_URL) stop the app first: PGlite opens in one process at a time.
const [area, ...args] = process.argv.slice(2);
if (area !== "refunds") {
  console.error(REFUNDS_USAGE);
  process.exit(2);
}
let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const logger = createLogger({ ...config, logLevel: "warn" });
const database = await openDb(config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: join(config.dataDir, "db") });
try {
  await database.migrate();
  // A separate process: the balance reaches open tabs on their next read, not over their sockets.
  const credits = createCreditsService({ db: database.db, freeSignupCredits: config.freeSignupCredits, realtime: { toUser: () => {}, disconnectSessions: () => {} } });
  const refunds = createRefundService({ db: database.db, credits, stripe: config.stripe ? createStripeGateway(config.stripe) : undefined, logger, clock: Date.now });
  for (const line of await runRefundsCommand(args, refunds)) console.log(line);
} catch (err) {
  if (!(err instanceof AppError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
