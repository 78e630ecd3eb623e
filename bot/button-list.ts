import { voteButton } from "./buttons/vote.ts";
import { packButton } from "./commands/pack.ts";
import type { BotButton } from "./context.ts";

/** Every message button the bot answers, by the prefix of its custom id (`<prefix>:<data>`). */
export const buttons: ReadonlyMap<string, BotButton> = new Map(([packButton, voteButton] as BotButton[]).map((b) => [b.prefix, b]));

/** The button a custom id names, if it is one of ours. */
export const buttonFor = (customId: string): BotButton | undefined => buttons.get(customId.split(":", 1)[0] ?? "");
