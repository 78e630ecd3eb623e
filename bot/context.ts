import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from "discord.js";
import type { DiscordPosts } from "../server/compose/discord-posts.ts";
import type { Services } from "../server/compose/services.ts";
import type { Logger } from "../server/logger.ts";
import type { AutocompleteRequest, ButtonPress, CommandInteraction } from "./interaction.ts";

/** Gives the community server's Early Bird role; false when the member or the role cannot be found. */
export interface EarlyBirdRoles {
  give(discordUserId: string): Promise<boolean>;
}

/** What every command runs on: the app's services (never its HTTP API), the post queue and the Discord server's roles. */
export interface BotContext {
  services: Services;
  posts: DiscordPosts;
  roles: EarlyBirdRoles;
  logger: Logger;
}

/** One slash command: its definition (registered by `npm run bot:commands`) and what it does. */
export interface BotCommand {
  data: { name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  execute(interaction: CommandInteraction, ctx: BotContext): Promise<void>;
  /** Suggestions for an option marked `setAutocomplete(true)`; Discord shows at most 25. */
  autocomplete?(interaction: AutocompleteRequest, ctx: BotContext): Promise<void>;
}

/** What a message button does when pressed: its custom id starts with `<prefix>:`. */
export interface BotButton {
  prefix: string;
  press(interaction: ButtonPress, ctx: BotContext): Promise<void>;
}
