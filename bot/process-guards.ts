import type { Logger } from "../server/logger.ts";

/**
 * The bot's process outlives any one interaction: a promise nobody awaited that fails (a reply Discord refused, a
 * handler's stray rejection) is logged and the bot keeps serving, instead of Node ending the process.
 */
export function keepRunningOnRejection(target: Pick<NodeJS.Process, "on">, logger: Pick<Logger, "error">): void {
  target.on("unhandledRejection", (reason) => logger.error({ err: reason }, "an unhandled rejection in the Discord bot; it keeps running"));
}
