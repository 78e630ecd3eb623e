import type { Messages } from "./locales/messages.ts";
import type { CommandInteraction, ReplyPayload } from "./interaction.ts";
import { EPHEMERAL } from "./interaction.ts";

/** The code of a service's AppError (`conflict:discord_linked`…), read without loading the server's error class. */
function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

/** A failure as the member reads it, in their language; undefined for a bug (logged, answered generically). */
export function errorText(err: unknown, m: Messages): string | undefined {
  const code = codeOf(err) ?? "";
  if (code.startsWith("rate_limited:")) {
    const seconds = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
    return m.errors.rateLimited({ seconds: typeof seconds === "number" ? seconds : 600 });
  }
  switch (code) {
    case "invalid:email":
      return m.errors.invalidEmail;
    case "invalid:code":
      return m.errors.invalidCode;
    case "unauthorized:code":
      return m.errors.wrongCode;
    case "invalid:discord_link":
      return m.errors.noPendingLink;
    case "conflict:discord_linked":
      return m.errors.alreadyLinked;
    case "conflict:discord_account_linked":
      return m.errors.accountLinkedElsewhere;
    case "unauthorized:discord_link":
      return m.notLinked;
    case "unavailable:mail":
      return m.errors.mailUnavailable;
    case "unavailable:database":
      return m.errors.databaseUnavailable;
    case "not_found:image":
      return m.serviceErrors.imageNotFound;
    case "unprocessable:image":
      return m.serviceErrors.imageNotReady;
    case "not_found:persona":
      return m.serviceErrors.personaGone;
    case "not_found:style_kit":
      return m.serviceErrors.styleKitNotFound;
    case "insufficient_credits:generation":
      return m.serviceErrors.outOfCredits;
    case "not_configured:model":
    case "invalid:model":
      return m.serviceErrors.modelUnavailable;
    case "invalid:model_personas":
      return m.serviceErrors.modelNoPersonas;
    case "invalid:model_base_image":
      return m.serviceErrors.modelCannotEdit;
    case "unprocessable:relay":
      return m.serviceErrors.cannotRelayout;
    case "unavailable:feed_check_busy":
    case "unavailable:style_kit_busy": {
      const seconds = (err as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      return m.serviceErrors.busy({ seconds: typeof seconds === "number" ? seconds : 5 });
    }
    case "conflict:discord_not_linked":
      return m.notLinked;
    case "conflict:community_poll_closed":
      return m.polls.closed;
    case "not_found:community_poll":
      return m.polls.gone;
    case "unavailable:discord_feedback":
      return m.polls.notConfigured;
    case "unprocessable:community_poll_images":
      return m.polls.notReady;
    case "not_found:pack":
    case "not_found:comparison":
      return m.polls.itemGone;
    default:
      return undefined;
  }
}

/** Answers whatever state the interaction is in: a first reply, or the edit of a deferred one. */
export async function answer(interaction: CommandInteraction, payload: ReplyPayload): Promise<void> {
  if (interaction.deferred || interaction.replied) await interaction.editReply(payload);
  else await interaction.reply({ ...payload, flags: (payload.flags ?? 0) | EPHEMERAL });
}

/** Discord's longest message. */
export const MESSAGE_MAX = 2000;

/** A text cut to what one message holds. */
export const fitMessage = (text: string, max = MESSAGE_MAX): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
