import { commands } from "./command-list.ts";
import type { BotContext } from "./context.ts";
import { messagesFor } from "./i18n.ts";
import type { CommandInteraction } from "./interaction.ts";
import { answer, errorText } from "./replies.ts";

/**
 * Runs the command an interaction names and turns every failure into a clear answer in the member's language: a
 * known one (not linked, a wrong code, out of credits…) in its own words, anything else generically, and logged.
 * Never rejects: one bad interaction (or one Discord refuses to hear the answer to) must not stop the bot.
 */
export async function dispatch(interaction: CommandInteraction, ctx: BotContext): Promise<void> {
  const m = messagesFor(interaction.locale);
  try {
    const command = commands.get(interaction.commandName);
    // A command Discord still lists but this build no longer has (registered by another version).
    if (!command) return void (await answer(interaction, { content: m.errors.unexpected }));
    await command.execute(interaction, ctx);
  } catch (err) {
    const text = errorText(err, m);
    if (!text) ctx.logger.error({ err, command: interaction.commandName }, "a Discord command failed");
    try {
      await answer(interaction, { content: text ?? m.errors.unexpected });
    } catch (replyErr) {
      // The interaction expired or Discord is unreachable: nothing more to tell the member.
      ctx.logger.warn({ err: replyErr }, "could not answer a Discord command");
    }
  }
}
