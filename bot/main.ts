// The Discord companion. It needs DISCORD_TOKEN (and the guild/channel ids a later issue adds); without them it
// explains what is missing and exits, so `npm run bot` is never a silent no-op.
import { ConfigError, loadConfig } from "../server/config.ts";

try {
  const config = loadConfig();
  if (!config.discordToken) {
    console.error(
      [
        "The Thumbforge Discord bot is not configured.",
        "Set DISCORD_TOKEN to the bot token from the Discord developer portal (Bot → Reset Token),",
        "invite the bot to your server, then run `npm run bot` again. See .env.example.",
      ].join("\n"),
    );
    process.exit(1);
  }
  console.error("The Discord bot's commands arrive with the Discord issue; nothing to run yet.");
  process.exit(1);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
