import { check } from "./commands/check.ts";
import { credits } from "./commands/credits.ts";
import { edit } from "./commands/edit.ts";
import { help } from "./commands/help.ts";
import { link } from "./commands/link.ts";
import { pack } from "./commands/pack.ts";
import { personas } from "./commands/personas.ts";
import { style } from "./commands/style.ts";
import { thumbnail } from "./commands/thumbnail.ts";
import { verify } from "./commands/verify.ts";
import { vote } from "./commands/vote.ts";
import type { BotCommand } from "./context.ts";

/** Every slash command the bot has, by name: what `npm run bot:commands` registers and the bot answers. */
export const commands: ReadonlyMap<string, BotCommand> = new Map([help, credits, link, verify, thumbnail, pack, check, edit, personas, style, vote].map((c) => [c.data.name, c]));

/** The definitions as Discord's API takes them (validated by discord.js's builders as they are made). */
export const commandDefinitions = () => [...commands.values()].map((c) => c.data.toJSON());
