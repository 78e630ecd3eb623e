import { packageVersion } from "../server/compose/package-version.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { BotSettingsError, botSettingsFrom } from "./bot-config.ts";
import { keepRunningOnRejection } from "./process-guards.ts";
import { runBot } from "./run-bot.ts";

// `npm run bot`: the Discord companion, its own process on the app's services and database (README, Discord bot).
let config;
let settings;
try {
  config = loadConfig(process.env, packageVersion);
  settings = botSettingsFrom(config);
} catch (err) {
  if (err instanceof ConfigError || err instanceof BotSettingsError) {
    console.error(`The Thumbforge bot cannot start.\n${err.message}\nSee .env.example for every setting.`);
    process.exit(1);
  }
  throw err;
}
const logger = createLogger(config).child({ process: "bot" });
keepRunningOnRejection(process, logger);
const bot = await runBot({ config, settings, logger });

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    logger.info({ signal }, "Discord bot stopping");
    bot.stop().then(
      () => process.exit(0),
      (err: unknown) => (logger.error({ err }, "Discord bot did not stop cleanly"), process.exit(1)),
    );
  });
}

try {
  await bot.ready;
} catch (err) {
  logger.error({ err }, "the Discord bot could not start");
  await bot.stop().catch((stopErr: unknown) => logger.error({ err: stopErr }, "Discord bot did not stop cleanly"));
  process.exit(1);
}
