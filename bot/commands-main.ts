import { packageVersion } from "../server/compose/package-version.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { BotSettingsError, commandSettingsFrom } from "./bot-config.ts";
import { registerCommands } from "./register-commands.ts";

// `npm run bot:commands`: registers the bot's slash commands on DISCORD_GUILD_ID (README, Discord bot).
try {
  const settings = commandSettingsFrom(loadConfig(process.env, packageVersion));
  const names = await registerCommands(settings);
  console.log(`Registered ${names.length} slash commands on the server: ${names.map((n) => `/${n}`).join(", ")}.`);
} catch (err) {
  if (err instanceof ConfigError || err instanceof BotSettingsError) {
    console.error(`The Thumbforge bot's commands cannot be registered.\n${err.message}\nSee .env.example for every setting.`);
    process.exit(1);
  }
  throw err;
}
