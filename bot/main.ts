import { packageVersion } from "../server/compose/package-version.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { startBot } from "./start-bot.ts";

// The Discord companion's commands are not built yet. `npm run bot` checks its settings and that it can reach the
// app's services, then says plainly that there is nothing more to run, so no one mistakes it for a bot that runs
// and does nothing.
let config;
try {
  config = loadConfig(process.env, packageVersion);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`The Thumbforge bot cannot start.\n${err.message}\nSee .env.example for every setting.`);
    process.exit(1);
  }
  throw err;
}
if (!config.discordToken) {
  console.error("The Thumbforge bot needs DISCORD_TOKEN (see .env.example).");
  process.exit(1);
}
const logger = createLogger(config);
const bot = await startBot(config, logger);
const reachable = await bot.database.ping();
await bot.stop();
console.error(
  [
    reachable ? "The bot reached the app's services and database." : "The bot could not reach the app's database.",
    "Its Discord commands are not built yet: there is nothing more to run. Everything that exists today runs with `npm start`.",
  ].join("\n"),
);
process.exit(1);
