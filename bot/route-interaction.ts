import type { Interaction } from "discord.js";
import { buttonFor } from "./button-list.ts";
import { commands } from "./command-list.ts";
import type { BotContext } from "./context.ts";
import { dispatch } from "./dispatch.ts";
import { messagesFor } from "./i18n.ts";
import { EPHEMERAL } from "./interaction.ts";
import { errorText } from "./replies.ts";

/**
 * Every interaction from the bot's server goes through here: slash commands, option suggestions and button presses.
 * Others (another server, a modal we never open) are ignored. A failure is answered in the member's language and
 * never thrown: one bad interaction must not stop the bot.
 */
export async function routeInteraction(interaction: Interaction, ctx: BotContext, guildId: string): Promise<void> {
  if (interaction.guildId !== guildId) return;
  if (interaction.isChatInputCommand()) return dispatch(interaction, ctx);
  if (interaction.isAutocomplete()) {
    const command = commands.get(interaction.commandName);
    try {
      await (command?.autocomplete ? command.autocomplete(interaction, ctx) : interaction.respond([]));
    } catch (err) {
      ctx.logger.warn({ err, command: interaction.commandName }, "could not offer suggestions");
    }
    return;
  }
  if (interaction.isButton()) {
    const button = buttonFor(interaction.customId);
    if (!button) return;
    try {
      await button.press(interaction, ctx);
    } catch (err) {
      const m = messagesFor(interaction.locale);
      const text = errorText(err, m);
      if (!text) ctx.logger.error({ err, button: button.prefix }, "a Discord button failed");
      const payload = { content: text ?? m.errors.unexpected, flags: EPHEMERAL };
      try {
        await (interaction.deferred || interaction.replied ? interaction.followUp(payload) : interaction.reply(payload));
      } catch (replyErr) {
        ctx.logger.warn({ err: replyErr }, "could not answer a Discord button");
      }
    }
  }
}
